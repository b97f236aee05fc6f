/**
 * The benchmark data set of the map (`node server/dist/tasks.js seed-bench --points N`): N more
 * points of interest in one district, written by the database itself (generate_series), spread
 * over a box of about 25 km × 17 km around the district's sites (the demo's Lyon: the whole
 * city in one view), in the district's first points layer and its categories in turn. No history
 * (the features route reads none).
 */
import type { Database } from '../../db/types.js';

export async function seedBenchPoints(db: Database, districtId: string, actorId: string, count: number): Promise<number> {
  const { rows: layers } = await db.query<{ id: string }>(`select id from map_layers where district_id = $1 and kind = 'points' and deleted_at is null order by position limit 1`, [districtId]);
  const { rows: categories } = await db.query<{ id: string }>('select id from poi_categories where district_id = $1 and deleted_at is null order by id', [districtId]);
  if (!layers[0] || categories.length === 0) throw new Error('the district has no points layer or category (seed the demo data first)');
  const { rows: centre } = await db.query<{ lat: number | null; lng: number | null }>(
    'select avg(gps_lat) as lat, avg(gps_lng) as lng from sites where district_id = $1 and deleted_at is null and gps_lat is not null',
    [districtId],
  );
  const lat = centre[0]?.lat ?? 45.75;
  const lng = centre[0]?.lng ?? 4.85;
  await db.query(
    `insert into points_of_interest (id, district_id, name, description, category_id, layer_id, lat, lng, created_by, updated_by)
     select gen_random_uuid(), $1, 'Point ' || n, '', ($3::uuid[])[1 + n % cardinality($3::uuid[])], $4,
            $5::float8 - 0.075 + ((n * 7919) % 10007) * 0.15 / 10007, $6::float8 - 0.16 + ((n * 104729) % 10009) * 0.32 / 10009, $2, $2
       from generate_series(1, $7::int) as n`,
    [districtId, actorId, categories.map((c) => c.id), layers[0].id, lat, lng, count],
  );
  // Fresh statistics and visibility map (PGlite runs no autovacuum): see sites/bench-seed.ts.
  await db.query('vacuum analyze points_of_interest');
  return count;
}
