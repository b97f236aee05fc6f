/**
 * The stock ledger: every change of a quantity is a row of `stock_movements`, and the level of
 * an (article, area) is kept equal to the sum of its movements, in the transaction that writes
 * them. A movement's id is the client's: a second write of the same id changes nothing and
 * answers the first (the outbox may deliver twice). A movement that would take a level under
 * zero is refused (409 `inventory.stock.not_enough_stock`), except a count's: a count says what
 * is on the shelf.
 */
import { STOCK_ERRORS, type MovementKind } from '../../../../../common/modules/inventory/stock.js';
import type { Queryable } from '../../../db/types.js';
import { ApiError } from '../../../lib/errors.js';

export interface MovementInput {
  id: string;
  districtId: string;
  articleId: string;
  areaId: string;
  kind: MovementKind;
  /** Signed as it changes the area's quantity. */
  quantity: number;
  by: string;
  at?: string | Date | null;
  supplierId?: string | null;
  deliveryNote?: string;
  reason?: string;
  recipient?: string;
  loanId?: string | null;
  countId?: string | null;
  pairId?: string | null;
  note?: string;
}

/** Rounds to the ledger's precision (3 decimals): floating sums stay exact. */
export const roundQuantity = (value: number): number => Math.round(value * 1000) / 1000;

/** Refuses a quantity outside the ledger's precision or range (400). */
export function requireQuantity(value: number, positive: boolean): void {
  if (!Number.isFinite(value) || (positive ? value <= 0 : value === 0) || Math.abs(value) > 1e9 || roundQuantity(value) !== value) {
    throw ApiError.badRequest(STOCK_ERRORS.badQuantity, 'quantity');
  }
}

/** The district's live area, or 404. */
export async function requireArea(db: Queryable, districtId: string, areaId: string): Promise<void> {
  const { rows } = await db.query('select 1 from stock_areas where id = $1 and district_id = $2 and deleted_at is null', [areaId, districtId]);
  if (rows.length === 0) throw ApiError.notFound(STOCK_ERRORS.areaNotFound);
}

/** The district's live article, or 404. */
export async function requireArticle(db: Queryable, districtId: string, articleId: string): Promise<void> {
  const { rows } = await db.query('select 1 from inventory_articles where id = $1 and district_id = $2 and deleted_at is null', [articleId, districtId]);
  if (rows.length === 0) throw ApiError.notFound(STOCK_ERRORS.articleNotFound);
}

/**
 * Writes one movement and its level in `tx`; answers false when a movement of that id exists
 * already (a replay: nothing moves). The level's row is locked first, so two movements of one
 * article and area at once are applied one after the other, each seeing the other's quantity.
 */
export async function applyMovement(tx: Queryable, m: MovementInput): Promise<boolean> {
  const quantity = roundQuantity(m.quantity);
  await tx.query(
    `insert into stock_levels (district_id, article_id, area_id, quantity) values ($1, $2, $3, 0) on conflict (article_id, area_id) do nothing`,
    [m.districtId, m.articleId, m.areaId],
  );
  const { rows: levels } = await tx.query<{ quantity: number }>('select quantity::float8 as quantity from stock_levels where article_id = $1 and area_id = $2 for update', [m.articleId, m.areaId]);
  const inserted = await tx.query(
    `insert into stock_movements (id, district_id, article_id, area_id, kind, quantity, supplier_id, delivery_note, reason, recipient, loan_id, count_id, pair_id, at, by, note)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, coalesce($14::timestamptz, now()), $15, $16)
     on conflict (id) do nothing returning seq`,
    [
      m.id, m.districtId, m.articleId, m.areaId, m.kind, quantity, m.supplierId ?? null, m.deliveryNote ?? '', m.reason ?? '', m.recipient ?? '', m.loanId ?? null,
      m.countId ?? null, m.pairId ?? null, m.at ?? null, m.by, m.note ?? '',
    ],
  );
  if (inserted.rows.length === 0) return false;
  const after = roundQuantity((levels[0]?.quantity ?? 0) + quantity);
  if (after < 0 && m.kind !== 'count') throw new ApiError(409, { message: STOCK_ERRORS.notEnoughStock, details: `available ${levels[0]?.quantity ?? 0}` });
  await tx.query(
    `update stock_levels set quantity = quantity + $3::numeric, updated_at = now(),
            low_noticed_at = case when min_quantity is null or quantity + $3::numeric >= min_quantity then null else low_noticed_at end
      where article_id = $1 and area_id = $2`,
    [m.articleId, m.areaId, quantity],
  );
  return true;
}

/** Whether a movement of this id exists already in the district, and its kind (a replayed id). */
export async function existingMovement(db: Queryable, districtId: string, id: string): Promise<{ kind: MovementKind; district_id: string } | null> {
  const { rows } = await db.query<{ kind: MovementKind; district_id: string }>('select kind, district_id from stock_movements where id = $1', [id]);
  const row = rows[0];
  if (!row) return null;
  if (row.district_id !== districtId) throw new ApiError(409, { message: STOCK_ERRORS.idReused });
  return row;
}
