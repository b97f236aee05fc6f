/**
 * The side menu as data (spec section 2, side-navigation table; section 6, rights table) plus
 * one pure function, `menuFor`, from what the session holds to what the user sees. The
 * modules' entries come from their manifests (common/modules: each entry's targets "by
 * rights", in the spec's order, and its row of the table); the shell's own entries (dashboard,
 * administration, tenant switches, sign-out) are written here. `can()` (src/lib/rights.ts)
 * decides what shows. Adding a module to the menu is adding an entry to its manifest.
 */
import { MODULE_MANIFESTS, type ManifestMenuEntry, type MenuTarget, type ModuleManifest } from '../../../common/modules/index';
import type { DistrictModule } from '../../../common/api-types';
import type { Feature } from '../../../common/rights';
import { can } from '../../lib/rights';
import { MENU_ICONS } from './menu-icons';

export type MenuAction = 'disconnect' | 'changeClient' | 'changeDistrict';

interface BaseEntry {
  id: string;
  /** Key in the common namespace. */
  labelKey: string;
  icon: string;
  /** Shown only when can(rights, feature) for one of these; always shown without any. */
  features?: readonly Feature[];
}

export interface LinkEntry extends BaseEntry {
  kind: 'link';
  /** A path, or a choice by rights (spec: "first available of … by rights"); null hides it. */
  to: string | ((rights: ReadonlySet<string>) => { to: string; labelKey?: string } | string | null);
}

export interface ActionEntry extends BaseEntry {
  kind: 'action';
  action: MenuAction;
}

export type MenuEntry = LinkEntry | ActionEntry;

/** The session facts the menu depends on. */
export interface MenuInput {
  rights: readonly string[];
  /** Carried for completeness: spec section 6 gates the menu by rights only, not by modules. */
  districtModules?: readonly DistrictModule[];
  /** The authentication service's admin flag; spec section 6 says its use is not shown. */
  admin?: boolean;
}

/** A manifest's target choices as the entry's `to`: the first that holds, else hidden. */
function targetsOf(targets: readonly MenuTarget[]) {
  return (held: ReadonlySet<string>): { to: string; labelKey?: string } | null => {
    const rights = [...held];
    const found = targets.find(
      (t) =>
        (t.anyRight === undefined || t.anyRight.some((r) => held.has(r))) &&
        (t.allFeatures === undefined || t.allFeatures.every((f) => can(rights, f as Feature))),
    );
    if (found === undefined) return null;
    return found.labelKey === undefined ? { to: found.to } : { to: found.to, labelKey: found.labelKey };
  };
}

/** A module's menu entry, from its manifest (the features are checked by the manifests' test). */
function moduleEntry(manifest: ModuleManifest, entry: ManifestMenuEntry): LinkEntry & { position: number } {
  const only = entry.targets.length === 1 && entry.targets[0]!.anyRight === undefined && entry.targets[0]!.allFeatures === undefined;
  return {
    id: entry.id,
    kind: 'link',
    position: entry.position,
    labelKey: entry.labelKey ?? manifest.labelKey,
    icon: MENU_ICONS[entry.icon ?? manifest.icon],
    features: (entry.features ?? manifest.opens) as readonly Feature[],
    to: only ? entry.targets[0]!.to : targetsOf(entry.targets),
  };
}

/** The shell's own entries, each at its row of spec section 2's navigation table. */
const SHELL_ENTRIES: readonly (MenuEntry & { position: number })[] = [
  { id: 'dashboard', kind: 'link', position: 0, labelKey: 'menu.dashboard', icon: MENU_ICONS.grid, to: '/dashboard' },
  { id: 'admin', kind: 'link', position: 24, labelKey: 'modules.admin', icon: MENU_ICONS.personCircle, features: ['admin'], to: '/admin/userManagement' },
  {
    id: 'operatorAdmin',
    kind: 'link',
    position: 25,
    labelKey: 'modules.operatorAdmin',
    icon: MENU_ICONS.shieldCheckmark,
    features: ['operatorAdmin'],
    to: '/opteamum/clientManagement',
  },
  { id: 'changeClient', kind: 'action', position: 26, labelKey: 'menu.change_client', icon: MENU_ICONS.swapHorizontal, features: ['changeClient'], action: 'changeClient' },
  {
    id: 'changeDistrict',
    kind: 'action',
    position: 27,
    labelKey: 'menu.change_district',
    icon: MENU_ICONS.swapHorizontal,
    features: ['changeDistrict'],
    action: 'changeDistrict',
  },
  { id: 'disconnect', kind: 'action', position: 28, labelKey: 'menu.disconnect', icon: MENU_ICONS.logOut, action: 'disconnect' },
];

/** Every entry, in the navigation table's order: the shell's and the modules' manifests'. */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  ...SHELL_ENTRIES,
  ...MODULE_MANIFESTS.flatMap((manifest) => manifest.menu.map((entry) => moduleEntry(manifest, entry))),
]
  .sort((a, b) => a.position - b.position)
  .map(({ position: _position, ...entry }) => entry);

export type VisibleEntry = (Omit<LinkEntry, 'to'> & { to: string }) | ActionEntry;

/** The entries this user sees, in the table's order, link targets (and their labels) resolved. */
export function menuFor(input: MenuInput, entries: readonly MenuEntry[] = MENU_ENTRIES): VisibleEntry[] {
  const held = new Set(input.rights);
  const visible: VisibleEntry[] = [];
  for (const entry of entries) {
    if (entry.features !== undefined && !entry.features.some((f) => can(input.rights, f))) continue;
    if (entry.kind === 'action') {
      visible.push(entry);
      continue;
    }
    const resolved = typeof entry.to === 'function' ? entry.to(held) : entry.to;
    if (resolved === null) continue;
    const target = typeof resolved === 'string' ? { to: resolved } : resolved;
    visible.push({ ...entry, to: target.to, labelKey: target.labelKey ?? entry.labelKey });
  }
  return visible;
}

/** Same as menuFor, from the rights alone (the existing callers). */
export const visibleMenuEntries = (rights: readonly string[], entries: readonly MenuEntry[] = MENU_ENTRIES) =>
  menuFor({ rights }, entries);

/** The entry for the current address: its path or one below it. */
export function isCurrentEntry(entry: VisibleEntry, pathname: string): boolean {
  return entry.kind === 'link' && (pathname === entry.to || pathname.startsWith(`${entry.to}/`));
}
