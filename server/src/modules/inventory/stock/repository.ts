/**
 * Every query of the stock, scoped to the session's district: the areas (a record kind of the
 * record core), the levels and articles as the screens read them, the ledger's movements (its
 * posted kinds: incoming, outgoing, transfer, adjustment), the loans, the counts and the recap.
 */
import { randomUUID } from 'node:crypto';
import {
  STOCK_ERRORS,
  type CountCloseBody,
  type CountEntryBody,
  type CountLine,
  type Loan,
  type LoanCreate,
  type LoanState,
  type Movement,
  type MovementCreate,
  type MovementPage,
  type MovementQuery,
  type StockArea,
  type StockAreaFields,
  type StockArticle,
  type StockCount,
  type StockLevel,
  type StockLevelQuery,
  type StockLimitsBody,
  type StockRecap,
} from '../../../../../common/modules/inventory/stock.js';
import type { Queryable } from '../../../db/types.js';
import { ApiError } from '../../../lib/errors.js';
import { districtToday } from '../../_platform/dates.js';
import { RecordStore, trimmedName, type RecordKind } from '../../_platform/record-kind.js';
import { actorNames, actorOf, iso, recordMetaOf, requireLiveSite, type RecordMetaRow, type RecordScope } from '../../_platform/records.js';
import { applyMovement, existingMovement, requireArea, requireArticle, requireQuantity, roundQuantity } from './ledger.js';

export const STOCK_MODULES = { areas: 'stock_areas', movements: 'stock_movements', loans: 'stock_loans', counts: 'stock_counts' } as const;

/** Rows of one read at most (the screens' lists; the recap reads every article). */
const LIST_MAX = 5000;
const MOVEMENTS_PAGE = 100;

/** The right a field user needs to post each kind; transfers and adjustments are managers'. */
export const KIND_RIGHTS = {
  incoming: 'stockManagement.incomingStuff_read',
  outgoing: 'stockManagement.outgoingStuff_read',
  transfer: null,
  adjustment: null,
} as const;
export const ADMIN_RIGHT = 'stockManagement.admin';

interface AreaRow extends RecordMetaRow {
  name: string;
  kind: StockAreaFields['kind'];
  parent_id: string | null;
  site_id: string | null;
  notes: string;
  path: string;
  site_name: string | null;
  article_count: number;
  low_count: number;
  children: number;
  stocked: number;
}

const num = (v: unknown): number => (v === null || v === undefined ? 0 : roundQuantity(Number(v)));
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : roundQuantity(Number(v)));

interface MovementRow {
  id: string;
  seq: string;
  kind: Movement['kind'];
  article_id: string;
  article_name: string;
  unit: string;
  area_id: string;
  area_path: string;
  quantity: number;
  supplier_id: string | null;
  supplier_name: string | null;
  delivery_note: string;
  reason: string;
  recipient: string;
  loan_id: string | null;
  count_id: string | null;
  at: Date;
  by: string;
  note: string;
}

const MOVEMENT_SELECT = `select m.id, m.seq::text as seq, m.kind, m.article_id, a.name as article_name, a.unit, m.area_id, stock_area_path(m.area_id) as area_path,
  m.quantity::float8 as quantity, m.supplier_id, s.name as supplier_name, m.delivery_note, m.reason, m.recipient, m.loan_id, m.count_id, m.at, m.by, m.note
  from stock_movements m join inventory_articles a on a.id = m.article_id left join suppliers s on s.id = m.supplier_id`;

interface LoanRow {
  id: string;
  article_id: string;
  article_name: string;
  unit: string;
  area_id: string;
  area_path: string;
  quantity: number;
  borrower: string;
  due_on: string;
  lent_at: Date;
  lent_by: string;
  returned_at: Date | null;
  note: string;
}

const LOAN_SELECT = `select l.id, l.article_id, a.name as article_name, a.unit, l.area_id, stock_area_path(l.area_id) as area_path, l.quantity::float8 as quantity,
  l.borrower, l.due_on::text as due_on, l.lent_at, l.lent_by, l.returned_at, l.note
  from stock_loans l join inventory_articles a on a.id = l.article_id`;

/** A count's line with its figures (what a manager sees, and what closing reads). */
type FullCountLine = CountLine & { startQuantity: number; movedSince: number; expected: number };

interface CountRow {
  id: string;
  area_id: string;
  area_path: string;
  status: 'open' | 'closed';
  start_seq: string;
  started_at: Date;
  started_by: string;
  closed_at: Date | null;
  note: string;
  blind: boolean;
  line_count: number;
}

export class StockRepository {
  readonly store: RecordStore;

  constructor(
    readonly scope: RecordScope,
    private readonly rights: readonly string[],
  ) {
    this.store = new RecordStore(scope);
  }

  get manage(): boolean {
    return this.rights.includes(ADMIN_RIGHT);
  }

  private get db(): Queryable {
    return this.scope.db;
  }
  private get districtId(): string {
    return this.scope.districtId;
  }

  /** A field user's own work of a subject: its read right, or the managers'. */
  requireSubject(right: string | null): void {
    if (this.manage) return;
    if (right === null || !this.rights.includes(right)) throw ApiError.forbidden(STOCK_ERRORS.kindRight);
  }

  // ------------------------------------------------------------ areas

  readonly areas: RecordKind<AreaRow, StockAreaFields, StockArea> = {
    module: STOCK_MODULES.areas,
    table: 'stock_areas',
    notFound: STOCK_ERRORS.areaNotFound,
    select: `select t.*, stock_area_path(t.id) as path, (select si.name from sites si where si.id = t.site_id) as site_name,
      (select count(*)::int from stock_levels l where l.area_id = t.id and (l.quantity <> 0 or l.min_quantity is not null)) as article_count,
      (select count(*)::int from stock_levels l where l.area_id = t.id and l.quantity < l.min_quantity) as low_count,
      (select count(*)::int from stock_areas c where c.parent_id = t.id and c.deleted_at is null) as children,
      (select count(*)::int from stock_levels l where l.area_id = t.id and l.quantity <> 0) as stocked
      from stock_areas t`,
    defaults: { parentId: null, siteId: null, notes: '' },
    historyFields: ['name', 'kind', 'parentId', 'siteId', 'notes'],
    fieldsOf: (row) => ({ name: row.name, kind: row.kind, parentId: row.parent_id, siteId: row.site_id, notes: row.notes }),
    columns: (f) => ({ name: f.name, kind: f.kind, parent_id: f.parentId, site_id: f.siteId, notes: f.notes }),
    toRecord: (row, names) => ({
      ...recordMetaOf(row, names),
      name: row.name,
      kind: row.kind,
      parentId: row.parent_id,
      siteId: row.site_id,
      notes: row.notes,
      path: row.path ?? row.name,
      siteName: row.site_name,
      articleCount: row.article_count,
      lowCount: row.low_count,
    }),
    clean: trimmedName,
    check: async (f, _before, id) => {
      await requireLiveSite(this.db, this.districtId, f.siteId, 'inventory.stock.site_not_found');
      if (f.parentId === null) return;
      if (f.parentId === id) throw ApiError.badRequest(STOCK_ERRORS.parentCycle, 'parentId');
      await requireArea(this.db, this.districtId, f.parentId);
      // Walks up from the new parent: meeting the area itself would make a cycle.
      const { rows } = await this.db.query<{ hit: boolean }>(
        `with recursive up (id, parent_id, depth) as (
           select id, parent_id, 0 from stock_areas where id = $1
           union all select p.id, p.parent_id, up.depth + 1 from stock_areas p join up on p.id = up.parent_id where up.depth < 32)
         select exists (select 1 from up where id = $2) as hit`,
        [f.parentId, id],
      );
      if (rows[0]?.hit) throw ApiError.badRequest(STOCK_ERRORS.parentCycle, 'parentId');
    },
    inUse: (row) => (row.children > 0 || row.stocked > 0 ? STOCK_ERRORS.areaInUse : null),
  };

  listAreas(deleted?: 'true' | 'false'): Promise<StockArea[]> {
    return this.store.all(this.areas, 'path, t.id', RecordStore.deletedFilter(deleted, this.manage, STOCK_ERRORS.kindRight));
  }

  // ------------------------------------------------------------ articles and levels

  async articles(): Promise<StockArticle[]> {
    const { rows } = await this.db.query<{
      id: string;
      name: string;
      unit: string;
      barcode: string;
      reference: string;
      category_name: string | null;
      unit_cost_cents: string | null;
      total: number | null;
      low: boolean;
    }>(
      `select a.id, a.name, a.unit, a.barcode, a.reference, c.name as category_name, a.unit_cost_cents::text as unit_cost_cents,
              (select sum(l.quantity)::float8 from stock_levels l join stock_areas ar on ar.id = l.area_id and ar.deleted_at is null where l.article_id = a.id) as total,
              exists (select 1 from stock_levels l join stock_areas ar on ar.id = l.area_id and ar.deleted_at is null where l.article_id = a.id and l.quantity < l.min_quantity) as low
         from inventory_articles a left join inventory_categories c on c.id = a.category_id
        where a.district_id = $1 and a.deleted_at is null
        order by vigie_fold(a.name), a.id limit ${LIST_MAX}`,
      [this.districtId],
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      unit: r.unit,
      barcode: r.barcode,
      reference: r.reference,
      categoryName: r.category_name,
      unitCostCents: r.unit_cost_cents === null ? null : Number(r.unit_cost_cents),
      total: num(r.total),
      low: r.low,
    }));
  }

  async levels(query: StockLevelQuery): Promise<StockLevel[]> {
    const params: unknown[] = [this.districtId];
    const where = ['l.district_id = $1', 'ar.deleted_at is null', '(l.quantity <> 0 or l.min_quantity is not null or l.max_quantity is not null)'];
    if (query.areaId) {
      params.push(query.areaId);
      where.push(`l.area_id = $${params.length}`);
    }
    if (query.articleId) {
      params.push(query.articleId);
      where.push(`l.article_id = $${params.length}`);
    }
    if (query.low === 'true') where.push('l.quantity < l.min_quantity');
    const { rows } = await this.db.query<{ article_id: string; article_name: string; unit: string; area_id: string; area_path: string; quantity: number; min_quantity: number | null; max_quantity: number | null }>(
      `select l.article_id, a.name as article_name, a.unit, l.area_id, stock_area_path(l.area_id) as area_path, l.quantity::float8 as quantity,
              l.min_quantity::float8 as min_quantity, l.max_quantity::float8 as max_quantity
         from stock_levels l join inventory_articles a on a.id = l.article_id and a.deleted_at is null join stock_areas ar on ar.id = l.area_id
        where ${where.join(' and ')}
        order by vigie_fold(a.name), area_path, l.article_id limit ${LIST_MAX}`,
      params,
    );
    return rows.map((r) => {
      const quantity = num(r.quantity);
      const min = numOrNull(r.min_quantity);
      return { articleId: r.article_id, articleName: r.article_name, unit: r.unit, areaId: r.area_id, areaPath: r.area_path, quantity, minQuantity: min, maxQuantity: numOrNull(r.max_quantity), low: min !== null && quantity < min };
    });
  }

  /** A manager sets an article's minimum and maximum in an area. */
  async setLimits(body: StockLimitsBody): Promise<StockLevel> {
    await requireArea(this.db, this.districtId, body.areaId);
    await requireArticle(this.db, this.districtId, body.articleId);
    if (body.minQuantity !== null && body.maxQuantity !== null && body.minQuantity > body.maxQuantity) throw ApiError.badRequest(STOCK_ERRORS.limits, 'maxQuantity');
    await this.db.query(
      `insert into stock_levels (district_id, article_id, area_id, quantity, min_quantity, max_quantity) values ($1, $2, $3, 0, $4, $5)
       on conflict (article_id, area_id) do update set min_quantity = excluded.min_quantity, max_quantity = excluded.max_quantity, updated_at = now(),
         low_noticed_at = case when excluded.min_quantity is null or stock_levels.quantity >= excluded.min_quantity then null else stock_levels.low_noticed_at end`,
      [this.districtId, body.articleId, body.areaId, body.minQuantity, body.maxQuantity],
    );
    const [level] = await this.levels({ areaId: body.areaId, articleId: body.articleId });
    return level!;
  }

  // ------------------------------------------------------------ movements

  private async movementsOf(rows: MovementRow[]): Promise<Movement[]> {
    const names = await actorNames(this.scope.control, rows.map((r) => r.by));
    return rows.map((r) => ({
      id: r.id,
      seq: Number(r.seq),
      kind: r.kind,
      articleId: r.article_id,
      articleName: r.article_name,
      unit: r.unit,
      areaId: r.area_id,
      areaPath: r.area_path,
      quantity: num(r.quantity),
      supplierId: r.supplier_id,
      supplierName: r.supplier_name,
      deliveryNote: r.delivery_note,
      reason: r.reason,
      recipient: r.recipient,
      loanId: r.loan_id,
      countId: r.count_id,
      at: iso(r.at),
      by: actorOf(names, r.by),
      note: r.note,
    }));
  }

  async movements(query: MovementQuery, limit = MOVEMENTS_PAGE): Promise<MovementPage> {
    const params: unknown[] = [this.districtId];
    const where = ['m.district_id = $1'];
    if (query.kind === 'transfer') where.push(`m.kind in ('transferOut', 'transferIn')`);
    else if (query.kind) {
      params.push(query.kind);
      where.push(`m.kind = $${params.length}`);
    }
    if (query.areaId) {
      params.push(query.areaId);
      where.push(`m.area_id = $${params.length}`);
    }
    if (query.articleId) {
      params.push(query.articleId);
      where.push(`m.article_id = $${params.length}`);
    }
    if (query.before) {
      params.push(query.before);
      where.push(`m.seq < $${params.length}::bigint`);
    }
    const size = query.limit ? Math.min(Math.max(Number(query.limit), 1), 200) : limit;
    const { rows } = await this.db.query<MovementRow>(`${MOVEMENT_SELECT} where ${where.join(' and ')} order by m.seq desc limit ${size + 1}`, params);
    const items = await this.movementsOf(rows.slice(0, size));
    return { items, next: rows.length > size ? String(items[items.length - 1]!.seq) : null };
  }

  async movement(id: string): Promise<Movement> {
    const { rows } = await this.db.query<MovementRow>(`${MOVEMENT_SELECT} where m.id = $1 and m.district_id = $2`, [id, this.districtId]);
    if (!rows[0]) throw ApiError.notFound('request.not_found');
    return (await this.movementsOf(rows))[0]!;
  }

  /** Records a posted movement (once per id); answers the movement (its first row for a transfer). */
  async record(body: MovementCreate): Promise<Movement> {
    this.requireSubject(KIND_RIGHTS[body.kind]);
    if (await existingMovement(this.db, this.districtId, body.id)) return this.movement(body.id);
    requireQuantity(body.quantity, body.kind !== 'adjustment');
    await requireArea(this.db, this.districtId, body.areaId);
    await requireArticle(this.db, this.districtId, body.articleId);
    const base = { districtId: this.districtId, articleId: body.articleId, by: this.scope.actor.id, at: body.at ?? null, reason: body.reason ?? '', note: body.note ?? '' };
    switch (body.kind) {
      case 'incoming':
        if (body.supplierId) {
          const { rows } = await this.db.query('select 1 from suppliers where id = $1 and district_id = $2', [body.supplierId, this.districtId]);
          if (rows.length === 0) throw ApiError.notFound(STOCK_ERRORS.supplierNotFound);
        }
        await applyMovement(this.db, { ...base, id: body.id, areaId: body.areaId, kind: 'incoming', quantity: body.quantity, supplierId: body.supplierId ?? null, deliveryNote: body.deliveryNote ?? '' });
        break;
      case 'outgoing':
        await applyMovement(this.db, { ...base, id: body.id, areaId: body.areaId, kind: 'outgoing', quantity: -body.quantity, recipient: body.recipient ?? '' });
        break;
      case 'adjustment':
        await applyMovement(this.db, { ...base, id: body.id, areaId: body.areaId, kind: 'adjustment', quantity: body.quantity });
        break;
      case 'transfer': {
        if (!body.toAreaId || body.toAreaId === body.areaId) throw ApiError.badRequest(STOCK_ERRORS.transferTarget, 'toAreaId');
        await requireArea(this.db, this.districtId, body.toAreaId);
        const pairId = randomUUID();
        await applyMovement(this.db, { ...base, id: body.id, areaId: body.areaId, kind: 'transferOut', quantity: -body.quantity, pairId });
        await applyMovement(this.db, { ...base, id: pairId, areaId: body.toAreaId, kind: 'transferIn', quantity: body.quantity, pairId: body.id });
        break;
      }
    }
    return this.movement(body.id);
  }

  // ------------------------------------------------------------ loans

  private async loansOf(rows: LoanRow[], today: string): Promise<Loan[]> {
    const names = await actorNames(this.scope.control, rows.map((r) => r.lent_by));
    return rows.map((r) => ({
      id: r.id,
      articleId: r.article_id,
      articleName: r.article_name,
      unit: r.unit,
      areaId: r.area_id,
      areaPath: r.area_path,
      quantity: num(r.quantity),
      borrower: r.borrower,
      dueOn: r.due_on,
      lentAt: iso(r.lent_at),
      lentBy: actorOf(names, r.lent_by),
      returnedAt: r.returned_at ? iso(r.returned_at) : null,
      state: r.returned_at ? 'returned' : r.due_on < today ? 'overdue' : 'open',
      note: r.note,
    }));
  }

  async loans(state?: LoanState, now = new Date()): Promise<Loan[]> {
    const today = districtToday(now);
    const params: unknown[] = [this.districtId];
    const where = ['l.district_id = $1'];
    if (state === 'returned') where.push('l.returned_at is not null');
    else if (state) {
      params.push(today);
      where.push(`l.returned_at is null and l.due_on ${state === 'overdue' ? '<' : '>='} $2::date`);
    }
    const order = state === 'returned' ? 'l.returned_at desc' : 'l.due_on, l.lent_at';
    const { rows } = await this.db.query<LoanRow>(`${LOAN_SELECT} where ${where.join(' and ')} order by ${order}, l.id limit ${LIST_MAX}`, params);
    return this.loansOf(rows, today);
  }

  async loan(id: string): Promise<Loan> {
    const { rows } = await this.db.query<LoanRow>(`${LOAN_SELECT} where l.id = $1 and l.district_id = $2`, [id, this.districtId]);
    if (!rows[0]) throw ApiError.notFound(STOCK_ERRORS.loanNotFound);
    return (await this.loansOf(rows, districtToday()))[0]!;
  }

  /** Lends (once per id): the loan and its `loan` movement out of the area. */
  async lend(body: LoanCreate): Promise<Loan> {
    this.requireSubject('stockManagement.loanStuff_read');
    const { rows } = await this.db.query<{ district_id: string }>('select district_id from stock_loans where id = $1', [body.id]);
    if (rows[0]) {
      if (rows[0].district_id !== this.districtId) throw new ApiError(409, { message: STOCK_ERRORS.idReused });
      return this.loan(body.id);
    }
    requireQuantity(body.quantity, true);
    await requireArea(this.db, this.districtId, body.areaId);
    await requireArticle(this.db, this.districtId, body.articleId);
    const at = body.at ?? new Date().toISOString();
    await this.db.query(
      `insert into stock_loans (id, district_id, article_id, area_id, quantity, borrower, due_on, lent_at, lent_by, note) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [body.id, this.districtId, body.articleId, body.areaId, body.quantity, body.borrower.trim(), body.dueOn, at, this.scope.actor.id, body.note ?? ''],
    );
    await applyMovement(this.db, {
      id: body.id, districtId: this.districtId, articleId: body.articleId, areaId: body.areaId, kind: 'loan', quantity: -body.quantity, by: this.scope.actor.id, at,
      recipient: body.borrower.trim(), loanId: body.id, note: body.note ?? '',
    });
    return this.loan(body.id);
  }

  /** Returns a loan (its `return` movement back into the area); a second return of a returned loan answers it as it is. */
  async returnLoan(id: string, body: { at?: string; note?: string }): Promise<Loan> {
    this.requireSubject('stockManagement.loanStuff_read');
    const { rows } = await this.db.query<{ article_id: string; area_id: string; quantity: number; returned_at: Date | null; borrower: string }>(
      'select article_id, area_id, quantity::float8 as quantity, returned_at, borrower from stock_loans where id = $1 and district_id = $2 for update',
      [id, this.districtId],
    );
    const loan = rows[0];
    if (!loan) throw ApiError.notFound(STOCK_ERRORS.loanNotFound);
    if (loan.returned_at) return this.loan(id);
    const at = body.at ?? new Date().toISOString();
    await this.db.query('update stock_loans set returned_at = $2, returned_by = $3 where id = $1', [id, at, this.scope.actor.id]);
    await applyMovement(this.db, {
      id: randomUUID(), districtId: this.districtId, articleId: loan.article_id, areaId: loan.area_id, kind: 'return', quantity: loan.quantity, by: this.scope.actor.id, at,
      recipient: loan.borrower, loanId: id, note: body.note ?? '',
    });
    return this.loan(id);
  }

  // ------------------------------------------------------------ counts

  private async countsOf(rows: CountRow[]): Promise<StockCount[]> {
    const names = await actorNames(this.scope.control, rows.map((r) => r.started_by));
    return rows.map((r) => ({
      id: r.id,
      areaId: r.area_id,
      areaPath: r.area_path,
      status: r.status,
      startedAt: iso(r.started_at),
      startedBy: actorOf(names, r.started_by),
      closedAt: r.closed_at ? iso(r.closed_at) : null,
      note: r.note,
      blind: r.blind,
      lineCount: r.line_count,
    }));
  }

  private countSelect = `select c.id, c.area_id, stock_area_path(c.area_id) as area_path, c.status, c.start_seq::text as start_seq, c.started_at, c.started_by, c.closed_at, c.note, c.blind,
    (select count(distinct e.article_id)::int from stock_count_entries e where e.count_id = c.id) as line_count from stock_counts c`;

  async counts(): Promise<StockCount[]> {
    const { rows } = await this.db.query<CountRow>(`${this.countSelect} where c.district_id = $1 order by c.status desc, c.started_at desc limit 500`, [this.districtId]);
    return this.countsOf(rows);
  }

  private async countRow(id: string, lock = false): Promise<CountRow> {
    const { rows } = await this.db.query<CountRow>(`${this.countSelect} where c.id = $1 and c.district_id = $2${lock ? ' for update of c' : ''}`, [id, this.districtId]);
    if (!rows[0]) throw ApiError.notFound(STOCK_ERRORS.countNotFound);
    return rows[0];
  }

  /**
   * A count's lines: every article with a level in the area or counted. The expected quantity is
   * the level now (the level at the start plus the movements since: the ledger is the level's
   * truth); `moved` when a movement of the article in the area came after the start.
   */
  async countLines(row: CountRow): Promise<FullCountLine[]> {
    const { rows } = await this.db.query<{
      article_id: string;
      article_name: string;
      unit: string;
      barcode: string;
      level: number | null;
      moved_since: number | null;
      moves: number;
      counted: number | null;
      entries: number;
    }>(
      `with arts as (
         select article_id from stock_levels where area_id = $1 and (quantity <> 0 or min_quantity is not null)
         union select article_id from stock_count_entries where count_id = $2)
       select x.article_id, a.name as article_name, a.unit, a.barcode,
              (select l.quantity::float8 from stock_levels l where l.article_id = x.article_id and l.area_id = $1) as level,
              (select sum(m.quantity)::float8 from stock_movements m where m.article_id = x.article_id and m.area_id = $1 and m.seq > $3::bigint) as moved_since,
              (select count(*)::int from stock_movements m where m.article_id = x.article_id and m.area_id = $1 and m.seq > $3::bigint) as moves,
              (select sum(e.delta)::float8 from stock_count_entries e where e.count_id = $2 and e.article_id = x.article_id) as counted,
              (select count(*)::int from stock_count_entries e where e.count_id = $2 and e.article_id = x.article_id) as entries
         from arts x join inventory_articles a on a.id = x.article_id
        order by vigie_fold(a.name), x.article_id`,
      [row.area_id, row.id, row.start_seq],
    );
    return rows.map((r) => {
      const expected = num(r.level);
      const movedSince = num(r.moved_since);
      return {
        articleId: r.article_id,
        articleName: r.article_name,
        unit: r.unit,
        barcode: r.barcode,
        startQuantity: roundQuantity(expected - movedSince),
        movedSince,
        expected,
        counted: r.entries > 0 ? num(r.counted) : null,
        entries: r.entries,
        moved: r.moves > 0,
      };
    });
  }

  /** A count with its lines; a blind count's expected figures only for managers (its counters count without them). */
  async count(id: string): Promise<StockCount> {
    const row = await this.countRow(id);
    const [count] = await this.countsOf([row]);
    const lines = await this.countLines(row);
    const hidden = row.blind && !this.manage;
    return { ...count!, lines: hidden ? lines.map((l) => ({ ...l, startQuantity: null, movedSince: null, expected: null, moved: false })) : lines };
  }

  /** A manager starts a count of an area (one open count per area). */
  async startCount(body: { id: string; areaId: string; note?: string; blind?: boolean }): Promise<StockCount> {
    const { rows: existing } = await this.db.query<{ district_id: string }>('select district_id from stock_counts where id = $1', [body.id]);
    if (existing[0]) {
      if (existing[0].district_id !== this.districtId) throw new ApiError(409, { message: STOCK_ERRORS.idReused });
      return this.count(body.id);
    }
    await requireArea(this.db, this.districtId, body.areaId);
    const { rows: open } = await this.db.query('select 1 from stock_counts where area_id = $1 and status = $2', [body.areaId, 'open']);
    if (open.length > 0) throw new ApiError(409, { message: STOCK_ERRORS.countOpen });
    await this.db.query(
      `insert into stock_counts (id, district_id, area_id, start_seq, started_by, note, blind)
       values ($1, $2, $3, (select coalesce(max(seq), 0) from stock_movements), $4, $5, $6)`,
      [body.id, this.districtId, body.areaId, this.scope.actor.id, body.note ?? '', body.blind === true],
    );
    return this.count(body.id);
  }

  /** A counter's increment (once per id) into an open count. */
  async addEntry(countId: string, body: CountEntryBody): Promise<{ id: string; countId: string; articleId: string; delta: number; counted: number }> {
    this.requireSubject('stockManagement.inventory_read');
    const count = await this.countRow(countId);
    const { rows: existing } = await this.db.query<{ count_id: string; district_id: string }>('select count_id, district_id from stock_count_entries where id = $1', [body.id]);
    if (existing[0] && (existing[0].district_id !== this.districtId || existing[0].count_id !== countId)) throw new ApiError(409, { message: STOCK_ERRORS.idReused });
    if (!existing[0]) {
      if (count.status !== 'open') throw new ApiError(409, { message: STOCK_ERRORS.countClosed });
      if (!Number.isFinite(body.delta) || roundQuantity(body.delta) !== body.delta) throw ApiError.badRequest(STOCK_ERRORS.badQuantity, 'delta');
      await requireArticle(this.db, this.districtId, body.articleId);
      await this.db.query(
        `insert into stock_count_entries (id, district_id, count_id, article_id, delta, start_quantity, at, by) values ($1, $2, $3, $4, $5, $6, coalesce($7::timestamptz, now()), $8)
         on conflict (id) do nothing`,
        [body.id, this.districtId, countId, body.articleId, body.delta, body.startQuantity, body.at ?? null, this.scope.actor.id],
      );
    }
    const { rows } = await this.db.query<{ article_id: string; delta: number; counted: number }>(
      `select e.article_id, e.delta::float8 as delta, (select sum(o.delta)::float8 from stock_count_entries o where o.count_id = e.count_id and o.article_id = e.article_id) as counted
         from stock_count_entries e where e.id = $1`,
      [body.id],
    );
    return { id: body.id, countId, articleId: rows[0]!.article_id, delta: num(rows[0]!.delta), counted: num(rows[0]!.counted) };
  }

  /**
   * A manager closes a count. For each counted article: the adjustment to the counted total
   * (`count`), or to the counted total plus the movements since the start (`countPlusMoves`),
   * written as a `count` movement. An article that moved since the start needs a decision
   * (400 `decisions_missing` lists them); the others apply the counted total.
   */
  async closeCount(id: string, body: CountCloseBody): Promise<StockCount> {
    const row = await this.countRow(id, true);
    if (row.status !== 'open') throw new ApiError(409, { message: STOCK_ERRORS.countClosed });
    // The area's levels are locked: no movement slips between the lines read and the adjustments.
    await this.db.query('select 1 from stock_levels where area_id = $1 for update', [row.area_id]);
    const lines = (await this.countLines(row)).filter((l) => l.counted !== null);
    const missing = lines.filter((l) => l.moved && !body.decisions[l.articleId]);
    if (missing.length > 0) throw ApiError.badRequest(STOCK_ERRORS.decisionsMissing, missing.map((l) => l.articleId).join(','));
    for (const line of lines) {
      const target = line.moved && body.decisions[line.articleId] === 'countPlusMoves' ? roundQuantity(line.counted! + line.movedSince) : line.counted!;
      const adjustment = roundQuantity(target - line.expected);
      if (adjustment === 0) continue;
      await applyMovement(this.db, {
        id: randomUUID(), districtId: this.districtId, articleId: line.articleId, areaId: row.area_id, kind: 'count', quantity: adjustment, by: this.scope.actor.id, countId: id,
        reason: line.moved ? (body.decisions[line.articleId] ?? 'count') : 'count',
      });
    }
    await this.db.query(`update stock_counts set status = 'closed', closed_at = now(), closed_by = $2 where id = $1`, [id, this.scope.actor.id]);
    return this.count(id);
  }

  // ------------------------------------------------------------ recap

  async recap(): Promise<StockRecap> {
    const [areaRows, levelRows, articleRows] = await Promise.all([
      this.db.query<{ id: string; path: string }>(`select id, stock_area_path(id) as path from stock_areas where district_id = $1 and deleted_at is null order by path, id`, [this.districtId]),
      this.db.query<{ article_id: string; area_id: string; quantity: number }>(
        `select l.article_id, l.area_id, l.quantity::float8 as quantity from stock_levels l where l.district_id = $1 and l.quantity <> 0`,
        [this.districtId],
      ),
      this.db.query<{ id: string; name: string; unit: string; unit_cost_cents: string | null }>(
        `select a.id, a.name, a.unit, a.unit_cost_cents::text as unit_cost_cents from inventory_articles a
          where a.district_id = $1 and a.deleted_at is null and exists (select 1 from stock_levels l where l.article_id = a.id and (l.quantity <> 0 or l.min_quantity is not null))
          order by vigie_fold(a.name), a.id`,
        [this.districtId],
      ),
    ]);
    const areaIndex = new Map(areaRows.rows.map((a, i) => [a.id, i]));
    const articleIndex = new Map(articleRows.rows.map((a, i) => [a.id, i]));
    const quantities = articleRows.rows.map(() => new Array<number>(areaRows.rows.length).fill(0));
    for (const l of levelRows.rows) {
      const i = articleIndex.get(l.article_id);
      const j = areaIndex.get(l.area_id);
      if (i === undefined || j === undefined) continue;
      quantities[i]![j] = num(l.quantity);
    }
    const areaTotals = areaRows.rows.map(() => 0);
    const areaValues = areaRows.rows.map(() => 0);
    const articles = articleRows.rows.map((a, i) => {
      const cost = a.unit_cost_cents === null ? null : Number(a.unit_cost_cents);
      const qs = quantities[i]!;
      let total = 0;
      qs.forEach((q, j) => {
        total += q;
        areaTotals[j]! += q;
        areaValues[j]! += Math.round(q * (cost ?? 0));
      });
      total = roundQuantity(total);
      return { id: a.id, name: a.name, unit: a.unit, unitCostCents: cost, quantities: qs, total, valueCents: Math.round(total * (cost ?? 0)) };
    });
    return {
      areas: areaRows.rows.map((a, j) => ({ id: a.id, path: a.path, total: roundQuantity(areaTotals[j]!), valueCents: areaValues[j]! })),
      articles,
      total: roundQuantity(articles.reduce((s, a) => s + a.total, 0)),
      valueCents: articles.reduce((s, a) => s + a.valueCents, 0),
    };
  }
}
