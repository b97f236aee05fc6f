/**
 * The catalog's and the equipment's routes below /inventory and /inventory-v2 (../routes.tsx).
 * Guards, search validation and the lists' first page only; the pages come from the part's
 * chunks (components/list-pages.tsx for the lists, components/pages.tsx for the sheets,
 * components/manage-pages.tsx for managers).
 *
 *   /inventory                 → catalog, else article, else object (the menu's first target the rights allow)
 *   /inventory/catalog         the categories (custom fields, check period, checklist; managers edit)
 *   /inventory/article[/new|/$articleId[/edit]]     the articles
 *   /inventory/object[/new|/$equipmentId[/edit]]    the equipment (new: ?tag=, ?serial=, ?barcode= prefill)
 *   /inventory-v2              → article, else equipment
 *   /inventory-v2/categories, /article…, /equipment…   the same screens
 *
 * Reading takes the prefix's feature read right; creating and editing its manage right. A
 * field user's check and out-of-order report are made on the item's sheet.
 */
import { createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import { lazyPage, prefetchWith } from '../../../lib/lazy-page';
import { DEFAULT_PAGE } from '../../../../common/constants';
import { inventory as inventoryManifest } from '../../../../common/modules/inventory';
import { inventoryV2 as inventoryV2Manifest } from '../../../../common/modules/inventoryV2';
import type { RouterContext } from '../../../app/router';
import { getEnvelopeState } from '../../../lib/envelope-store';
import { INVENTORY_BASE, INVENTORY_V2_BASE, type CatalogBase } from './paths';
import { validateArticleSearch, validateEquipmentNew, validateEquipmentSearch, type ArticleListSearch, type EquipmentListSearch } from './search';
import { requireCan, uuidParams } from '../../../lib/route-guards';

const listPages = () => import('./components/list-pages');
const kinds = () => import('./kinds');
const pages = () => import('./components/pages');
const managePages = () => import('./components/manage-pages');

const requireManage = (base: CatalogBase, back: string) => requireCan(base.feature, 'manage', back);

/** The manifest's first menu target the session's rights allow (its last one otherwise). */
function firstTarget(menu: readonly { targets: readonly { to: string; anyRight?: readonly string[] }[] }[]): string {
  const held = new Set(getEnvelopeState().rights);
  const targets = menu[0]?.targets ?? [];
  return targets.find((t) => t.anyRight === undefined || t.anyRight.some((r) => held.has(r)))?.to ?? targets.at(-1)?.to ?? DEFAULT_PAGE;
}

const byArticle = uuidParams('articleId');
const byEquipment = uuidParams('equipmentId');

function catalogRoutes(prefix: AnyRoute, base: CatalogBase, menu: Parameters<typeof firstTarget>[0]) {
  const articleList = `${base.prefix}/article`;
  const itemList = `${base.prefix}/${base.items}`;
  const index = createRoute({
    getParentRoute: () => prefix,
    path: '/',
    beforeLoad: () => {
      throw redirect({ href: firstTarget(menu), replace: true });
    },
  });
  const categoryList = createRoute({
    getParentRoute: () => prefix,
    path: base.categories,
    loader: ({ context }: { context: RouterContext }) => prefetchWith(kinds, ({ categories }) => context.queryClient.prefetchQuery(categories.allQueryOptions())),
    component: lazyPage(managePages, 'CategoriesPage'),
  });
  const articlesPage = createRoute({
    getParentRoute: () => prefix,
    path: 'article',
    validateSearch: validateArticleSearch,
    loaderDeps: ({ search }: { search: ArticleListSearch }) => search,
    loader: ({ context, deps }: { context: RouterContext; deps: ArticleListSearch }) => prefetchWith(kinds, ({ articles }) => context.queryClient.prefetchInfiniteQuery(articles.pagesQueryOptions(deps))),
    component: lazyPage(listPages, 'ArticlesListPage'),
  });
  const articleNew = createRoute({
    getParentRoute: () => prefix,
    path: 'article/new',
    beforeLoad: () => requireManage(base, articleList),
    component: lazyPage(managePages, 'ArticleNewPage'),
  });
  const articleSheet = createRoute({
    getParentRoute: () => prefix,
    path: 'article/$articleId',
    params: byArticle,
    validateSearch: validateArticleSearch,
    component: lazyPage(pages, 'ArticleSheetPage'),
  });
  const articleEdit = createRoute({
    getParentRoute: () => prefix,
    path: 'article/$articleId/edit',
    params: byArticle,
    beforeLoad: () => requireManage(base, articleList),
    component: lazyPage(managePages, 'ArticleEditPage'),
  });
  const itemsPage = createRoute({
    getParentRoute: () => prefix,
    path: base.items,
    validateSearch: validateEquipmentSearch,
    loaderDeps: ({ search }: { search: EquipmentListSearch }) => search,
    loader: ({ context, deps }: { context: RouterContext; deps: EquipmentListSearch }) => prefetchWith(kinds, ({ equipment }) => context.queryClient.prefetchInfiniteQuery(equipment.pagesQueryOptions(deps))),
    component: lazyPage(listPages, 'EquipmentListPage'),
  });
  const itemNew = createRoute({
    getParentRoute: () => prefix,
    path: `${base.items}/new`,
    validateSearch: validateEquipmentNew,
    beforeLoad: () => requireManage(base, itemList),
    component: lazyPage(managePages, 'EquipmentNewPage'),
  });
  const itemSheet = createRoute({
    getParentRoute: () => prefix,
    path: `${base.items}/$equipmentId`,
    params: byEquipment,
    validateSearch: validateEquipmentSearch,
    component: lazyPage(pages, 'EquipmentSheetPage'),
  });
  const itemEdit = createRoute({
    getParentRoute: () => prefix,
    path: `${base.items}/$equipmentId/edit`,
    params: byEquipment,
    beforeLoad: () => requireManage(base, itemList),
    component: lazyPage(managePages, 'EquipmentEditPage'),
  });
  return [index, categoryList, articlesPage, articleNew, articleSheet, articleEdit, itemsPage, itemNew, itemSheet, itemEdit] as const;
}

export function inventoryChildren(prefix: AnyRoute) {
  return catalogRoutes(prefix, INVENTORY_BASE, inventoryManifest.menu);
}

export function inventoryV2Children(prefix: AnyRoute) {
  return catalogRoutes(prefix, INVENTORY_V2_BASE, inventoryV2Manifest.menu);
}
