/** The Contacts addresses (the manifest's prefix `contact-v2`), built in one place. */
import { defaultStringifySearch } from '@tanstack/react-router';
import type { ContactListSearch } from './search';

export const CONTACT_PREFIX = '/contact-v2';
export const CONTACTS_LIST_PATH = `${CONTACT_PREFIX}/contacts`;

const query = (search: ContactListSearch | undefined) => (search === undefined ? '' : defaultStringifySearch(search as Record<string, unknown>));

export const contactsListHref = (search?: ContactListSearch) => `${CONTACTS_LIST_PATH}${query(search)}`;
/** A contact's sheet; the list's search rides along (the list beside it on a wide screen). */
export const contactHref = (id: string, search?: ContactListSearch) => `${CONTACTS_LIST_PATH}/${encodeURIComponent(id)}${query(search)}`;
export const contactEditHref = (id: string) => `${CONTACTS_LIST_PATH}/${encodeURIComponent(id)}/edit`;
export const contactNewHref = () => `${CONTACT_PREFIX}/new`;
export const contactImportHref = () => `${CONTACT_PREFIX}/import`;
export const duplicatesHref = () => `${CONTACT_PREFIX}/duplicates`;
/** A supplier's sheet, by its address only (a feature never imports another). */
export const supplierSheetHref = (supplierId: string) => `/supplier/supplier-view/${encodeURIComponent(supplierId)}`;
/** A site's sheet, by its address only. */
export const siteSheetHref = (siteId: string) => `/site/${encodeURIComponent(siteId)}`;
