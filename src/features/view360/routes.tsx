/**
 * The 360 route subtree (the manifest's prefix `360`), registered by the app's route table. A
 * tour belongs to its site: the Sites read right opens it.
 *
 *   /360                                   → the sites' list (a tour opens from a site's sheet)
 *   /360/site/$siteId?stage=&marker=       the site's tour (markers, arrows, findings, gyroscope)
 *   /360/site/$siteId/compare/$stageId     two captures of a stage side by side
 */
import { createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import { lazyPage } from '../../lib/lazy-page';
import type { RouterContext } from '../../app/router';
import type { ModuleLinks } from '../../lib/app-module';
import { i18n } from '../../lib/i18n';
import { setLinks } from './links';
import type { TourSearch } from './paths';
import { isUuid } from '../../../common/uuid';
import { requireCan, uuidParams } from '../../lib/route-guards';

const pages = () => import('./components/pages');

const validateTourSearch = (raw: Record<string, unknown>): TourSearch => ({
  ...(typeof raw.stage === 'string' && isUuid(raw.stage) ? { stage: raw.stage } : {}),
  ...(typeof raw.marker === 'string' && isUuid(raw.marker) ? { marker: raw.marker } : {}),
});

export function moduleRoutes(parent: AnyRoute, links: ModuleLinks) {
  setLinks(links);
  const root = createRoute({
    getParentRoute: () => parent,
    path: '360',
    beforeLoad: () => requireCan('sites', 'read'),
    loader: () => i18n.loadNamespaces(['view360', 'components']),
  });
  const index = createRoute({
    getParentRoute: () => root,
    path: '/',
    beforeLoad: () => {
      throw redirect({ href: '/sites', replace: true });
    },
  });
  const tour = createRoute({
    getParentRoute: () => root,
    path: 'site/$siteId',
    params: uuidParams('siteId'),
    validateSearch: validateTourSearch,
    loaderDeps: ({ search }: { search: TourSearch }) => search,
    // The viewer's chunk, the tour and its first image all start now, side by side.
    loader: ({ context, params, deps }: { context: RouterContext; params: { siteId: string }; deps: TourSearch }) => {
      void pages();
      void import('./start-tour').then((m) => m.startTour(context.queryClient, params.siteId, deps));
    },
    component: lazyPage(pages, 'TourPage'),
  });
  const compare = createRoute({
    getParentRoute: () => root,
    path: 'site/$siteId/compare/$stageId',
    params: uuidParams('siteId', 'stageId'),
    component: lazyPage(pages, 'ComparePage'),
  });
  return root.addChildren([index, tour, compare]);
}
