/**
 * The Cartography management route subtree (the manifest's prefix `cartographyManagement`),
 * one route per view of the manifest, each guarded by the power that opens it
 * (common/modules/cartography/access.ts). The pages load with their routes; the map editor's
 * MapLibre with the pages that draw a map.
 *
 *   /cartographyManagement                               → the first view the rights open
 *   /cartographyManagement/interestPoint/view            the points of interest (list and map; managers create, move, edit, delete)
 *   /cartographyManagement/interestPoint/management      the points' categories (name, icon, colour)
 *   /cartographyManagement/layer/mapsArea                the map areas (drawn or imported polygons)
 *   /cartographyManagement/layer/mapsAreaGroup           the groups of areas
 *   /cartographyManagement/incidentAll/incident          the incidents (declarations with a position) and their status
 *   /cartographyManagement/layer/layerManagement         the layers (name, style, order, shown by default)
 */
import { createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import { lazyPage } from '../../../lib/lazy-page';
import { DEFAULT_PAGE } from '../../../../common/constants';
import { mapPowers } from '../../../../common/modules/cartography/access';
import { cartographyManagement } from '../../../../common/modules/cartographyManagement';
import { can } from '../../../../common/rights';
import { getEnvelopeState } from '../../../lib/envelope-store';
import { i18n } from '../../../lib/i18n';
import { MANAGEMENT_VIEWS, managementHref, openViews, type ManagementViewLabel } from './paths';
import { refuseRights } from '../../../lib/route-guards';

function refuse(away: string): never {
  refuseRights(['cartographyManagement'], away);
}

const firstView = (): string | undefined => {
  const [first] = openViews(mapPowers(getEnvelopeState().rights));
  return first === undefined ? undefined : managementHref(first.label);
};

/** The page of each view, from its own file (loaded with its route); the incidents' one is given the links (moduleRoutes). */
const PAGES: Record<Exclude<ManagementViewLabel, 'incident'>, ReturnType<typeof lazyPage>> = {
  interestPointView: lazyPage(() => import('./components/PointsPage'), 'PointsPage'),
  interestPointManagement: lazyPage(() => import('./components/CategoriesPage'), 'CategoriesPage'),
  mapsArea: lazyPage(() => import('./components/AreasPage'), 'AreasPage'),
  mapsAreaGroup: lazyPage(() => import('./components/AreaGroupsPage'), 'AreaGroupsPage'),
  layerManagement: lazyPage(() => import('./components/LayersPage'), 'LayersPage'),
};

/** Where the incidents lead (a declaration's sheet), given by the app's route table (features do not import each other). */
export interface ManagementLinks {
  declaration: (id: string) => string;
}

export function moduleRoutes(parent: AnyRoute, links?: ManagementLinks) {
  const IncidentsPage = lazyPage(() => import('./components/IncidentsPage'), 'IncidentsPage');
  const root = createRoute({
    getParentRoute: () => parent,
    path: cartographyManagement.prefix,
    beforeLoad: () => {
      const rights = getEnvelopeState().rights;
      if (!cartographyManagement.opens.some((feature) => can(rights, feature, 'read'))) refuse(DEFAULT_PAGE);
    },
    loader: () => i18n.loadNamespaces(['cartography', 'declarations', 'components']),
    component: lazyPage(() => import('./components/ManagementLayout'), 'ManagementLayout'),
  });
  const index = createRoute({
    getParentRoute: () => root,
    path: '/',
    beforeLoad: () => {
      throw redirect({ href: firstView() ?? DEFAULT_PAGE, replace: true });
    },
  });
  const views = MANAGEMENT_VIEWS.map((view) =>
    createRoute({
      getParentRoute: () => root,
      path: view.path,
      beforeLoad: () => {
        if (!mapPowers(getEnvelopeState().rights)[view.power]) refuse(firstView() ?? DEFAULT_PAGE);
      },
      component:
        view.label === 'incident'
          ? function IncidentsRoute() {
              return <IncidentsPage {...(links === undefined ? {} : { links })} />;
            }
          : PAGES[view.label],
    }),
  );
  return root.addChildren([index, ...views]);
}
