/**
 * The stock's reads and writes in the app. Reads are TanStack queries kept on the device
 * (`meta: { offline: true }`, and the offline declaration of start.ts): the areas, the articles,
 * the levels, the ledger, the loans, the counts with their lines. Every write goes through the
 * outbox with its own kind, so it works offline, shows at once marked as waiting and is
 * delivered once (the client's id makes each write idempotent on the server, and the outbox
 * sends it with its Idempotency-Key):
 *
 * - `stock.movement` (incoming, outgoing, transfer, adjustment), `stock.loan`, `stock.loanReturn`,
 *   `stock.limits`, `stock.countStart`, `stock.countEntry` (a counter's increment), `stock.countClose`;
 * - the areas are a record kind of the record core (defineRecordKind).
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  CountCloseBody,
  CountEntryBody,
  Loan,
  LoanCreate,
  LoanState,
  MovementCreate,
  MovementPage,
  StockArea,
  StockAreaFields,
  StockArticle,
  StockCount,
  StockLevel,
  StockLimitsBody,
  StockRecap,
} from '../../../../common/modules/inventory/stock';
import { apiGet } from '../../../lib/api-client';
import { enqueueWrite, registerSender, sendWrite } from '../../../lib/outbox';
import { defineRecordKind } from '../../../lib/record-kind';

export const STOCK_MODULE = 'stock';
const API = 'inventory/stock';

export const areas = defineRecordKind<StockAreaFields, StockArea, StockArea>({
  module: STOCK_MODULE,
  kind: 'areas',
  path: `${API}/areas`,
  fields: ['name', 'kind', 'parentId', 'siteId', 'notes'],
});

const offline = { staleTime: 30_000, meta: { offline: true } } as const;

export const stockKeys = {
  articles: [STOCK_MODULE, 'articles'] as const,
  levels: (filter: { areaId?: string; articleId?: string; low?: boolean }) => [STOCK_MODULE, 'levels', filter] as const,
  movements: (filter: { kind?: string; areaId?: string; articleId?: string }) => [STOCK_MODULE, 'movements', filter] as const,
  loans: (state?: LoanState) => [STOCK_MODULE, 'loans', state ?? 'all'] as const,
  counts: [STOCK_MODULE, 'counts'] as const,
  count: (id: string) => [STOCK_MODULE, 'count', id] as const,
  recap: [STOCK_MODULE, 'recap'] as const,
};

const search = (filter: Record<string, string | boolean | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined && value !== '' && value !== false) params.set(key, String(value));
  return params;
};

export const articlesQuery = () => queryOptions({ queryKey: stockKeys.articles, queryFn: ({ signal }) => apiGet<StockArticle[]>(`${API}/articles`, { signal }), ...offline });
export const levelsQuery = (filter: { areaId?: string; articleId?: string; low?: boolean } = {}) =>
  queryOptions({ queryKey: stockKeys.levels(filter), queryFn: ({ signal }) => apiGet<StockLevel[]>(`${API}/levels`, { searchParams: search(filter), signal }), ...offline });
export const movementsQuery = (filter: { kind?: string; areaId?: string; articleId?: string } = {}) =>
  queryOptions({ queryKey: stockKeys.movements(filter), queryFn: ({ signal }) => apiGet<MovementPage>(`${API}/movements`, { searchParams: search(filter), signal }), ...offline });
export const loansQuery = (state?: LoanState) =>
  queryOptions({ queryKey: stockKeys.loans(state), queryFn: ({ signal }) => apiGet<Loan[]>(`${API}/loans`, { searchParams: search({ state }), signal }), ...offline });
export const countsQuery = () => queryOptions({ queryKey: stockKeys.counts, queryFn: ({ signal }) => apiGet<StockCount[]>(`${API}/counts`, { signal }), ...offline });
export const countQuery = (id: string) => queryOptions({ queryKey: stockKeys.count(id), queryFn: ({ signal }) => apiGet<StockCount>(`${API}/counts/${encodeURIComponent(id)}`, { signal }), ...offline });
export const recapQuery = () => queryOptions({ queryKey: stockKeys.recap, queryFn: ({ signal }) => apiGet<StockRecap>(`${API}/recap`, { signal }), staleTime: 30_000 });

/** The CSV exports' paths (downloadList). */
export const EXPORTS = {
  areas: `${API}/areas/export.csv`,
  levels: `${API}/levels/export.csv`,
  movements: `${API}/movements/export.csv`,
  loans: `${API}/loans/export.csv`,
  count: (id: string) => `${API}/counts/${encodeURIComponent(id)}/export.csv`,
  recap: `${API}/recap/export.csv`,
};

// ---------------------------------------------------------------- writes

export const WRITES = {
  movement: 'stock.movement',
  loan: 'stock.loan',
  loanReturn: 'stock.loanReturn',
  limits: 'stock.limits',
  countStart: 'stock.countStart',
  countEntry: 'stock.countEntry',
  countClose: 'stock.countClose',
} as const;

/** Queues a movement with the device's id; answers the id. */
export async function queueMovement(body: Omit<MovementCreate, 'id' | 'at'>): Promise<string> {
  const id = crypto.randomUUID();
  await enqueueWrite({ kind: WRITES.movement, module: STOCK_MODULE, recordId: id, baseVersion: null, payload: { id, at: new Date().toISOString(), ...body } satisfies MovementCreate });
  return id;
}

export async function queueLoan(body: Omit<LoanCreate, 'id' | 'at'>): Promise<string> {
  const id = crypto.randomUUID();
  await enqueueWrite({ kind: WRITES.loan, module: STOCK_MODULE, recordId: id, baseVersion: null, payload: { id, at: new Date().toISOString(), ...body } satisfies LoanCreate });
  return id;
}

export const queueLoanReturn = (loanId: string) =>
  enqueueWrite({ kind: WRITES.loanReturn, module: STOCK_MODULE, recordId: loanId, baseVersion: null, payload: { at: new Date().toISOString() } });

export const queueLimits = (body: StockLimitsBody) =>
  enqueueWrite({ kind: WRITES.limits, module: STOCK_MODULE, recordId: `${body.areaId}:${body.articleId}`, baseVersion: null, payload: body });

/** Starts a count of an area; a blind one hides the expected quantities from its counters. */
export async function queueCountStart(areaId: string, blind = false): Promise<string> {
  const id = crypto.randomUUID();
  await enqueueWrite({ kind: WRITES.countStart, module: STOCK_MODULE, recordId: id, baseVersion: null, payload: { id, areaId, ...(blind ? { blind } : {}) } });
  return id;
}

/** A counter's increment into a count (its record is the count: the count screen lists its pending entries). */
export async function queueCountEntry(countId: string, articleId: string, delta: number, startQuantity: number | null): Promise<string> {
  const id = crypto.randomUUID();
  const payload: CountEntryBody = { id, articleId, delta, startQuantity, at: new Date().toISOString() };
  await enqueueWrite({ kind: WRITES.countEntry, module: STOCK_MODULE, recordId: countId, baseVersion: null, payload, summary: { articleId, delta } });
  return id;
}

export const queueCountClose = (countId: string, body: CountCloseBody) =>
  enqueueWrite({ kind: WRITES.countClose, module: STOCK_MODULE, recordId: countId, baseVersion: null, payload: body });

let registered = false;
/** Every sender of the stock's writes (called by the family's start). */
export function registerStockSenders(): void {
  areas.registerSenders();
  if (registered) return;
  registered = true;
  const post = (path: (recordId: string) => string) => async (item: { recordId: string }, ctx: { payload: unknown; idempotencyKey: string }) => ({
    result: await sendWrite<unknown>('post', path(item.recordId), ctx.payload, ctx.idempotencyKey),
  });
  registerSender(WRITES.movement, post(() => `${API}/movements`), { onConflict: 'fail' });
  registerSender(WRITES.loan, post(() => `${API}/loans`), { onConflict: 'fail' });
  registerSender(WRITES.loanReturn, post((id) => `${API}/loans/${encodeURIComponent(id)}/return`), { onConflict: 'fail' });
  registerSender(WRITES.limits, post(() => `${API}/limits`), { onConflict: 'fail' });
  registerSender(WRITES.countStart, post(() => `${API}/counts`), { onConflict: 'fail' });
  registerSender(WRITES.countEntry, post((id) => `${API}/counts/${encodeURIComponent(id)}/entries`), { onConflict: 'fail' });
  registerSender(WRITES.countClose, post((id) => `${API}/counts/${encodeURIComponent(id)}/close`), { onConflict: 'fail' });
}
