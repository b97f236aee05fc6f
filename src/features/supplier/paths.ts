/** The Suppliers addresses (the manifest's prefix `supplier`, its view `supplier-view`), built in one place. */
import { defaultStringifySearch } from '@tanstack/react-router';
import type { SupplierListSearch } from './search';

export const SUPPLIER_PREFIX = '/supplier';
export const SUPPLIERS_LIST_PATH = `${SUPPLIER_PREFIX}/supplier-view`;

const query = (search: SupplierListSearch | undefined) => (search === undefined ? '' : defaultStringifySearch(search as Record<string, unknown>));

export const suppliersListHref = (search?: SupplierListSearch) => `${SUPPLIERS_LIST_PATH}${query(search)}`;
/** A supplier's sheet; the list's search rides along (the list beside it on a wide screen). */
export const supplierHref = (id: string, search?: SupplierListSearch) => `${SUPPLIERS_LIST_PATH}/${encodeURIComponent(id)}${query(search)}`;
export const supplierEditHref = (id: string) => `${SUPPLIERS_LIST_PATH}/${encodeURIComponent(id)}/edit`;
export const supplierNewHref = () => `${SUPPLIER_PREFIX}/new`;
export const documentNewHref = (supplierId: string) => `${SUPPLIERS_LIST_PATH}/${encodeURIComponent(supplierId)}/documents/new`;
export const documentEditHref = (supplierId: string, documentId: string) =>
  `${SUPPLIERS_LIST_PATH}/${encodeURIComponent(supplierId)}/documents/${encodeURIComponent(documentId)}`;
export const tradesHref = () => `${SUPPLIER_PREFIX}/trades`;
