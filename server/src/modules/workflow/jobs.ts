/**
 * The workflows' deadlines (a scheduled job: module.ts `jobs`), run every minute and by the tests
 * at the times they choose. An open instance whose state has a reminder (`remind_at`) tells who
 * must act, once; one whose deadline has passed (`deadline_at`) tells the state's escalation
 * actors (and who must act), once. Each is claimed in the database (_platform/notices.ts), so
 * two processes send it once; entering a new state sets new times and clears the stamps.
 */
import type { Queryable } from '../../db/types.js';
import type { RouteContext } from '../../routes/context.js';
import { claimNotices, noticesJob, type Rung } from '../_platform/notices.js';
import { randomUUID } from 'node:crypto';
import { keptWorkflowAnswers } from './answers.js';
import { INSTANCE_SELECT, noticeWaiting, type InstanceRow } from './service.js';

export interface WorkflowJobReport {
  reminded: number;
  escalated: number;
}

async function escalationAccounts(tx: Queryable, row: InstanceRow): Promise<string[]> {
  const state = row.spec.states.find((s) => s.key === row.state);
  const ids = new Set<string>();
  const rights: string[] = [];
  for (const actor of state?.escalateTo ?? []) {
    if (actor.type === 'people') actor.accountIds.forEach((id) => ids.add(id));
    else if (actor.type === 'role') {
      const id = actor.role === 'assignee' ? row.assignee_id : actor.role === 'siteManager' ? row.site_manager_id : row.created_by;
      if (id) ids.add(id);
    } else rights.push(actor.right);
  }
  if (rights.length > 0) {
    const { rows } = await tx.query<{ account_id: string }>('select account_id from memberships where district_id = (select district_id from workflow_instances where id = $1) and rights && $2::text[]', [row.id, rights]);
    rows.forEach((r) => ids.add(r.account_id));
  }
  return [...ids];
}

async function runDatabase(ctx: RouteContext, database: string, now: Date): Promise<WorkflowJobReport & { rung: Rung }> {
  const db = await ctx.databases.client(database);
  const rung: Rung = [];
  const touched = new Set<string>();
  const run = (kind: 'reminder' | 'escalation') =>
    db.transaction(async (tx) => {
      const ids = await claimNotices(
        tx,
        kind === 'reminder'
          ? { table: 'workflow_instances', stamp: 'reminded_at', due: `remind_at <= $1 and status = 'open' and deleted_at is null`, order: 'remind_at, id' }
          : { table: 'workflow_instances', stamp: 'escalated_at', due: `deadline_at <= $1 and status = 'open' and deleted_at is null`, order: 'deadline_at, id', alsoSet: 'reminded_at = coalesce(reminded_at, $1)' },
        now,
      );
      if (ids.length === 0) return 0;
      const { rows } = await tx.query<InstanceRow & { district_id: string }>(`${INSTANCE_SELECT.replace('select i.id', 'select i.district_id, i.id')} where i.id = any($1::uuid[]) order by i.id`, [ids]);
      for (const row of rows) {
        touched.add(row.district_id);
        const { rows: waits } = await tx.query<{ account_id: string }>('select account_id from workflow_waits where instance_id = $1', [row.id]);
        const to = [...new Set([...waits.map((w) => w.account_id), ...(kind === 'escalation' ? await escalationAccounts(tx, row) : [])])];
        await tx.query(`insert into workflow_steps (id, instance_id, district_id, at, kind, state_seq) values ($1, $2, $3, $4, $5, $6)`, [randomUUID(), row.id, row.district_id, now, kind, row.state_seq]);
        const items = await noticeWaiting(ctx, tx, row.district_id, row, to, kind);
        if (items.length > 0) rung.push({ districtId: row.district_id, items });
      }
      return rows.length;
    });
  const escalated = await run('escalation');
  const reminded = await run('reminder');
  // Committed: the districts' kept inboxes and lists are read again (answers.ts).
  const answers = keptWorkflowAnswers(ctx);
  for (const districtId of touched) answers?.forget(database, districtId);
  return { reminded, escalated, rung };
}

export const runWorkflowDeadlines = noticesJob<WorkflowJobReport>('workflow deadlines', { reminded: 0, escalated: 0 }, runDatabase);
