/**
 * The benchmark data set of the questionnaires' answers (`node server/dist/tasks.js seed-bench
 * --answers N`): submitted inspections added to one district until they hold at least N answered
 * questions, for the synthesis's answers source. Each is a copy of one of the district's demo
 * submitted inspections (its form revision, answers, scores and failed items, as the engine
 * computed them), on another of the district's sites and submitted on another day of the last
 * three years; no schedule, signature file or history (no list route reads them here). Written
 * by one `insert … select` per batch over generate_series, server-side (no round trip per row):
 * a million answers in about a minute on PostgreSQL, five on PGlite, on a loaded 2-core machine.
 */
import type { Database } from '../../db/types.js';

/** Inspections per statement. */
const BATCH = 10_000;
const MINUTES_IN_3_YEARS = 3 * 365 * 24 * 60;

export async function seedBenchAnswers(db: Database, districtId: string, _actorId: string, count: number): Promise<number> {
  const { rows: models } = await db.query<{ n: number; answers: number }>(
    `select count(*)::int as n, coalesce(sum((select count(*) from jsonb_object_keys(answers))), 0)::int as answers
       from inspections where district_id = $1 and deleted_at is null and status = 'submitted' and answers <> '{}'::jsonb`,
    [districtId],
  );
  const model = models[0]!;
  if (model.n === 0 || model.answers === 0) throw new Error('the district has no submitted inspection to copy (seed the demo data first)');
  const { rows: siteRows } = await db.query<{ n: number }>('select count(*)::int as n from sites where district_id = $1 and deleted_at is null', [districtId]);
  const sites = siteRows[0]!.n;
  let answers = 0;
  let copies = 0;
  while (answers < count) {
    // Enough copies for the answers still missing (the models' average), at most BATCH.
    const size = Math.min(BATCH, Math.max(1, Math.ceil(((count - answers) * model.n) / model.answers)));
    const { rows } = await db.query<{ answers: number }>(
      `with models as (
         select row_number() over (order by id) - 1 as k, * from inspections
          where district_id = $1 and deleted_at is null and status = 'submitted' and answers <> '{}'::jsonb
       ), places as (
         select row_number() over (order by id) - 1 as k, id, name from sites where district_id = $1 and deleted_at is null
       ), copies as (
         select g, m.*, p.id as place_id, p.name as place_name,
                now() - ((g::bigint * 7919) % ${MINUTES_IN_3_YEARS}) * interval '1 minute' as at
           from generate_series($2::int, $3::int) g
           join models m on m.k = g % $4
           left join places p on p.k = (g * 7) % greatest($5, 1)
       ), written as (
         insert into inspections (id, district_id, family, template_id, template_version, site_id, assignee_id, due_at, status, answers,
                                  started_at, finished_at, signed_by, total, section_scores, percent, passed, failed_items, failed_count,
                                  submitted_at, locked_at, search_text, version, created_at, created_by, updated_at, updated_by)
         select gen_random_uuid(), district_id, family, template_id, template_version, coalesce(place_id, site_id), assignee_id,
                at + interval '1 hour', 'submitted', answers, at - interval '40 minutes', at, signed_by, total, section_scores, percent,
                passed, failed_items, failed_count, at, at, search_text, 2, at - interval '14 days', created_by, at, updated_by
           from copies
         returning answers
       )
       select coalesce(sum((select count(*) from jsonb_object_keys(answers))), 0)::int as answers from written`,
      [districtId, copies, copies + size - 1, model.n, sites],
    );
    answers += rows[0]!.answers;
    copies += size;
  }
  // Fresh statistics and visibility map (PGlite runs no autovacuum): see sites/bench-seed.ts.
  await db.query('vacuum analyze inspections');
  return answers;
}
