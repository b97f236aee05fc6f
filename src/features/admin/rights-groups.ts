/**
 * The rights catalogue as the user administration shows it: one group per module (its name from
 * its manifest), each with a level, none / read / manage, that stands for the module's rights
 * of that level (the manifest's `read` and `manage` rights of its features); then the rights
 * that belong to no module one by one: the shell's (the operator's opteamum.*, the district
 * administration's district.admin, which Files also names as its manager's right but which
 * opens the whole administration) and any right the catalogue does not know. The raw keys
 * stay reachable in the page's advanced view.
 */
import { MODULE_MANIFESTS } from '../../../common/modules/index';
import { rightsOf } from '../../../common/modules/manifest';
import { ALL_RIGHTS, FEATURE_RIGHTS, SHELL_FEATURE_NAMES } from '../../../common/rights';

export type RightsLevel = 'none' | 'read' | 'manage';

export interface ModuleRights {
  /** The module's manifest id. */
  id: string;
  /** Key of its name in the common namespace (`modules.*`). */
  labelKey: string;
  /** The rights that read the module (its features' read rights). */
  read: readonly string[];
  /** The rights that manage it (its features' manage rights). */
  manage: readonly string[];
}

const unique = (rights: readonly string[]): string[] => [...new Set(rights)].sort();

/** The rights of the shell's features: never part of a module's level. */
const SHELL_RIGHTS: ReadonlySet<string> = new Set(SHELL_FEATURE_NAMES.flatMap((feature) => rightsOf(FEATURE_RIGHTS[feature])));
const ofModule = (right: string) => !SHELL_RIGHTS.has(right);

/** Every module that has rights, in the order of their names' keys (the page sorts by translated name). */
export const MODULE_RIGHTS: readonly ModuleRights[] = MODULE_MANIFESTS.map((manifest) => {
  const features = Object.values(manifest.features);
  const manage = unique(features.flatMap((feature) => feature.manage)).filter(ofModule);
  // A right that manages is not offered again as a reading one.
  const read = unique(features.flatMap((feature) => feature.read)).filter((right) => ofModule(right) && !manage.includes(right));
  return { id: manifest.id, labelKey: manifest.labelKey, read, manage };
}).filter((module) => module.read.length + module.manage.length > 0);

const IN_MODULES: ReadonlySet<string> = new Set(MODULE_RIGHTS.flatMap((module) => [...module.read, ...module.manage]));

/** The catalogue's rights that belong to no module (opteamum.*, district.admin…), and any other held. */
export function otherRights(held: readonly string[] = []): string[] {
  return unique([...ALL_RIGHTS, ...held]).filter((right) => !IN_MODULES.has(right));
}

/** The levels a module offers: read only if it has reading rights, manage only if managing ones. */
export function levelsOf(module: ModuleRights): RightsLevel[] {
  return ['none', ...(module.read.length > 0 ? (['read'] as const) : []), ...(module.manage.length > 0 ? (['manage'] as const) : [])];
}

/**
 * The level the selected rights give a module: manage when every right of the module is held,
 * read when every reading right is (and not all the managing ones), none when none is held;
 * null when some are held that match no level (set one by one in the advanced view).
 */
export function levelOf(module: ModuleRights, selected: readonly string[]): RightsLevel | null {
  const held = new Set(selected);
  const all = [...module.read, ...module.manage];
  const count = all.filter((right) => held.has(right)).length;
  if (count === 0) return 'none';
  if (count === all.length && module.manage.length > 0) return 'manage';
  const readHeld = module.read.every((right) => held.has(right));
  const manageHeld = module.manage.filter((right) => held.has(right)).length;
  return module.read.length > 0 && readHeld && manageHeld === 0 ? 'read' : null;
}

/** The rights after choosing `level` for `module`: its rights of that level and below, none of the others. */
export function withLevel(module: ModuleRights, selected: readonly string[], level: RightsLevel): string[] {
  const mine = new Set([...module.read, ...module.manage]);
  const kept = selected.filter((right) => !mine.has(right));
  const granted = level === 'none' ? [] : level === 'read' ? module.read : [...module.read, ...module.manage];
  return unique([...kept, ...granted]);
}
