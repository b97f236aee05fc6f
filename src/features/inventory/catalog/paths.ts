/**
 * The catalog part's addresses, under either prefix: /inventory (article, object, catalog) and
 * /inventory-v2 (article, equipment, categories). The screens are the same; the base says which
 * module the user is in, so links and Back stay there.
 */
import type { ModuleLinks } from '../../../lib/app-module';
import { defaultStringifySearch, useLocation } from '@tanstack/react-router';
import { EQUIPMENT_CODE_PATH } from '../../../../common/modules/inventory/codes';

export interface CatalogBase {
  prefix: '/inventory' | '/inventory-v2';
  /** The items' path segment: `object` (inventory) or `equipment` (inventory-v2). */
  items: 'object' | 'equipment';
  /** The categories' path segment. */
  categories: 'catalog' | 'categories';
  /** The manifest feature of the prefix. */
  feature: 'inventory' | 'inventoryV2';
}

export const INVENTORY_BASE: CatalogBase = { prefix: '/inventory', items: 'object', categories: 'catalog', feature: 'inventory' };
export const INVENTORY_V2_BASE: CatalogBase = { prefix: '/inventory-v2', items: 'equipment', categories: 'categories', feature: 'inventoryV2' };

export const baseOfPath = (pathname: string): CatalogBase => (pathname.startsWith('/inventory-v2') ? INVENTORY_V2_BASE : INVENTORY_BASE);
export function useCatalogBase(): CatalogBase {
  return baseOfPath(useLocation({ select: (location) => location.pathname }));
}

const query = (search: object | undefined) => (search === undefined ? '' : defaultStringifySearch(search as Record<string, unknown>));
const id = (value: string) => encodeURIComponent(value);

export const categoriesHref = (b: CatalogBase) => `${b.prefix}/${b.categories}`;
export const articlesHref = (b: CatalogBase, search?: object) => `${b.prefix}/article${query(search)}`;
export const articleHref = (b: CatalogBase, articleId: string, search?: object) => `${b.prefix}/article/${id(articleId)}${query(search)}`;
export const articleNewHref = (b: CatalogBase) => `${b.prefix}/article/new`;
export const articleEditHref = (b: CatalogBase, articleId: string) => `${b.prefix}/article/${id(articleId)}/edit`;
export const equipmentListHref = (b: CatalogBase, search?: object) => `${b.prefix}/${b.items}${query(search)}`;
export const equipmentHref = (b: CatalogBase, itemId: string, search?: object) => `${b.prefix}/${b.items}/${id(itemId)}${query(search)}`;
/** The new item form, prefilled (`tag`, `serial`, `barcode`, `article`, `site`). */
export const equipmentNewHref = (b: CatalogBase, prefill?: object) => `${b.prefix}/${b.items}/new${query(prefill)}`;
export const equipmentEditHref = (b: CatalogBase, itemId: string) => `${b.prefix}/${b.items}/${id(itemId)}/edit`;
/** The item's sheet the QR labels hold (common/modules/inventory/codes.ts). */
export const equipmentCodeHref = (itemId: string) => `${EQUIPMENT_CODE_PATH}${id(itemId)}`;
/** Other modules' pages, by their addresses only. */
export const actionHref = (actionId: string) => `/actionPlan/actions/${id(actionId)}`;
export const supplierHref = (supplierId: string) => `/supplier/supplier-view/${id(supplierId)}`;
export const contractHref = (contractId: string) => `/contract/contract-view/${id(contractId)}`;
export const siteHref = (siteId: string) => `/site/${id(siteId)}`;

/** The addresses the app gives the family's routes (lib/app-module.ts ModuleLinks), kept when the routes are built. */
let routeLinks: Pick<ModuleLinks, 'inspection'> | null = null;
export const setRouteLinks = (links: Pick<ModuleLinks, 'inspection'>): void => {
  routeLinks = links;
};
/** An inspection (Questionnaires' own address, from the route's links). */
export const inspectionHref = (inspectionId: string): string | null => routeLinks?.inspection(inspectionId) ?? null;
/** The scan part's pages (src/features/inventory/audit). */
export const SCAN_HREF = '/inventory-v2/scan';
export const LABELS_HREF = '/inventory-v2/labels';
export const AUDITS_HREF = '/inventory-v2/audits';
