/**
 * The share links' routes below /third-party (../routes.tsx):
 *
 *   /third-party            the district's links (recipient, items, expiry, state, last access), CSV export
 *   /third-party/new        share a site's items; prefilled by `?siteId=<uuid>&items=<kind>:<uuid>,…&email=`
 *                           (the files explorer, the prevention plans, a site's sheet open it so)
 *   /third-party/$linkId    a link's sheet: its address (on the device that made it), items, access log, extend, revoke
 */
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { lazyPage } from '../../../lib/lazy-page';
import { isUuid } from '../../../../common/uuid';
import { uuidParams } from '../../../lib/route-guards';

const pages = () => import('./components/pages');

export interface NewLinkSearch {
  siteId?: string;
  items?: string;
  email?: string;
}

export const validateNewLinkSearch = (raw: Record<string, unknown>): NewLinkSearch => ({
  ...(typeof raw.siteId === 'string' && isUuid(raw.siteId) ? { siteId: raw.siteId.toLowerCase() } : {}),
  ...(typeof raw.items === 'string' && raw.items.length <= 4000 ? { items: raw.items } : {}),
  ...(typeof raw.email === 'string' && raw.email.length <= 254 ? { email: raw.email } : {}),
});

export function linksChildren(prefix: AnyRoute) {
  const list = createRoute({ getParentRoute: () => prefix, path: '/', component: lazyPage(pages, 'LinksListPage') });
  const create = createRoute({ getParentRoute: () => prefix, path: 'new', validateSearch: validateNewLinkSearch, component: lazyPage(pages, 'NewLinkPage') });
  const sheet = createRoute({
    getParentRoute: () => prefix,
    path: '$linkId',
    params: uuidParams('linkId'),
    component: lazyPage(pages, 'LinkSheetPage'),
  });
  return [list, create, sheet] as const;
}
