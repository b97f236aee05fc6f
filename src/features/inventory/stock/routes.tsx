/**
 * The stock's routes below /stock-management (../routes.tsx guards the prefix with the feature
 * `stock`). Route definitions only: the pages are lazily loaded (components/pages.tsx for every
 * reader, components/RecapPage.tsx for managers).
 *
 *   /stock-management                 → the first view the rights allow, in the menu's order
 *   /stock-management/recap-table     articles × areas, totals and value (stockManagement.admin)
 *   /stock-management/stock-area      the areas' tree; ?area= an area's sheet (levels, min/max, movements)
 *   /stock-management/outgoing-stuff  the ledger's outgoing movements and the form to record one
 *   /stock-management/incoming-stuff  the ledger's incoming movements and the form to record one
 *   /stock-management/loan-stuff      loans (open, overdue, returned), lend, return; ?loan= one loan
 *   /stock-management/article         each article's stock; ?low=true the low-stock list; ?article= one article
 *   /stock-management/inventory       count sessions; ?count= one count (count on the phone, close with decisions)
 */
import { createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import { lazyPage } from '../../../lib/lazy-page';
import { DEFAULT_PAGE } from '../../../../common/constants';
import { stockManagement } from '../../../../common/modules/stockManagement';
import { getEnvelopeState } from '../../../lib/envelope-store';
import { can } from '../../../lib/rights';
import { isUuid } from '../../../../common/uuid';
import { refuseRights } from '../../../lib/route-guards';

const pages = () => import('./components/pages');

export interface StockSearch {
  area?: string;
  article?: string;
  loan?: string;
  count?: string;
  low?: boolean;
  state?: 'open' | 'overdue' | 'returned';
}

/** Keeps the known parameters with valid values only (a stale link opens the list). */
export function validateStockSearch(raw: Record<string, unknown>): StockSearch {
  const id = (value: unknown) => (typeof value === 'string' && isUuid(value) ? value : undefined);
  const out: StockSearch = {};
  for (const key of ['area', 'article', 'loan', 'count'] as const) {
    const value = id(raw[key]);
    if (value) out[key] = value;
  }
  if (raw.low === true || raw.low === 'true') out.low = true;
  if (raw.state === 'open' || raw.state === 'overdue' || raw.state === 'returned') out.state = raw.state;
  return out;
}

/** The first menu target the reader's rights allow. */
export function firstStockView(rights: readonly string[]): string | null {
  const held = new Set(rights);
  for (const item of stockManagement.menu) for (const target of item.targets) if ((target.anyRight ?? []).some((r) => held.has(r))) return target.to;
  return null;
}

/** A manager's view: a reader without the admin right goes to its first view, with the rights toast. */
function requireStockManager(): void {
  const rights = getEnvelopeState().rights;
  if (can(rights, 'stock', 'manage')) return;
  refuseRights(['stock'], firstStockView(rights) ?? DEFAULT_PAGE);
}

export function stockChildren(prefix: AnyRoute) {
  const index = createRoute({
    getParentRoute: () => prefix,
    path: '/',
    beforeLoad: () => {
      throw redirect({ href: firstStockView(getEnvelopeState().rights) ?? DEFAULT_PAGE, replace: true });
    },
  });
  const view = (path: string, page: 'AreasPage' | 'OutgoingPage' | 'IncomingPage' | 'LoansPage' | 'ArticlesPage' | 'CountsPage') =>
    createRoute({
      getParentRoute: () => prefix,
      path,
      validateSearch: validateStockSearch,
      component: lazyPage(pages, page),
    });
  const recap = createRoute({
    getParentRoute: () => prefix,
    path: 'recap-table',
    beforeLoad: requireStockManager,
    component: lazyPage(() => import('./components/RecapPage'), 'RecapPage'),
  });
  return [
    index,
    recap,
    view('stock-area', 'AreasPage'),
    view('outgoing-stuff', 'OutgoingPage'),
    view('incoming-stuff', 'IncomingPage'),
    view('loan-stuff', 'LoansPage'),
    view('article', 'ArticlesPage'),
    view('inventory', 'CountsPage'),
  ] as const;
}
