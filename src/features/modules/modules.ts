/**
 * The modules of spec section 2 whose screens are not part of this release: each route prefix,
 * the features whose rights open it (spec section 6) and the sub-views the side menu can reach
 * (spec section 2's navigation table). The router builds one guarded route per prefix from
 * this table and the one landing page (ModuleLandingPage) shows a row of it. No data is
 * invented: a landing page says only what the spec says.
 */
import type { Feature } from '../../../common/rights';

export interface ModuleView {
  /** Path below the prefix, e.g. 'view/infoV2'. */
  path: string;
  /** Key in the common namespace (module_views.*). */
  labelKey: string;
  /** Narrower than the module's own features where the spec gives the view its own rights. */
  features?: readonly Feature[];
}

export interface ModuleDefinition {
  /** First path segment. */
  prefix: string;
  /** Key in the common namespace (modules.*). */
  labelKey: string;
  /** Any one opens the module; none: every authenticated user. */
  features: readonly Feature[];
  views: readonly ModuleView[];
}

const view = (path: string, key: string, features?: readonly Feature[]): ModuleView =>
  features === undefined ? { path, labelKey: `module_views.${key}` } : { path, labelKey: `module_views.${key}`, features };

export const MODULES: readonly ModuleDefinition[] = [
  { prefix: 'actionsV3', labelKey: 'modules.actionsV3', features: ['actionsV3'], views: [] },
  {
    prefix: 'actionPlan',
    labelKey: 'modules.actionPlans',
    features: ['actionPlans', 'actions'],
    views: [view('actionPlanView', 'actionPlanView', ['actionPlans']), view('actions', 'actions', ['actions'])],
  },
  { prefix: 'cartography', labelKey: 'modules.cartography', features: ['cartography'], views: [] },
  {
    prefix: 'cartographyManagement',
    labelKey: 'modules.cartographyManagement',
    features: ['cartographyManagement'],
    views: [
      view('interestPoint/view', 'interestPointView'),
      view('interestPoint/management', 'interestPointManagement'),
      view('layer/mapsArea', 'mapsArea'),
      view('layer/mapsAreaGroup', 'mapsAreaGroup'),
      view('incidentAll/incident', 'incident'),
      view('layer/layerManagement', 'layerManagement'),
    ],
  },
  { prefix: 'contact-v2', labelKey: 'modules.contactV2', features: ['contactV2'], views: [] },
  { prefix: 'contract', labelKey: 'modules.contract', features: ['contract'], views: [] },
  { prefix: 'declarations', labelKey: 'modules.declarations', features: ['declarations'], views: [] },
  { prefix: 'dsa', labelKey: 'modules.dsa', features: ['dsa'], views: [view('dsaView', 'dsaView')] },
  {
    prefix: 'files',
    labelKey: 'modules.files',
    features: ['files'],
    views: [view('sitesTypes', 'sitesTypes'), view('sites', 'sites')],
  },
  // 360 and plan2d: the spec lists the prefixes without rights of their own.
  { prefix: '360', labelKey: 'modules.360', features: [], views: [] },
  {
    prefix: 'import-export',
    labelKey: 'modules.import-export',
    features: ['export', 'import'],
    views: [view('export', 'export', ['export']), view('import', 'import', ['import'])],
  },
  {
    prefix: 'inventory',
    labelKey: 'modules.inventory',
    features: ['inventory'],
    views: [view('catalog', 'catalog'), view('article', 'article'), view('object', 'object')],
  },
  {
    prefix: 'inventory-v2',
    labelKey: 'modules.inventoryV2',
    features: ['inventoryV2'],
    views: [view('article', 'article'), view('equipment', 'equipment')],
  },
  { prefix: 'notificationsWorkflowV2', labelKey: 'modules.notificationsWorkflowV2', features: [], views: [] },
  { prefix: 'plan2d', labelKey: 'modules.plan2d', features: [], views: [] },
  { prefix: 'questionnary-v2', labelKey: 'modules.questionnaires', features: ['questionnaires'], views: [view('view', 'questionnaryView')] },
  { prefix: 'sharing-bank', labelKey: 'modules.sharingBank', features: ['sharingBank'], views: [view('sharingBankView', 'sharingBankView')] },
  { prefix: 'site', labelKey: 'modules.sites', features: ['sites'], views: [view('view/infoV2', 'siteInfo')] },
  {
    prefix: 'stock-management',
    labelKey: 'modules.stock-management',
    features: ['stock'],
    views: [
      view('recap-table', 'recapTable'),
      view('stock-area', 'stockArea'),
      view('outgoing-stuff', 'outgoingStuff'),
      view('incoming-stuff', 'incomingStuff'),
      view('loan-stuff', 'loanStuff'),
      view('article', 'article'),
      view('inventory', 'stockInventory'),
    ],
  },
  { prefix: 'supplier', labelKey: 'modules.supplier', features: ['supplier'], views: [view('supplier-view', 'supplierView')] },
  {
    prefix: 'synthesisBuilder',
    labelKey: 'modules.synthesis',
    features: ['synthesis'],
    views: [
      view('synthesisTable', 'synthesisTable'),
      view('synthesisView', 'synthesisView'),
      view('synthesisSecuresphere', 'synthesisSecuresphere'),
      view('synthesis', 'synthesisV3'),
    ],
  },
  { prefix: 'tc', labelKey: 'modules.tc', features: [], views: [] },
  { prefix: 'third-party', labelKey: 'modules.thirdParty', features: ['thirdParty'], views: [] },
  { prefix: 'third-party-v2', labelKey: 'modules.thirdPartyV2', features: ['thirdPartyV2'], views: [view('current', 'current')] },
  { prefix: 'workflow', labelKey: 'modules.workflow', features: ['workflow'], views: [view('workflow-view', 'workflowView')] },
];

/** The module an address belongs to, and the view when the address names one. */
export function findModule(pathname: string): { module: ModuleDefinition; view: ModuleView | undefined } | null {
  const [, prefix = '', ...rest] = pathname.split('/');
  const module = MODULES.find((m) => m.prefix === prefix);
  if (module === undefined) return null;
  const below = rest.join('/').replace(/\/$/, '');
  return { module, view: module.views.find((v) => v.path === below) };
}
