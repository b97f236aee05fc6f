/**
 * The benchmark data set of the actions (`node server/dist/tasks.js seed-bench --actions N`):
 * N more actions in one district, written by the database itself (generate_series) in batches:
 * assigned in turn to the district's members (so each member has its share of "my actions"),
 * on its sites (one in six on none), in BENCH_PLANS plans (half of them in none), every status
 * and priority, created over the last year, due from a year ago to three months ahead, the closed
 * ones with their closing time. No history, comments or photos (the routes measured read none).
 */
import { ACTION_REMIND_DAYS } from '../../../../common/modules/actions/schemas.js';
import type { Database } from '../../db/types.js';

const BATCH = 20_000;
const BENCH_PLANS = 20;

export async function seedBenchActions(db: Database, districtId: string, actorId: string, count: number): Promise<number> {
  const { rows: members } = await db.query<{ account_id: string }>('select account_id from memberships where district_id = $1 order by account_id', [districtId]);
  if (members.length === 0) throw new Error('the district has no member to assign actions to (seed the demo data first)');
  const { rows: sites } = await db.query<{ id: string }>('select id from sites where district_id = $1 and deleted_at is null order by id limit 5000', [districtId]);
  const plans: string[] = [];
  for (let n = 0; n < BENCH_PLANS; n++) {
    const { rows } = await db.query<{ id: string }>(
      `insert into action_plans (id, district_id, name, owner_id, created_by) values (gen_random_uuid(), $1, $2, $3, $3) returning id`,
      [districtId, `Plan d’actions ${n + 1}`, actorId],
    );
    plans.push(rows[0]!.id);
  }
  const { rows: before } = await db.query<{ n: number }>('select count(*)::int as n from actions where district_id = $1', [districtId]);
  for (let written = 0; written < count; written += BATCH) {
    const size = Math.min(BATCH, count - written);
    await db.query(
      `insert into actions (id, district_id, title, description, site_id, plan_id, assignee_id, due_on, priority, status, remind_on,
                            reminded_at, overdue_notified_at, done_at, done_by, search_text, created_at, created_by, updated_at, updated_by)
       select gen_random_uuid(), $1, title, 'Relevé lors de la visite.', site, plan, assignee, due, priority, status, due - $8::int,
              case when due - $8::int <= current_date then created end, case when due < current_date then created end,
              case when status in ('done', 'verified') then created + interval '3 days' end,
              case when status in ('done', 'verified') then assignee end,
              vigie_fold(title), created, $2, created, $2
         from (select n,
                      (array['Remplacer', 'Vérifier', 'Réparer', 'Nettoyer', 'Signaler', 'Former'])[1 + n % 6] || ' '
                        || (array['l’extincteur', 'la porte coupe-feu', 'le garde-corps', 'l’éclairage de secours', 'le câblage', 'la signalétique'])[1 + (n / 6) % 6]
                        || ' n° ' || n as title,
                      case when n % 6 = 5 or cardinality($4::uuid[]) = 0 then null else ($4::uuid[])[1 + (n * 7) % greatest(cardinality($4::uuid[]), 1)] end as site,
                      case when n % 2 = 0 then ($5::uuid[])[1 + (n / 2) % cardinality($5::uuid[])] end as plan,
                      ($3::uuid[])[1 + (n / 8) % cardinality($3::uuid[])] as assignee,
                      current_date - 365 + ((n * 7919) % 456) as due,
                      (array['low', 'normal', 'normal', 'high', 'critical'])[1 + (n * 3) % 5] as priority,
                      (array['todo', 'inProgress', 'done', 'verified', 'done', 'cancelled', 'todo', 'verified'])[1 + (n * 5) % 8] as status,
                      now() - make_interval(mins => (n * 7907) % (365 * 24 * 60)) as created
                 from generate_series($6::int, $7::int) as n) as t`,
      [districtId, actorId, members.map((m) => m.account_id), sites.map((s) => s.id), plans, before[0]!.n + written + 1, before[0]!.n + written + size, ACTION_REMIND_DAYS],
    );
  }
  // Fresh statistics and visibility map (PGlite runs no autovacuum): see sites/bench-seed.ts.
  await db.query('vacuum analyze actions');
  return count;
}
