/**
 * The 2D plans' bench data (`tasks.js seed-bench --plan-pins N`): N pins added to the district's
 * first demo plan (its first site's ground floor, with its image), spread over the plan on a
 * jittered grid, each of an item of equipment not in the district (its title shows as not
 * received: what the plan draws costs the same), in batched multi-row inserts.
 */
import { randomUUID } from 'node:crypto';
import { PIN_KINDS } from '../../../../common/modules/plan2d/schemas.js';
import type { Database } from '../../db/types.js';

const BATCH = 500;

export async function seedBenchPlanPins(db: Database, districtId: string, actorId: string, count: number): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `select p.id from plan2d_plans p join sites s on s.id = p.site_id where p.district_id = $1 and p.deleted_at is null order by s.created_at, s.id, p.level desc limit 1`,
    [districtId],
  );
  const planId = rows[0]?.id;
  if (!planId) throw new Error('seed-bench --plan-pins: the district has no demo plan');
  const side = Math.ceil(Math.sqrt(count));
  for (let start = 0; start < count; start += BATCH) {
    const values: unknown[] = [];
    const tuples: string[] = [];
    for (let n = start; n < Math.min(count, start + BATCH); n += 1) {
      const x = Math.min(1, Math.max(0, (0.05 + 0.9 * ((n % side) + 0.5)) / side + ((n * 7919) % 100) / 10_000));
      const y = Math.min(1, Math.max(0, (0.05 + 0.9 * (Math.floor(n / side) + 0.5)) / side));
      const at = values.length;
      values.push(randomUUID(), districtId, planId, PIN_KINDS[n % PIN_KINDS.length], randomUUID(), x, y, actorId);
      tuples.push(`($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}, $${at + 6}, $${at + 7}, $${at + 8}, $${at + 8})`);
    }
    await db.query(`insert into plan2d_pins (id, district_id, plan_id, kind, record_id, x, y, created_by, updated_by) values ${tuples.join(', ')}`, values);
  }
  return count;
}
