/**
 * The side menu, one test per row of spec section 2's navigation table and section 6's rights
 * table. Expected targets are written out by hand from the spec, not derived from menu.ts.
 */
import { describe, expect, it } from 'vitest';
import { isCurrentEntry, menuFor, type VisibleEntry } from '../../../../src/features/shell/menu';
import { shouldShowShell } from '../../../../src/features/shell/shell-visibility';

const menu = (rights: string[]) => menuFor({ rights, districtModules: [], admin: false });
const ids = (rights: string[]) => menu(rights).map((e) => e.id);
const entry = (rights: string[], id: string): VisibleEntry | undefined => menu(rights).find((e) => e.id === id);
const target = (rights: string[], id: string) => {
  const found = entry(rights, id);
  return found?.kind === 'link' ? found.to : undefined;
};

describe('menu rows always present', () => {
  it('dashboard is always shown, first, and sign-out last, even with no rights', () => {
    expect(ids([])).toEqual(['dashboard', 'disconnect']);
    expect(target([], 'dashboard')).toBe('/dashboard');
  });
});

// [entry id, a right that shows it, its target with that right]
const SIMPLE_ROWS: [string, string, string][] = [
  ['cartography', 'cartography.read', '/cartography'],
  ['site', 'sites.read', '/site/view/infoV2'],
  ['site', 'sites.admin', '/site/view/infoV2'],
  ['questionnary-v2', 'questionnaryV2.questionnary_read', '/questionnary-v2/view'],
  ['questionnary-v2', 'questionnaryV2.questionnaryManagement_admin', '/questionnary-v2/view'],
  ['questionnary-v2', 'questionnaryV2.securesphere_read', '/questionnary-v2/view'],
  ['questionnary-v2', 'questionnaryV2.securesphereManagement_admin', '/questionnary-v2/view'],
  ['actionPlans', 'action-plans.read', '/actionPlan/actionPlanView'],
  ['actionPlans', 'action-plans.admin', '/actionPlan/actionPlanView'],
  ['actions', 'actions-plans-plans.read', '/actionPlan/actions'],
  ['actions', 'actions-plans-actions.admin', '/actionPlan/actions'],
  ['actionsV3', 'actionsV3.read', '/actionsV3'],
  ['actionsV3', 'actionsV3-templates.admin', '/actionsV3'],
  ['declarations', 'declarations.read', '/declarations'],
  ['declarations', 'declarations-templates-templates.admin', '/declarations'],
  ['supplier', 'supplier.supplier_read', '/supplier/supplier-view'],
  ['supplier', 'supplier.admin', '/supplier/supplier-view'],
  ['contact-v2', 'contactV2.contactV2_read', '/contact-v2'],
  ['contact-v2', 'contactV2.admin', '/contact-v2'],
  ['contract', 'contract.contract_read', '/contract'],
  ['contract', 'contract.contractTemplate_read', '/contract'],
  ['contract', 'contract.admin', '/contract'],
  ['notifications', 'notifications.access', '/notifications/notificationsView'],
  ['workflow', 'workflows.workflow_read', '/workflow/workflow-view'],
  ['workflow', 'workflows.workflowManagement_admin', '/workflow/workflow-view'],
  ['sharing-bank', 'sharing-bank.read', '/sharing-bank/sharingBankView'],
  ['sharing-bank', 'sharing-bank.admin', '/sharing-bank/sharingBankView'],
  ['third-party', 'third-party.read', '/third-party'],
  ['third-party-v2', 'thirdPartyV2.read', '/third-party-v2/current'],
  ['third-party-v2', 'thirdPartyV2.admin', '/third-party-v2/current'],
  ['dsa', 'dsa.dsaManagement_read', '/dsa/dsaView'],
  ['dsa', 'dsa.dsaManagement_admin', '/dsa/dsaView'],
  ['admin', 'district.admin', '/admin/userManagement'],
  ['operatorAdmin', 'opteamum.admin', '/opteamum/clientManagement'],
];

describe('rows with a fixed target', () => {
  it.each(SIMPLE_ROWS)('%s: shown with %s, going to %s; hidden without it', (id, right, to) => {
    expect(target([right], id)).toBe(to);
    expect(ids([])).not.toContain(id);
    expect(ids(['unrelated.read'])).not.toContain(id);
  });
});

describe('cartography management: first available view by rights', () => {
  it.each([
    [['cartography_advanced.interestPoint_read', 'cartography_advanced.layer_read'], '/cartographyManagement/interestPoint/view'],
    [['cartography_advanced.interestPointManagement_admin', 'cartography_advanced.mapsArea_read'], '/cartographyManagement/interestPoint/management'],
    [['cartography_advanced.mapsArea_read', 'cartography_advanced.incidentManagement_read'], '/cartographyManagement/layer/mapsArea'],
    [['cartography_advanced.mapsAreaGroup_admin'], '/cartographyManagement/layer/mapsAreaGroup'],
    [['cartography_advanced.incidentManagement_admin'], '/cartographyManagement/incidentAll/incident'],
    [['cartography_advanced.layer_read'], '/cartographyManagement/layer/layerManagement'],
    [['cartography_advanced.layer_admin'], '/cartographyManagement/layer/layerManagement'],
  ])('%j → %s', (rights, to) => {
    expect(target(rights, 'cartographyManagement')).toBe(to);
  });

  it('is hidden with cartography.read alone', () => {
    expect(ids(['cartography.read'])).not.toContain('cartographyManagement');
  });
});

describe('synthesis: target by right', () => {
  it.each([
    [['synthesis.read', 'synthesisV3.access'], '/synthesisBuilder/synthesisTable'],
    [['synthesisV2.access', 'synthesisV3.access'], '/synthesisBuilder/synthesisView'],
    [['securesphere.synthesis_view'], '/synthesisBuilder/synthesisSecuresphere'],
    [['securesphere_synthesis.read'], '/synthesisBuilder/synthesisSecuresphere'],
    [['synthesisV3.access'], '/synthesisBuilder/synthesis'],
  ])('%j → %s', (rights, to) => {
    expect(target(rights, 'synthesis')).toBe(to);
  });

  it('is hidden without a synthesis right', () => {
    expect(ids(['sites.read'])).not.toContain('synthesis');
  });
});

describe('inventory: catalog, else article, else object', () => {
  it.each([
    [['inventories.catalogs_read', 'inventories.articles_read'], '/inventory/catalog'],
    [['inventories.catalogs_admin'], '/inventory/catalog'],
    [['inventories.articles_read', 'inventories.objects_read'], '/inventory/article'],
    [['inventories.objects_admin'], '/inventory/object'],
  ])('%j → %s', (rights, to) => {
    expect(target(rights, 'inventory')).toBe(to);
  });
});

describe('inventory V2: article, else equipment', () => {
  it.each([
    [['inventoryV2.article_read', 'inventoryV2.equipment_read'], '/inventory-v2/article'],
    [['inventoryV2.equipment_read'], '/inventory-v2/equipment'],
    [['inventoryV2.admin'], '/inventory-v2/article'],
  ])('%j → %s', (rights, to) => {
    expect(target(rights, 'inventory-v2')).toBe(to);
  });
});

describe('stock management: recap table for admin, else the first view by right', () => {
  it.each([
    [['stockManagement.admin', 'stockManagement.stockArea_read'], '/stock-management/recap-table'],
    [['stockManagement.stockArea_read', 'stockManagement.article_read'], '/stock-management/stock-area'],
    [['stockManagement.outgoingStuff_read', 'stockManagement.incomingStuff_read'], '/stock-management/outgoing-stuff'],
    [['stockManagement.incomingStuff_read', 'stockManagement.loanStuff_read'], '/stock-management/incoming-stuff'],
    [['stockManagement.loanStuff_read', 'stockManagement.inventory_read'], '/stock-management/loan-stuff'],
    [['stockManagement.article_read', 'stockManagement.inventory_read'], '/stock-management/article'],
    [['stockManagement.inventory_read'], '/stock-management/inventory'],
  ])('%j → %s', (rights, to) => {
    expect(target(rights, 'stock-management')).toBe(to);
  });
});

describe('import/export: combined entry with both rights, a single entry with one', () => {
  it('both rights: one combined entry', () => {
    expect(entry(['exports.read', 'imports.create'], 'import-export')).toMatchObject({ to: '/import-export', labelKey: 'menu.import_export' });
  });
  it('export only', () => {
    expect(entry(['exports.read'], 'import-export')).toMatchObject({ to: '/import-export/export', labelKey: 'menu.export' });
  });
  it.each([['imports.read'], ['imports.create']])('import only (%s)', (right) => {
    expect(entry([right], 'import-export')).toMatchObject({ to: '/import-export/import', labelKey: 'menu.import' });
  });
  it('neither: no entry', () => {
    expect(ids(['sites.read'])).not.toContain('import-export');
  });
});

describe('files: district.admin and file-explorer.read together', () => {
  it('with both, goes to the site types of the district admin', () => {
    expect(target(['district.admin', 'file-explorer.read'], 'files')).toBe('/files/sitesTypes');
  });
  it.each([[['district.admin']], [['file-explorer.read']]])('hidden with only %j', (rights) => {
    expect(ids(rights)).not.toContain('files');
  });
});

describe('change client and change district open dialogs', () => {
  it('change client with opteamum.clients', () => {
    expect(entry(['opteamum.clients'], 'changeClient')).toMatchObject({ kind: 'action', action: 'changeClient' });
  });
  it('change district with opteamum.districts without opteamum.clients', () => {
    expect(entry(['opteamum.districts'], 'changeDistrict')).toMatchObject({ kind: 'action', action: 'changeDistrict' });
    expect(ids(['opteamum.districts', 'opteamum.clients'])).not.toContain('changeDistrict');
    expect(ids(['opteamum.districts', 'opteamum.clients'])).toContain('changeClient');
  });
});

describe('rights-table rows that are not menu entries', () => {
  it('emergency (opteamum.admin) adds only the operator admin entry to the menu', () => {
    expect(ids(['opteamum.admin'])).toEqual(['dashboard', 'operatorAdmin', 'disconnect']);
  });
});

describe('the demo accounts see the table order', () => {
  it('a field user', () => {
    expect(
      menu(['sites.read', 'cartography.read', 'notifications.access', 'declarations.read', 'questionnaryV2.questionnary_read']).map((e) => e.id),
    ).toEqual(['dashboard', 'cartography', 'site', 'questionnary-v2', 'declarations', 'notifications', 'disconnect']);
  });
});

describe('current entry', () => {
  it('marks the entry of the current page and of pages below it', () => {
    const [dashboard] = menu([]);
    expect(dashboard && isCurrentEntry(dashboard, '/dashboard')).toBe(true);
    expect(dashboard && isCurrentEntry(dashboard, '/dashboard/x')).toBe(true);
    expect(dashboard && isCurrentEntry(dashboard, '/dashboards')).toBe(false);
  });
});

describe('shell visibility', () => {
  it('is hidden on the public pages and without a session e-mail', () => {
    expect(shouldShowShell('/dashboard', 'a@b.fr')).toBe(true);
    expect(shouldShowShell('/dashboard', null)).toBe(false);
    for (const path of ['/login', '/home', '/external-login', '/viewerThirdParty', '/viewerThirdParty/abc']) {
      expect(shouldShowShell(path, 'a@b.fr'), path).toBe(false);
    }
  });
});
