/**
 * The choices of the Contacts forms and filters, apart from kinds.ts (which the shell's entry
 * loads with the routes): the site picker's and the company picker's reads, in the screens' chunks.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { siteChoicesQueryOptions as siteChoicesQuery } from '../../lib/site-choices';
import { CONTACT_MODULE } from './kinds';

/** The site picker's choices (GET /api/contact-v2/sites, the contacts' read right). */
export const siteChoicesQueryOptions = (search = '') =>
  siteChoicesQuery({ queryKey: [CONTACT_MODULE, 'sites', search.trim()], keptKey: [CONTACT_MODULE, 'sites', ''], path: 'contact-v2/sites', search, staleTime: 5 * 60_000 });

/** The company picker's choices: the district's suppliers by name (their read right; none without it). */
export const supplierChoicesQueryOptions = (search = '') =>
  queryOptions({
    queryKey: [CONTACT_MODULE, 'suppliers', search.trim()],
    queryFn: ({ signal }) => apiGet<{ items: { id: string; name: string }[] }>('supplier/suppliers', { searchParams: { limit: '50', ...(search.trim() ? { search: search.trim() } : {}) }, signal }).then((page) => page.items),
    staleTime: 5 * 60_000,
    retry: false,
  });
