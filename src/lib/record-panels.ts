/**
 * Record panels: the extension point by which a module adds a part to another module's screen
 * without the two importing each other (a feature never imports another feature). A host screen
 * names itself (`sites`, a site's sheet; `emergency-site`, the emergency dialog's chosen site)
 * and renders <RecordPanels host=… recordId=… /> (components/module/RecordPanels.tsx); a module
 * registers its panels for that host in its start function, each one's code loaded the first
 * time a host shows it (the shell's entry carries this list only).
 */
import type { ComponentType } from 'react';

export interface RecordPanel {
  /** Unique among the host's panels (`contactV2.site-contacts`). */
  id: string;
  /** Smaller first. */
  order: number;
  /** The panel's component, in the module's own chunk. */
  load: () => Promise<ComponentType<{ recordId: string }>>;
  /** Whether the session may see it (its module's read right), checked at each render; default yes. */
  enabled?: () => boolean;
}

const panels = new Map<string, RecordPanel[]>();
const listeners = new Set<() => void>();

/** Registers (or replaces, by id) a panel of `host`; answers the function that removes it. */
export function registerRecordPanel(host: string, panel: RecordPanel): () => void {
  const list = (panels.get(host) ?? []).filter((p) => p.id !== panel.id);
  // Ids are code, not words: compared as strings. localeCompare's first call builds the
  // collator, 15 ms of a phone's start in the modules' starts (a Lighthouse trace).
  panels.set(host, [...list, panel].sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));
  for (const listener of listeners) listener();
  return () => {
    panels.set(host, (panels.get(host) ?? []).filter((p) => p !== panel));
    for (const listener of listeners) listener();
  };
}

/** The panels of `host`, in order. */
export const recordPanels = (host: string): readonly RecordPanel[] => panels.get(host) ?? [];

/** Called when a panel is registered or removed (useSyncExternalStore). */
export function onRecordPanelsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let version = 0;
onRecordPanelsChange(() => (version += 1));
/** A number that changes with the registry (the snapshot of useSyncExternalStore). */
export const recordPanelsVersion = (): number => version;
