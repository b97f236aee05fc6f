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
