/**
 * GET /api/dashboard (common/schemas/dashboard.ts): each person's home in one answer,
 * composed from the modules the caller may read, each part null without its right:
 * - myActions (an actions right): its open actions, overdue first (by due day), DASHBOARD_ROWS
 *   of them, with their count and the overdue count (actions_mine_idx);
 * - myInspections (a questionnaires fill right): its inspections to do, the soonest due first,
 *   with their count (inspections_assignee_idx);
 * - recentDeclarations (the declarations right): the district's latest, by when they happened
 *   (declarations_occurred_idx);
 * - districtActions (an actions manage right): the district's open and overdue counts
 *   (actions_open_idx) and DASHBOARD_WEEKS weeks of actions opened and closed
 *   (actions_created_idx, actions_done_idx), weeks from Monday in the district's time zone.
 * Each part is a few index reads however many records the district holds (the bench:
 * scripts/bench-actions.mjs).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { actionPowers, type ActionPowers } from '../../../../../common/modules/actions/access.js';
import { questionnairePowers } from '../../../../../common/modules/questionnaires/access.js';
import { can } from '../../../../../common/rights.js';
import { DASHBOARD_ROWS, DASHBOARD_WEEKS, DashboardData } from '../../../../../common/schemas/dashboard.js';
import { ok } from '../../../../../common/schemas/envelope.js';
import type { Queryable } from '../../../db/types.js';
import { requireAuth } from '../../../plugins/auth.js';
import { respond } from '../../../plugins/respond.js';
import { rightsOf } from '../../../plugins/rights.js';
import { addDays, districtToday, mondayOf, startOfDistrictDay } from '../../../modules/_platform/dates.js';
import { ActionsRepository } from '../../../modules/actions/repository.js';
import { DASHBOARD_CARDS } from '../../../modules/index.js';
import type { RouteContext } from '../../context.js';

type Data = DashboardData;
interface Scope {
  db: Queryable;
  control: Queryable;
  districtId: string;
  accountId: string;
  now: Date;
  today: string;
}

const OPEN = `status in ('todo', 'inProgress') and deleted_at is null`;
/** The same open actions as one range of actions_mine_idx (migration 3), in (due_key, id) order. */
const MINE_OPEN = `is_open and deleted_at is null`;

async function myActions(scope: Scope, powers: ActionPowers): Promise<Data['myActions']> {
  const [page, counts] = await Promise.all([
    scope.db.query<{ id: string }>(
      `select id from actions where district_id = $1 and assignee_id = $2 and ${MINE_OPEN} order by due_key, id limit ${DASHBOARD_ROWS}`,
      [scope.districtId, scope.accountId],
    ),
    scope.db.query<{ open: number; overdue: number }>(
      `select count(*)::int as open, (count(*) filter (where due_key < $3::date))::int as overdue
         from actions where district_id = $1 and assignee_id = $2 and ${MINE_OPEN}`,
      [scope.districtId, scope.accountId, scope.today],
    ),
  ]);
  const repository = new ActionsRepository({ db: scope.db, control: scope.control, districtId: scope.districtId, actor: { id: scope.accountId } }, { powers, today: scope.today });
  const items = await repository.summaries(page.rows.map((r) => r.id));
  return { items, open: counts.rows[0]?.open ?? 0, overdue: counts.rows[0]?.overdue ?? 0 };
}

async function myInspections(scope: Scope, families: readonly string[]): Promise<Data['myInspections']> {
  const where = `i.district_id = $1 and i.assignee_id = $2 and i.family = any($3::text[]) and i.status in ('todo', 'inProgress') and i.deleted_at is null`;
  const params = [scope.districtId, scope.accountId, families];
  const [page, count] = await Promise.all([
    scope.db.query<{ id: string; template_name: string; site_name: string | null; status: string; due_at: Date | null }>(
      `select i.id, t.name as template_name, s.name as site_name, i.status, i.due_at
         from inspections i join questionnaire_templates t on t.id = i.template_id left join sites s on s.id = i.site_id
        where ${where} order by i.due_key, i.id limit ${DASHBOARD_ROWS}`,
      params,
    ),
    scope.db.query<{ n: number }>(`select count(*)::int as n from inspections i where ${where}`, params),
  ]);
  return {
    items: page.rows.map((r) => ({
      id: r.id,
      templateName: r.template_name,
      siteName: r.site_name,
      status: r.status,
      dueAt: r.due_at === null ? null : new Date(r.due_at).toISOString(),
      overdue: r.due_at !== null && new Date(r.due_at) < scope.now,
    })),
    due: count.rows[0]?.n ?? 0,
  };
}

async function recentDeclarations(scope: Scope): Promise<Data['recentDeclarations']> {
  const { rows } = await scope.db.query<{ id: string; title: string; status: string; site_name: string | null; created_at: Date }>(
    `select d.id, d.title, d.status, s.name as site_name, d.created_at
       from declarations d left join sites s on s.id = d.site_id
      where d.district_id = $1 and d.deleted_at is null
      order by d.occurred_at desc, d.id desc limit ${DASHBOARD_ROWS}`,
    [scope.districtId],
  );
  return { items: rows.map((r) => ({ id: r.id, title: r.title, status: r.status, siteName: r.site_name, createdAt: new Date(r.created_at).toISOString() })) };
}

async function districtActions(scope: Scope): Promise<Data['districtActions']> {
  // The Mondays of the last DASHBOARD_WEEKS weeks, this one last, and the instants they start.
  const mondays = Array.from({ length: DASHBOARD_WEEKS }, (_, n) => addDays(mondayOf(scope.today), 7 * (n - DASHBOARD_WEEKS + 1)));
  const bounds = [...mondays, addDays(mondays.at(-1)!, 7)].map((day) => startOfDistrictDay(day));
  // One bucket lookup a row (width_bucket over the weeks' starts), grouped: bucket 1 is the oldest week.
  const byWeek = (column: string, where: string) =>
    scope.db.query<{ bucket: number; n: number }>(
      `select width_bucket(${column}, $2::timestamptz[]) as bucket, count(*)::int as n
         from actions where district_id = $1 and ${where} and deleted_at is null and ${column} >= $3 and ${column} < $4
        group by 1`,
      [scope.districtId, bounds, bounds[0], bounds.at(-1)],
    );
  const [counts, opened, closed] = await Promise.all([
    scope.db.query<{ open: number; overdue: number }>(
      `select count(*)::int as open, (count(*) filter (where due_key < $2::date))::int as overdue from actions where district_id = $1 and ${OPEN}`,
      [scope.districtId, scope.today],
    ),
    byWeek('created_at', 'true'),
    byWeek('done_at', 'done_at is not null'),
  ]);
  const week = (rows: { bucket: number; n: number }[], n: number) => rows.find((r) => r.bucket === n + 1)?.n ?? 0;
  return {
    open: counts.rows[0]?.open ?? 0,
    overdue: counts.rows[0]?.overdue ?? 0,
    weeks: mondays.map((monday, n) => ({ week: monday, opened: week(opened.rows, n), closed: week(closed.rows, n) })),
  };
}

export async function dashboardRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('preHandler', app.authenticate);
  app.get(
    '/',
    {
      config: { access: { session: true, reason: 'the caller’s own home: each part only with the right that reads it' } },
      schema: { tags: ['dashboard'], summary: 'The caller’s home: its actions and inspections to do, recent declarations, the managers’ counts', response: ok(DashboardData) },
    },
    async (request) => {
      const auth = requireAuth(request);
      const rights = await rightsOf(request);
      const now = new Date();
      const scope: Scope = { db: auth.db, control: ctx.databases.control, districtId: auth.districtId, accountId: auth.accountId, now, today: districtToday(now) };
      const actions = actionPowers(rights);
      const families = questionnairePowers(rights).fill;
      const reader = { db: auth.db, districtId: auth.districtId, accountId: auth.accountId, rights };
      const [mine, inspections, declarations, district, cards] = await Promise.all([
        actions.own ? myActions(scope, actions) : null,
        families.length > 0 ? myInspections(scope, families) : null,
        can(rights, 'declarations', 'read') ? recentDeclarations(scope) : null,
        actions.manage ? districtActions(scope) : null,
        Promise.all(DASHBOARD_CARDS.map((cardsOf) => cardsOf(reader, scope.today))).then((all) => all.flat()),
      ]);
      return respond(request, { myActions: mine, myInspections: inspections, recentDeclarations: declarations, districtActions: district, cards });
    },
  );
}
