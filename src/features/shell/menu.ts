/**
 * The side menu as data: each entry says what it shows, where it goes (or which dialog it
 * opens) and which feature's rights it needs (common/rights.ts through can()). Adding a module
 * to the menu is adding a row here.
 */
import { gridOutline, logOutOutline } from 'ionicons/icons';
import type { Feature } from '../../../common/rights';
import { can } from '../../lib/rights';

export type MenuAction = 'disconnect';

interface BaseEntry {
  id: string;
  /** Key in the common namespace. */
  labelKey: string;
  icon: string;
  /** Shown only when can(rights, feature); always shown without one. */
  feature?: Feature;
}

export interface LinkEntry extends BaseEntry {
  kind: 'link';
  /** A path, or a choice by rights (spec: "first available of … by rights"); null hides it. */
  to: string | ((rights: readonly string[]) => string | null);
}

export interface ActionEntry extends BaseEntry {
  kind: 'action';
  action: MenuAction;
}

export type MenuEntry = LinkEntry | ActionEntry;

export const MENU_ENTRIES: readonly MenuEntry[] = [
  { id: 'dashboard', kind: 'link', labelKey: 'menu.dashboard', icon: gridOutline, to: '/dashboard' },
  { id: 'disconnect', kind: 'action', labelKey: 'menu.disconnect', icon: logOutOutline, action: 'disconnect' },
];

export type VisibleEntry = (Omit<LinkEntry, 'to'> & { to: string }) | ActionEntry;

/** The entries this user sees, link targets resolved. */
export function visibleMenuEntries(
  rights: readonly string[],
  entries: readonly MenuEntry[] = MENU_ENTRIES,
): VisibleEntry[] {
  const visible: VisibleEntry[] = [];
  for (const entry of entries) {
    if (entry.feature !== undefined && !can(rights, entry.feature)) continue;
    if (entry.kind === 'action') {
      visible.push(entry);
      continue;
    }
    const to = typeof entry.to === 'function' ? entry.to(rights) : entry.to;
    if (to !== null) visible.push({ ...entry, to });
  }
  return visible;
}

/** The entry for the current address: its path or one below it. */
export function isCurrentEntry(entry: VisibleEntry, pathname: string): boolean {
  return entry.kind === 'link' && (pathname === entry.to || pathname.startsWith(`${entry.to}/`));
}
