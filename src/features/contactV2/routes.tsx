/**
 * The Contacts route subtree (the manifest's prefix `contact-v2`), registered by the app's route
 * table. Guards, search validation and the list's first page only; the pages come from the
 * module's chunks (components/pages.tsx for readers, components/manage-pages.tsx for managers).
 *
 *   /contact-v2                              → /contact-v2/contacts
 *   /contact-v2/contacts                     the list (search, company, site, role, archived)
 *   /contact-v2/contacts/$contactId          the sheet (reach, company, sites, history)
 *   /contact-v2/contacts/$contactId/edit     edit (contactV2.admin)
 *   /contact-v2/new                          create (contactV2.admin)
 *   /contact-v2/import                       vCard import (contactV2.admin)
 *   /contact-v2/duplicates                   duplicates to merge (contactV2.admin)
 */
import { createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import { lazyPage, prefetchWith } from '../../lib/lazy-page';
import type { RouterContext } from '../../app/router';
import { i18n } from '../../lib/i18n';
import { CONTACTS_LIST_PATH } from './paths';
import { validateContactSearch, type ContactListSearch } from './search';
import { requireCan, uuidParams } from '../../lib/route-guards';
import type { Action } from '../../lib/rights';

const pages = () => import('./components/pages');
const kinds = () => import('./kinds');
const managePages = () => import('./components/manage-pages');

const requireContacts = (action: Action) => requireCan('contactV2', action, CONTACTS_LIST_PATH);

const byContact = uuidParams('contactId');

export function moduleRoutes(parent: AnyRoute) {
  const root = createRoute({
    getParentRoute: () => parent,
    path: 'contact-v2',
    beforeLoad: () => requireContacts('read'),
    loader: () => i18n.loadNamespaces(['contact-v2', 'components']),
    component: lazyPage(() => import('./components/ContactLayout'), 'ContactLayout'),
  });
  const index = createRoute({
    getParentRoute: () => root,
    path: '/',
    beforeLoad: () => {
      throw redirect({ href: CONTACTS_LIST_PATH, replace: true });
    },
  });
  const list = createRoute({
    getParentRoute: () => root,
    path: 'contacts',
    validateSearch: validateContactSearch,
    loaderDeps: ({ search }: { search: ContactListSearch }) => search,
    loader: ({ context, deps }: { context: RouterContext; deps: ContactListSearch }) => {
      prefetchWith(kinds, ({ contacts }) => context.queryClient.prefetchInfiniteQuery(contacts.pagesQueryOptions(deps)));
    },
    component: lazyPage(pages, 'ContactsListPage'),
  });
  const sheet = createRoute({
    getParentRoute: () => root,
    path: 'contacts/$contactId',
    params: byContact,
    validateSearch: validateContactSearch,
    component: lazyPage(pages, 'ContactSheetPage'),
  });
  const edit = createRoute({
    getParentRoute: () => root,
    path: 'contacts/$contactId/edit',
    params: byContact,
    beforeLoad: () => requireContacts('manage'),
    component: lazyPage(managePages, 'ContactEditPage'),
  });
  const create = createRoute({
    getParentRoute: () => root,
    path: 'new',
    beforeLoad: () => requireContacts('manage'),
    component: lazyPage(managePages, 'ContactNewPage'),
  });
  const importPage = createRoute({
    getParentRoute: () => root,
    path: 'import',
    beforeLoad: () => requireContacts('manage'),
    component: lazyPage(managePages, 'ContactImportPage'),
  });
  const duplicates = createRoute({
    getParentRoute: () => root,
    path: 'duplicates',
    beforeLoad: () => requireContacts('manage'),
    component: lazyPage(managePages, 'DuplicatesPage'),
  });
  return root.addChildren([index, list, sheet, edit, create, importPage, duplicates]);
}
