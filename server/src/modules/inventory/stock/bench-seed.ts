/**
 * The stock's benchmark data (`node server/dist/tasks.js seed-bench --movements N`): N stock
 * movements in one district over a year, spread over BENCH_ARTICLES articles × BENCH_AREAS
 * areas (made when the district has fewer: the recap's bench is 1,000 × 50), written by
 * `insert … select generate_series` in batches, then every level recomputed as the sum of its
 * movements (the ledger's rule) in one statement.
 */
import type { Database } from '../../../db/types.js';

export const BENCH_ARTICLES = 1000;
export const BENCH_AREAS = 50;
const BATCH = 100_000;

async function ensureRows(db: Database, districtId: string, actorId: string): Promise<{ articles: string[]; areas: string[] }> {
  const articles = async () =>
    (await db.query<{ id: string }>(`select id from inventory_articles where district_id = $1 and deleted_at is null order by id limit ${BENCH_ARTICLES}`, [districtId])).rows.map((r) => r.id);
  const areas = async () =>
    (await db.query<{ id: string }>(`select id from stock_areas where district_id = $1 and deleted_at is null order by id limit ${BENCH_AREAS}`, [districtId])).rows.map((r) => r.id);
  let a = await articles();
  if (a.length < BENCH_ARTICLES) {
    await db.query(
      `insert into inventory_articles (id, district_id, name, unit, barcode, unit_cost_cents, created_by)
       select gen_random_uuid(), $1, 'Article banc ' || lpad(g::text, 4, '0'), 'u', 'BENCH' || lpad(g::text, 8, '0'), 100 + (g % 50) * 25, $2
         from generate_series($3::int + 1, ${BENCH_ARTICLES}) g`,
      [districtId, actorId, a.length],
    );
    a = await articles();
  }
  let z = await areas();
  if (z.length < BENCH_AREAS) {
    await db.query(
      `insert into stock_areas (id, district_id, name, kind, created_by)
       select gen_random_uuid(), $1, 'Zone banc ' || lpad(g::text, 2, '0'), 'shelf', $2 from generate_series($3::int + 1, ${BENCH_AREAS}) g`,
      [districtId, actorId, z.length],
    );
    z = await areas();
  }
  return { articles: a, areas: z };
}

export async function seedBenchMovements(db: Database, districtId: string, actorId: string, count: number): Promise<number> {
  const { articles, areas } = await ensureRows(db, districtId, actorId);
  let written = 0;
  while (written < count) {
    const size = Math.min(BATCH, count - written);
    // Two deliveries of 3 for each issue of 2: no level goes under zero.
    await db.query(
      `insert into stock_movements (id, district_id, article_id, area_id, kind, quantity, delivery_note, recipient, at, by)
       select gen_random_uuid(), $1, ($2::uuid[])[1 + (g % $4::int)], ($3::uuid[])[1 + ((g / $4::int) % $5::int)],
              case when g % 3 = 2 then 'outgoing' else 'incoming' end,
              case when g % 3 = 2 then -2 else 3 end,
              case when g % 3 = 2 then '' else 'BL-' || g end,
              case when g % 3 = 2 then 'Équipe ' || (g % 7) else '' end,
              now() - ((($6::bigint + $7::bigint - g) * 31536000.0) / $6::bigint)::float8 * interval '1 second', $8
         from generate_series($7::bigint + 1, $7::bigint + $9::bigint) g`,
      [districtId, articles, areas, articles.length, areas.length, count, written, actorId, size],
    );
    written += size;
  }
  await db.query(
    `insert into stock_levels (district_id, article_id, area_id, quantity)
     select $1, article_id, area_id, sum(quantity) from stock_movements where district_id = $1 group by article_id, area_id
     on conflict (article_id, area_id) do update set quantity = excluded.quantity, updated_at = now()`,
    [districtId],
  );
  return written;
}
