/**
 * The Cartography route (the manifest's prefix `cartography`), registered by the app's route
 * table, which gives it the addresses its features lead to (app/record-links.ts). In the entry:
 * only the guard and the search validation (the declarations' strings name the incidents'
 * statuses and severities); the page, MapLibre and its stylesheet load with the
 * route (components/MapPage.tsx imports MapLibre on demand).
 *
 *   /cartography    the map (?type=&status=&from=&to= filters)
 */
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { lazyPage } from '../../lib/lazy-page';
import { mapPowers } from '../../../common/modules/cartography/access';
import { getEnvelopeState } from '../../lib/envelope-store';
import { i18n } from '../../lib/i18n';
import type { MapLinks } from './paths';
import { validateMapSearch } from './search';
import { refuseRights } from '../../lib/route-guards';

/** cartography.read or any cartography_advanced read right, else spec section 8's toast and away. */
function requireMap(): void {
  if (mapPowers(getEnvelopeState().rights).map) return;
  refuseRights(['cartography']);
}

export function moduleRoutes(parent: AnyRoute, links: MapLinks) {
  const MapPage = lazyPage(() => import('./components/MapPage'), 'MapPage');
  return createRoute({
    getParentRoute: () => parent,
    path: 'cartography',
    beforeLoad: requireMap,
    validateSearch: validateMapSearch,
    loader: () => Promise.all([i18n.loadNamespaces(['cartography', 'declarations', 'components']), MapPage.preload?.()]),
    component: function CartographyRoute() {
      return <MapPage links={links} />;
    },
  });
}
