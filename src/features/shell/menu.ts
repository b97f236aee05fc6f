/**
 * The side menu as data (spec section 2, side-navigation table; section 6, rights table) plus
 * one pure function, `menuFor`, from what the session holds to what the user sees. Each entry
 * says what it shows, where it goes (or which dialog it opens) and which feature's rights it
 * needs; `can()` (src/lib/rights.ts) decides. Targets chosen "by rights" are functions of the
 * rights, in the spec's order. Adding a module to the menu is adding a row here.
 */
import {
  albumsOutline,
  analyticsOutline,
  businessOutline,
  checkboxOutline,
  clipboardOutline,
  cubeOutline,
  documentTextOutline,
  fileTrayFullOutline,
  flashOutline,
  folderOutline,
  gitNetworkOutline,
  gridOutline,
  layersOutline,
  listOutline,
  locationOutline,
  logOutOutline,
  mapOutline,
  notificationsOutline,
  peopleOutline,
  personCircleOutline,
  pricetagsOutline,
  shareSocialOutline,
  shieldCheckmarkOutline,
  storefrontOutline,
  swapHorizontalOutline,
  swapVerticalOutline,
} from 'ionicons/icons';
import type { DistrictModule } from '../../../common/api-types';
import type { Feature } from '../../../common/rights';
import { can } from '../../lib/rights';

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

const readOrAdmin = (module: string, subject: string) => [`${module}.${subject}_read`, `${module}.${subject}_admin`];

/** The first target whose rights are held, in the listed order. */
function firstHeld(choices: readonly (readonly [readonly string[], string])[], fallback: string | null = null) {
  return (rights: ReadonlySet<string>): string | null =>
    choices.find(([needed]) => needed.some((r) => rights.has(r)))?.[1] ?? fallback;
}

// Spec section 2: "first available of interestPoint view, interestPoint management,
// layer/mapsArea, layer/mapsAreaGroup, incidentAll/incident, else layer/layerManagement".
const cartographyManagementTarget = firstHeld(
  [
    [readOrAdmin('cartography_advanced', 'interestPoint'), '/cartographyManagement/interestPoint/view'],
    [readOrAdmin('cartography_advanced', 'interestPointManagement'), '/cartographyManagement/interestPoint/management'],
    [readOrAdmin('cartography_advanced', 'mapsArea'), '/cartographyManagement/layer/mapsArea'],
    [readOrAdmin('cartography_advanced', 'mapsAreaGroup'), '/cartographyManagement/layer/mapsAreaGroup'],
    [readOrAdmin('cartography_advanced', 'incidentManagement'), '/cartographyManagement/incidentAll/incident'],
  ],
  '/cartographyManagement/layer/layerManagement',
);

// securesphere_synthesis.read is in the rights table but has no target of its own in the
// navigation table; it shares the Securesphere synthesis view (a choice: the spec is silent).
const synthesisTarget = firstHeld([
  [['synthesis.read'], '/synthesisBuilder/synthesisTable'],
  [['synthesisV2.access'], '/synthesisBuilder/synthesisView'],
  [['securesphere.synthesis_view', 'securesphere_synthesis.read'], '/synthesisBuilder/synthesisSecuresphere'],
  [['synthesisV3.access'], '/synthesisBuilder/synthesis'],
]);

const inventoryTarget = firstHeld([
  [readOrAdmin('inventories', 'catalogs'), '/inventory/catalog'],
  [readOrAdmin('inventories', 'articles'), '/inventory/article'],
  [readOrAdmin('inventories', 'objects'), '/inventory/object'],
]);

// inventoryV2.admin alone: the first view, article.
const inventoryV2Target = firstHeld(
  [
    [['inventoryV2.article_read'], '/inventory-v2/article'],
    [['inventoryV2.equipment_read'], '/inventory-v2/equipment'],
  ],
  '/inventory-v2/article',
);

// "recap-table for admin": the stock module's admin right (stockManagement.admin).
const stockTarget = firstHeld([
  [['stockManagement.admin'], '/stock-management/recap-table'],
  [['stockManagement.stockArea_read'], '/stock-management/stock-area'],
  [['stockManagement.outgoingStuff_read'], '/stock-management/outgoing-stuff'],
  [['stockManagement.incomingStuff_read'], '/stock-management/incoming-stuff'],
  [['stockManagement.loanStuff_read'], '/stock-management/loan-stuff'],
  [['stockManagement.article_read'], '/stock-management/article'],
  [['stockManagement.inventory_read'], '/stock-management/inventory'],
]);

const EXPORT_RIGHTS = ['exports.read'];
const IMPORT_RIGHTS = ['imports.read', 'imports.create'];

/** Both rights: one combined entry; only one: a single entry named after it. */
function importExportTarget(rights: ReadonlySet<string>) {
  const canExport = EXPORT_RIGHTS.some((r) => rights.has(r));
  const canImport = IMPORT_RIGHTS.some((r) => rights.has(r));
  if (canExport && canImport) return { to: '/import-export', labelKey: 'menu.import_export' };
  if (canExport) return { to: '/import-export/export', labelKey: 'menu.export' };
  if (canImport) return { to: '/import-export/import', labelKey: 'menu.import' };
  return null;
}

const filesTarget = (rights: ReadonlySet<string>) => (rights.has('district.admin') ? '/files/sitesTypes' : '/files/sites');

export const MENU_ENTRIES: readonly MenuEntry[] = [
  { id: 'dashboard', kind: 'link', labelKey: 'menu.dashboard', icon: gridOutline, to: '/dashboard' },
  { id: 'cartography', kind: 'link', labelKey: 'modules.cartography', icon: mapOutline, features: ['cartography'], to: '/cartography' },
  {
    id: 'cartographyManagement',
    kind: 'link',
    labelKey: 'modules.cartographyManagement',
    icon: layersOutline,
    features: ['cartographyManagement'],
    to: cartographyManagementTarget,
  },
  { id: 'site', kind: 'link', labelKey: 'modules.sites', icon: locationOutline, features: ['sites'], to: '/site/view/infoV2' },
  { id: 'questionnary-v2', kind: 'link', labelKey: 'modules.questionnaires', icon: clipboardOutline, features: ['questionnaires'], to: '/questionnary-v2/view' },
  { id: 'actionPlans', kind: 'link', labelKey: 'modules.actionPlans', icon: checkboxOutline, features: ['actionPlans'], to: '/actionPlan/actionPlanView' },
  { id: 'actions', kind: 'link', labelKey: 'modules.actions', icon: listOutline, features: ['actions'], to: '/actionPlan/actions' },
  { id: 'actionsV3', kind: 'link', labelKey: 'modules.actionsV3', icon: flashOutline, features: ['actionsV3'], to: '/actionsV3' },
  { id: 'declarations', kind: 'link', labelKey: 'modules.declarations', icon: documentTextOutline, features: ['declarations'], to: '/declarations' },
  { id: 'synthesis', kind: 'link', labelKey: 'modules.synthesis', icon: analyticsOutline, features: ['synthesis'], to: synthesisTarget },
  { id: 'inventory', kind: 'link', labelKey: 'modules.inventory', icon: cubeOutline, features: ['inventory'], to: inventoryTarget },
  { id: 'inventory-v2', kind: 'link', labelKey: 'modules.inventoryV2', icon: cubeOutline, features: ['inventoryV2'], to: inventoryV2Target },
  { id: 'stock-management', kind: 'link', labelKey: 'modules.stock-management', icon: fileTrayFullOutline, features: ['stock'], to: stockTarget },
  { id: 'supplier', kind: 'link', labelKey: 'modules.supplier', icon: storefrontOutline, features: ['supplier'], to: '/supplier/supplier-view' },
  { id: 'contact-v2', kind: 'link', labelKey: 'modules.contactV2', icon: peopleOutline, features: ['contactV2'], to: '/contact-v2' },
  { id: 'contract', kind: 'link', labelKey: 'modules.contract', icon: pricetagsOutline, features: ['contract'], to: '/contract' },
  { id: 'import-export', kind: 'link', labelKey: 'menu.import_export', icon: swapVerticalOutline, features: ['export', 'import'], to: importExportTarget },
  { id: 'notifications', kind: 'link', labelKey: 'modules.notifications', icon: notificationsOutline, features: ['notifications'], to: '/notifications/notificationsView' },
  { id: 'files', kind: 'link', labelKey: 'modules.files', icon: folderOutline, features: ['files'], to: filesTarget },
  { id: 'workflow', kind: 'link', labelKey: 'modules.workflow', icon: gitNetworkOutline, features: ['workflow'], to: '/workflow/workflow-view' },
  { id: 'sharing-bank', kind: 'link', labelKey: 'modules.sharingBank', icon: shareSocialOutline, features: ['sharingBank'], to: '/sharing-bank/sharingBankView' },
  { id: 'third-party', kind: 'link', labelKey: 'modules.thirdParty', icon: businessOutline, features: ['thirdParty'], to: '/third-party' },
  { id: 'third-party-v2', kind: 'link', labelKey: 'modules.thirdPartyV2', icon: businessOutline, features: ['thirdPartyV2'], to: '/third-party-v2/current' },
  { id: 'dsa', kind: 'link', labelKey: 'modules.dsa', icon: albumsOutline, features: ['dsa'], to: '/dsa/dsaView' },
  { id: 'admin', kind: 'link', labelKey: 'modules.admin', icon: personCircleOutline, features: ['admin'], to: '/admin/userManagement' },
  { id: 'operatorAdmin', kind: 'link', labelKey: 'modules.operatorAdmin', icon: shieldCheckmarkOutline, features: ['operatorAdmin'], to: '/opteamum/clientManagement' },
  { id: 'changeClient', kind: 'action', labelKey: 'menu.change_client', icon: swapHorizontalOutline, features: ['changeClient'], action: 'changeClient' },
  { id: 'changeDistrict', kind: 'action', labelKey: 'menu.change_district', icon: swapHorizontalOutline, features: ['changeDistrict'], action: 'changeDistrict' },
  { id: 'disconnect', kind: 'action', labelKey: 'menu.disconnect', icon: logOutOutline, action: 'disconnect' },
];

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
