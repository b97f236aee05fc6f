/**
 * The Files route subtree (the manifest's prefix `files`), registered by the app's route table.
 *
 *   /files                 → /files/sitesTypes for a district administrator, else /files/sites
 *   /files/sitesTypes      a site type's template folders (?type=&folder=): district.admin
 *   /files/sites           a site's folders and documents (?site=&folder=&document=)
 *
 * Opening the explorer takes district.admin and file-explorer.read together (feature `files`);
 * a site's files are also on its sheet for every sites reader (a record panel, index.ts).
 */
import { createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import { lazyPage } from '../../lib/lazy-page';
import { getEnvelopeState } from '../../lib/envelope-store';
import { i18n } from '../../lib/i18n';
import { can, type Action } from '../../lib/rights';
import { FILES_SITES_PATH, validateFilesSearch } from './search';
import { requireCan } from '../../lib/route-guards';

const pages = () => import('./components/pages');

const requireFiles = (action: Action) => requireCan('files', action, FILES_SITES_PATH);

export function moduleRoutes(parent: AnyRoute) {
  const files = createRoute({
    getParentRoute: () => parent,
    path: 'files',
    beforeLoad: () => requireFiles('read'),
    loader: () => i18n.loadNamespaces(['file-explorer', 'components']),
    component: lazyPage(() => import('./components/FilesLayout'), 'FilesLayout'),
  });
  const index = createRoute({
    getParentRoute: () => files,
    path: '/',
    beforeLoad: () => {
      throw redirect({ href: can(getEnvelopeState().rights, 'files', 'manage') ? '/files/sitesTypes' : FILES_SITES_PATH, replace: true });
    },
  });
  const types = createRoute({
    getParentRoute: () => files,
    path: 'sitesTypes',
    beforeLoad: () => requireFiles('manage'),
    validateSearch: validateFilesSearch,
    component: lazyPage(pages, 'SiteTypesPage'),
  });
  const sites = createRoute({
    getParentRoute: () => files,
    path: 'sites',
    validateSearch: validateFilesSearch,
    component: lazyPage(pages, 'SitesPage'),
  });
  return files.addChildren([index, types, sites]);
}
