/**
 * The import/export route subtree (the manifest's prefix `import-export`), registered by the
 * app's route table. Guards only; the pages come from the module's chunks (Papa Parse and
 * read-excel-file load with the import's page and its worker only).
 *
 *   /import-export            the combined entry: export, import, my data (by rights)
 *   /import-export/export     each list as CSV or XLSX, the district's ZIP (exports.read)
 *   /import-export/import     the import's steps (imports.read; importing needs imports.create)
 *   /import-export/my-data    the personal data export (every member)
 */
import { createRoute, Outlet, type AnyRoute } from '@tanstack/react-router';
import { lazyPage } from '../../lib/lazy-page';
import { i18n } from '../../lib/i18n';
import { requireCan, requireFeatures } from '../../lib/route-guards';

const pages = () => import('./components/pages');

export function moduleRoutes(parent: AnyRoute) {
  const root = createRoute({
    getParentRoute: () => parent,
    path: 'import-export',
    loader: () => i18n.loadNamespaces(['importExport', 'components']),
    component: Outlet,
  });
  // The combined entry is the menu's, for exports or imports; "my data" is for everyone.
  const hub = createRoute({ getParentRoute: () => root, path: '/', beforeLoad: () => requireFeatures(['export', 'import']), component: lazyPage(pages, 'HubPage') });
  const exportPage = createRoute({
    getParentRoute: () => root,
    path: 'export',
    beforeLoad: () => requireCan('export', 'read'),
    validateSearch: (raw: Record<string, unknown>) => Object.fromEntries(Object.entries(raw).filter(([, v]) => typeof v === 'string')) as Record<string, string>,
    component: lazyPage(pages, 'ExportPage'),
  });
  const importPage = createRoute({
    getParentRoute: () => root,
    path: 'import',
    beforeLoad: () => requireCan('import', 'read'),
    component: lazyPage(() => import('./components/ImportPage'), 'ImportPage'),
  });
  const myData = createRoute({ getParentRoute: () => root, path: 'my-data', component: lazyPage(pages, 'MyDataPage') });
  return root.addChildren([hub, exportPage, importPage, myData]);
}
