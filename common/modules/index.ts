/**
 * Every module manifest, once (MODULES.md, "One module, four places, one manifest"). Adding a
 * module is adding its file beside this one and a line here; the rights catalogue, the
 * functionalities, the module list, the menu and the route table follow from this list.
 * The order is the order of spec section 2's route prefixes; the menu has its own order
 * (each entry's `position`).
 */
import { actionPlans } from './actionPlans';
import { actionsV3 } from './actionsV3';
import { cartography } from './cartography';
import { cartographyManagement } from './cartographyManagement';
import { contactV2 } from './contactV2';
import { contract } from './contract';
import { declarations } from './declarations';
import { dsa } from './dsa';
import { files } from './files';
import { importExport } from './importExport';
import { inventory } from './inventory';
import { inventoryV2 } from './inventoryV2';
import type { ModuleManifest } from './manifest';
import { notifications } from './notifications';
import { notificationsWorkflowV2 } from './notificationsWorkflowV2';
import { plan2d } from './plan2d';
import { questionnaryV2 } from './questionnaryV2';
import { sharingBank } from './sharingBank';
import { sites } from './sites';
import { stockManagement } from './stockManagement';
import { supplier } from './supplier';
import { synthesis } from './synthesis';
import { tc } from './tc';
import { thirdParty } from './thirdParty';
import { thirdPartyV2 } from './thirdPartyV2';
import { view360 } from './view360';
import { workflow } from './workflow';

export type { FeatureRights, ManifestElement, ManifestMenuEntry, ManifestView, MenuIconKey, MenuTarget, ModuleManifest } from './manifest';

const LIST = [
  actionsV3,
  actionPlans,
  cartography,
  cartographyManagement,
  contactV2,
  contract,
  declarations,
  dsa,
  files,
  view360,
  importExport,
  inventory,
  inventoryV2,
  notifications,
  notificationsWorkflowV2,
  plan2d,
  questionnaryV2,
  sharingBank,
  sites,
  stockManagement,
  supplier,
  synthesis,
  tc,
  thirdParty,
  thirdPartyV2,
  workflow,
] as const;

/** The catalogue features the modules define (`sites`, `actions`, `export`, …). */
type FeaturesOf<M> = M extends { features: infer X } ? keyof X & string : never;
export type ModuleFeature = FeaturesOf<(typeof LIST)[number]>;

export const MODULE_MANIFESTS: readonly ModuleManifest[] = LIST;

export const manifestById = (id: string): ModuleManifest | undefined => MODULE_MANIFESTS.find((m) => m.id === id);
export const manifestByPrefix = (prefix: string): ModuleManifest | undefined => MODULE_MANIFESTS.find((m) => m.prefix === prefix);

/**
 * A district module (`district_modules.name`) the app has screens for: a manifest that names it
 * says `screens: true`. The lists of a district's modules show only these, so they grow as
 * modules land rather than naming placeholders.
 */
export const hasScreens = (districtModule: string): boolean => MODULE_MANIFESTS.some((m) => m.districtModule === districtModule && m.screens);
