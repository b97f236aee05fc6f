/**
 * The panels other modules registered for a host screen (lib/record-panels.ts), each loaded
 * lazily from its module's chunk and shown in order; nothing when none is registered or allowed.
 * A panel that fails to load shows nothing rather than breaking its host; one registered after
 * the host rendered appears then.
 */
import { Component, lazy, Suspense, useEffect, useMemo, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { whenModulesStarted } from '../../lib/module-starts';
import { onRecordPanelsChange, recordPanels, recordPanelsVersion, type RecordPanel } from '../../lib/record-panels';

const lazyOf = new WeakMap<RecordPanel, ComponentType<{ recordId: string }>>();
const lazyPanel = (panel: RecordPanel) => {
  let component = lazyOf.get(panel);
  if (!component) {
    component = lazy(async () => ({ default: await panel.load() }));
    lazyOf.set(panel, component);
  }
  return component;
};

class PanelBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function RecordPanels({ host, recordId }: { host: string; recordId: string }) {
  const version = useSyncExternalStore(onRecordPanelsChange, recordPanelsVersion);
  // The panels are the modules' starts' registrations: a sheet opened as the app starts asks
  // for them now rather than at the shell's idle moment (lib/module-starts.ts).
  useEffect(() => void whenModulesStarted().catch(() => undefined), []);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the registry's version is the dependency
  const panels = useMemo(() => recordPanels(host), [host, version]);
  const shown = panels.filter((panel) => panel.enabled?.() ?? true);
  if (shown.length === 0) return null;
  return (
    <>
      {shown.map((panel) => {
        const Panel = lazyPanel(panel);
        return (
          <PanelBoundary key={panel.id}>
            <Suspense fallback={null}>
              <Panel recordId={recordId} />
            </Suspense>
          </PanelBoundary>
        );
      })}
    </>
  );
}
