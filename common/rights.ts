/**
 * The rights catalogue of spec section 6, as data, and the one check that reads it. Rights are
 * strings `module.action`. A module's rights are written in its manifest (common/modules), the
 * shell's few features here; `can(rights, feature, 'read' | 'manage')` is asked by the server's
 * guards (server/src/plugins/rights.ts), the app's route guards, menu and buttons
 * (src/lib/rights.ts). The server seeds accounts from this catalogue. What read and manage
 * mean for each module: docs/rights.md.
 */

import { MODULE_MANIFESTS, type FeatureRights, type ModuleFeature } from './modules/index';

/**
 * The features of the shell, outside any module: the emergency button, the administration
 * pages and the tenant switches. Their rights are read rights in the catalogue's sense (they
 * show the feature); the administration pages manage with the same right that opens them.
 */
const SHELL_FEATURES = {
  emergency: { read: ['opteamum.admin'], manage: [] },
  admin: { read: [], manage: ['district.admin'] },
  operatorAdmin: { read: [], manage: ['opteamum.admin'] },
  changeClient: { read: ['opteamum.clients'], manage: [] },
  changeDistrict: { read: ['opteamum.districts'], manage: [] },
} as const satisfies Record<string, FeatureRights>;

export type Feature = keyof typeof SHELL_FEATURES | ModuleFeature;

/** The shell's feature names (a manifest may not define one of these). */
export const SHELL_FEATURE_NAMES = Object.keys(SHELL_FEATURES) as (keyof typeof SHELL_FEATURES)[];

/** Each feature's read and manage rights: the shell's, then every module manifest's. */
export const FEATURE_RIGHTS: Readonly<Record<Feature, FeatureRights>> = Object.freeze(
  Object.assign(
    {},
    SHELL_FEATURES,
    ...MODULE_MANIFESTS.map((manifest) => manifest.features),
  ) as Record<Feature, FeatureRights>,
);

/** The features each manifest defines, each defined once (tests/unit/features/modules/manifests.test.ts). */
export const FEATURES = Object.keys(FEATURE_RIGHTS) as Feature[];

/**
 * `RIGHTS_BY_FEATURE[feature]` lists the rights any one of which shows the feature (its read
 * and its manage rights), unless the spec notes otherwise (files needs both, change district
 * one and not another; `can()` knows these).
 */
export const RIGHTS_BY_FEATURE: Readonly<Record<Feature, readonly string[]>> = Object.freeze(
  Object.fromEntries(FEATURES.map((feature) => [feature, [...FEATURE_RIGHTS[feature].read, ...FEATURE_RIGHTS[feature].manage]])) as unknown as Record<
    Feature,
    readonly string[]
  >,
);

/** Every right the catalogue knows, each once. */
export const ALL_RIGHTS: readonly string[] = [...new Set(Object.values(RIGHTS_BY_FEATURE).flat())].sort();

/** Rights whose module is the operator's (opteamum.*). */
export const isOperatorRight = (right: string): boolean => right.startsWith('opteamum.');

/**
 * The operator right: whoever holds it in a district reaches every right there (it may grant,
 * remove and manage anything), and only it may touch an operator (docs/tenancy.md
 * "Administration: the administrator's reach").
 */
export const OPERATOR_RIGHT = 'opteamum.admin';

/** An operator: a member holding any operator right (opteamum.*) in the district. */
export const isOperator = (rights: readonly string[]): boolean => rights.some(isOperatorRight);

/**
 * What an administrator holding `own` may grant and remove in its district: its own rights,
 * or every right of the catalogue for the holder of the operator right.
 */
export const reachOf = (own: readonly string[]): ReadonlySet<string> => new Set(own.includes(OPERATOR_RIGHT) ? ALL_RIGHTS : own);

/**
 * A member's rights after an administrator of reach `reach` asked for `requested`: the rights
 * within reach are the ones asked for, the others stay as they were (nobody removes a right
 * it could not have granted). The caller refuses requested rights outside the reach that the
 * member does not already hold.
 */
export const editedRights = (held: readonly string[], requested: readonly string[], reach: ReadonlySet<string>): string[] =>
  [...new Set([...held.filter((right) => !reach.has(right)), ...requested.filter((right) => reach.has(right))])].sort();

/** What a right lets its holder do in a module (MODULES.md, "Rights"; docs/rights.md). */
export type Action = 'read' | 'manage';

/**
 * The rights that let a session manage (write everyone's records, templates, types) in a
 * feature, from the manifests. A feature with none has no manage action (yet): `can(…,
 * 'manage')` answers false for everyone.
 */
export const MANAGE_RIGHTS: Readonly<Record<Feature, readonly string[]>> = Object.freeze(
  Object.fromEntries(FEATURES.map((feature) => [feature, FEATURE_RIGHTS[feature].manage])) as unknown as Record<Feature, readonly string[]>,
);

/** Features hidden by another right (spec section 6: change district, not with change client). */
const EXCLUDED_BY: Partial<Record<Feature, readonly string[]>> = {
  changeDistrict: RIGHTS_BY_FEATURE.changeClient,
};

/**
 * The one rights check of the app and the server: the menu, the route guards, the buttons and
 * the server's guards all ask it. `read`: the feature is shown and its records read (any one of
 * its rights, except the two combinations spec section 6 notes); `manage`: besides, one of its
 * manage rights is held.
 */
export function can(rights: readonly string[], feature: Feature, action: Action = 'read'): boolean {
  const definition = FEATURE_RIGHTS[feature];
  // An unknown name (a stale link, a typo that escaped the compiler) opens nothing.
  if (definition === undefined) return false;
  const held = new Set(rights);
  const needed = RIGHTS_BY_FEATURE[feature];
  const readable = definition.allRequired === true ? needed.every((r) => held.has(r)) : needed.some((r) => held.has(r));
  if (!readable || (EXCLUDED_BY[feature] ?? []).some((r) => held.has(r))) return false;
  // Managing implies reading: a manage right alone reads; where all rights are required to
  // read (files), managing needs them too.
  return action === 'read' || definition.manage.some((r) => held.has(r));
}
