/**
 * The rights catalogue of spec section 6, as data. Rights are strings `module.action`.
 * `RIGHTS_BY_FEATURE[feature]` lists the rights any one of which shows the feature (unless the
 * spec notes otherwise: files needs two, change district needs one and not another; those
 * combinations live with the menu logic). The server seeds accounts from this catalogue and
 * the app asks `can()` (src/lib/rights.ts) against it, so a right is spelled once.
 */

const readAdmin = (module: string, ...subjects: string[]): string[] =>
  subjects.length === 0
    ? [`${module}.read`, `${module}.admin`]
    : subjects.flatMap((s) => [`${module}.${s}_read`, `${module}.${s}_admin`]);

export const RIGHTS_BY_FEATURE = {
  emergency: ['opteamum.admin'],
  cartography: ['cartography.read'],
  cartographyManagement: [
    ...readAdmin('cartography_advanced', 'interestPoint', 'interestPointManagement', 'mapsArea', 'mapsAreaGroup', 'layer'),
    ...readAdmin('cartography_advanced', 'incidentManagement'),
  ],
  sites: ['sites.read', 'sites.admin'],
  questionnaires: readAdmin('questionnaryV2', 'questionnary', 'questionnaryManagement', 'securesphere', 'securesphereManagement'),
  actionPlans: readAdmin('action-plans'),
  actions: [...readAdmin('actions-plans-plans'), ...readAdmin('actions-plans-actions')],
  actionsV3: [...readAdmin('actionsV3'), ...readAdmin('actionsV3-templates')],
  declarations: [...readAdmin('declarations'), ...readAdmin('declarations-templates-templates')],
  synthesis: ['synthesis.read', 'securesphere.synthesis_view', 'securesphere_synthesis.read', 'synthesisV2.access', 'synthesisV3.access'],
  inventory: readAdmin('inventories', 'catalogs', 'articles', 'objects'),
  inventoryV2: ['inventoryV2.article_read', 'inventoryV2.equipment_read', 'inventoryV2.admin'],
  stock: [
    ...['stockArea', 'article', 'incomingStuff', 'inventory', 'loanStuff', 'outgoingStuff'].map((s) => `stockManagement.${s}_read`),
    'stockManagement.admin',
  ],
  supplier: ['supplier.supplier_read', 'supplier.admin'],
  contactV2: ['contactV2.contactV2_read', 'contactV2.admin'],
  contract: ['contract.contract_read', 'contract.contractTemplate_read', 'contract.admin'],
  export: ['exports.read'],
  import: ['imports.read', 'imports.create'],
  files: ['district.admin', 'file-explorer.read'],
  workflow: readAdmin('workflows', 'workflow', 'workflowManagement'),
  sharingBank: readAdmin('sharing-bank'),
  thirdParty: ['third-party.read'],
  thirdPartyV2: readAdmin('thirdPartyV2'),
  dsa: readAdmin('dsa', 'dsaManagement'),
  admin: ['district.admin'],
  operatorAdmin: ['opteamum.admin'],
  changeClient: ['opteamum.clients'],
  changeDistrict: ['opteamum.districts'],
  notifications: ['notifications.access'],
} as const satisfies Record<string, readonly string[]>;

export type Feature = keyof typeof RIGHTS_BY_FEATURE;

/** Every right the catalogue knows, each once. */
export const ALL_RIGHTS: readonly string[] = [...new Set(Object.values(RIGHTS_BY_FEATURE).flat())].sort();

/** Rights whose module is the operator's (opteamum.*). */
export const isOperatorRight = (right: string): boolean => right.startsWith('opteamum.');

/**
 * The operator right: whoever holds it in a district reaches every right there (it may grant,
 * remove and manage anything), and only it may touch an operator (docs/decisions.md
 * "District administration: the administrator's reach").
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
 * feature; reading needs any right of RIGHTS_BY_FEATURE[feature]. A feature without an entry
 * here has no manage action yet (its module is not built): `can(…, 'manage')` answers false.
 * The module manifests (common/modules) are the source of this table.
 */
export const MANAGE_RIGHTS: Partial<Record<Feature, readonly string[]>> = {
  sites: ['sites.admin'],
};

/** Features whose every right is needed to read (spec section 6: files needs both). */
const ALL_REQUIRED: ReadonlySet<Feature> = new Set<Feature>(['files']);
/** Features hidden by another right (spec section 6: change district, not with change client). */
const EXCLUDED_BY: Partial<Record<Feature, readonly string[]>> = {
  changeDistrict: RIGHTS_BY_FEATURE.changeClient,
};

/**
 * The one rights check of the app and the server: the menu, the route guards, the buttons and
 * the server's preHandlers all ask it. `read`: the feature is shown (any one of its rights,
 * except the two combinations spec section 6 notes); `manage`: a manage right is held.
 */
export function can(rights: readonly string[], feature: Feature, action: Action = 'read'): boolean {
  const held = new Set(rights);
  if (action === 'manage') return (MANAGE_RIGHTS[feature] ?? []).some((r) => held.has(r));
  const needed: readonly string[] = RIGHTS_BY_FEATURE[feature];
  const granted = ALL_REQUIRED.has(feature) ? needed.every((r) => held.has(r)) : needed.some((r) => held.has(r));
  return granted && !(EXCLUDED_BY[feature] ?? []).some((r) => held.has(r));
}
