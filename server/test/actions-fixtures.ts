/**
 * Actions and plans written straight into a client database for the tests of the jobs, the
 * calendar and the dashboard (the module's create routes are tested in actions.test.ts): one
 * row each, with the columns the repository would set (`remind_on` ACTION_REMIND_DAYS before the
 * due date, `done_at` for a closed one).
 */
import { randomUUID } from 'node:crypto';
import { ACTION_REMIND_DAYS, type ActionStatus, type Priority } from '../../common/modules/actions/schemas.js';
import type { VigieServer } from '../src/app.js';

export interface ActionRow {
  districtId: string;
  title: string;
  createdBy: string;
  assigneeId?: string | null;
  /** YYYY-MM-DD; null: no due date. */
  dueOn?: string | null;
  status?: ActionStatus;
  priority?: Priority;
  planId?: string | null;
  siteId?: string | null;
  createdAt?: Date;
  doneAt?: Date | null;
  deleted?: boolean;
}

export async function insertAction(server: VigieServer, row: ActionRow, database = 'acme'): Promise<string> {
  const db = await server.databases.client(database);
  const id = randomUUID();
  const status = row.status ?? 'todo';
  const closed = status === 'done' || status === 'verified';
  const at = row.createdAt ?? new Date();
  await db.query(
    `insert into actions (id, district_id, title, site_id, plan_id, assignee_id, due_on, priority, status, remind_on, done_at, done_by,
                          search_text, created_at, created_by, updated_at, updated_by, deleted_at)
     values ($1, $2, $3, $4, $5, $6, $7::date, $8, $9, $7::date - $10::int, $11, $12, vigie_fold($3), $13, $14, $13, $14, $15)`,
    [
      id,
      row.districtId,
      row.title,
      row.siteId ?? null,
      row.planId ?? null,
      row.assigneeId ?? null,
      row.dueOn ?? null,
      row.priority ?? 'normal',
      status,
      ACTION_REMIND_DAYS,
      row.doneAt !== undefined ? row.doneAt : closed ? at : null,
      closed ? (row.assigneeId ?? row.createdBy) : null,
      at,
      row.createdBy,
      row.deleted ? new Date() : null,
    ],
  );
  return id;
}

export async function insertPlan(server: VigieServer, row: { districtId: string; name: string; ownerId: string; createdBy: string }, database = 'acme'): Promise<string> {
  const db = await server.databases.client(database);
  const id = randomUUID();
  await db.query(`insert into action_plans (id, district_id, name, owner_id, created_by) values ($1, $2, $3, $4, $5)`, [id, row.districtId, row.name, row.ownerId, row.createdBy]);
  return id;
}

/** The ids a test needs: a district by client and name, an account by e-mail. */
export async function districtId(server: VigieServer, name: string, database = 'acme'): Promise<string> {
  const db = await server.databases.client(database);
  const { rows } = await db.query<{ id: string }>('select id from districts where name = $1', [name]);
  if (!rows[0]) throw new Error(`no district ${name} in ${database}`);
  return rows[0].id;
}

export async function accountId(server: VigieServer, email: string): Promise<string> {
  const { rows } = await server.databases.control.query<{ id: string }>('select id from accounts where lower(email) = lower($1)', [email]);
  if (!rows[0]) throw new Error(`no account ${email}`);
  return rows[0].id;
}

/** Gives a member other rights in a district (and drops the cached envelope that held the old ones). */
export async function setRights(server: VigieServer, accountIdValue: string, district: string, rights: readonly string[], database = 'acme'): Promise<void> {
  const db = await server.databases.client(database);
  await db.query('update memberships set rights = $3 where account_id = $1 and district_id = $2', [accountIdValue, district, rights]);
  server.ctx.tenantCache.invalidate({ kind: 'member', db: database, districtId: district, accountId: accountIdValue });
}

/** An inspection of one of the district's questionnaire templates, assigned and due at a time (the calendar's and the dashboard's). */
export async function insertInspection(
  server: VigieServer,
  row: { districtId: string; assigneeId: string; dueAt: Date | null; status?: 'todo' | 'inProgress' | 'submitted'; createdBy: string },
  database = 'acme',
): Promise<{ id: string; templateName: string }> {
  const db = await server.databases.client(database);
  const { rows } = await db.query<{ id: string; version: number; name: string }>(
    `select id, version, name from questionnaire_templates where district_id = $1 and family = 'questionnary' and deleted_at is null order by name limit 1`,
    [row.districtId],
  );
  const template = rows[0];
  if (!template) throw new Error('no questionnaire template in the district');
  const id = randomUUID();
  await db.query(
    `insert into inspections (id, district_id, family, template_id, template_version, assignee_id, due_at, status, created_by, updated_by)
     values ($1, $2, 'questionnary', $3, $4, $5, $6, $7, $8, $8)`,
    [id, row.districtId, template.id, template.version, row.assigneeId, row.dueAt, row.status ?? 'todo', row.createdBy],
  );
  return { id, templateName: template.name };
}
