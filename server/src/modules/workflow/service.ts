/**
 * The workflows' reads and writes in the session's district: definitions (a draft published as
 * a new version, never changed after), instances (started on their own or on a record, each
 * keeping its version), transitions checked again when they arrive (a move sent offline that is
 * no longer allowed is refused with its reason: 409 when the instance moved on, 422 when the
 * caller may not make it), approvals N of M with an optional sequence, delegations, the inbox
 * (what waits on the caller or on whoever named it their delegate today) and the notices the
 * people who must act receive (a bell and an e-mail, each in its reader's language).
 */
import { randomUUID } from 'node:crypto';
import type { Language } from '../../../../common/constants.js';
import {
  WORKFLOW_PAGE,
  inboxPath,
  type Definition,
  type DefinitionCreate,
  type DefinitionUpdate,
  type Delegation,
  type DelegationCreate,
  type InboxItem,
  type Instance,
  type InstanceListQuery,
  type InstanceStart,
  type InstanceSummary,
  type Label,
  type Step,
  type TransitionBody,
  type WorkflowSpec,
} from '../../../../common/modules/workflow/schemas.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import type { RecordedNotification } from '../../notifications/notifier.js';
import type { RouteContext } from '../../routes/context.js';
import { districtToday } from '../_platform/dates.js';
import { sendNotice } from '../_platform/notices.js';
import { actorNames } from '../_platform/records.js';
import { workflowReference, workflowTarget } from '../_platform/workflow-targets.js';
import { checkMove, movesFor, nextInSequence, specProblems, type Approval, type InstanceRoles, type Person } from '../../../../common/modules/workflow/engine.js';
import { workflowMail } from './mail.js';

export interface Scope {
  db: Queryable;
  control: Queryable;
  districtId: string;
  accountId: string;
  /** The client database's name: the key of its published specs in the process's cache. */
  cacheKey?: string;
}

const conflict = (message: string) => new ApiError(409, { message });
const unprocessable = (message: string) => new ApiError(422, { message });

interface InstanceRow {
  id: string;
  title: string;
  definition_id: string;
  definition_name: string;
  definition_version: number;
  state: string;
  state_seq: number;
  state_entered_at: Date;
  status: 'open' | 'done';
  target: string | null;
  record_id: string | null;
  assignee_id: string | null;
  site_manager_id: string | null;
  created_by: string;
  updated_at: Date;
  version: number;
  spec: WorkflowSpec;
}

const INSTANCE_SELECT = `select i.id, i.title, i.definition_id, d.name as definition_name, i.definition_version, i.state, i.state_seq,
    i.state_entered_at, i.status, i.target, i.record_id, i.assignee_id, i.site_manager_id, i.created_by, i.updated_at, i.version, v.spec
  from workflow_instances i
  join workflow_definitions d on d.id = i.definition_id
  join workflow_versions v on v.definition_id = i.definition_id and v.number = i.definition_version`;

/**
 * The instance's columns without its spec nor its definition's name (a list's rows: the spec
 * comes from the versions' cache, the names in one query by id). Kept to one table: on the
 * embedded database planning a join costs more than running it.
 */
const LIGHT_SELECT = `select i.id, i.title, i.definition_id, i.definition_version, i.state, i.state_seq,
    i.state_entered_at, i.status, i.target, i.record_id, i.assignee_id, i.site_manager_id, i.created_by, i.updated_at, i.version
  from workflow_instances i`;

/**
 * The published specs, read once per process: a version is never changed once published, so a
 * list reads each (definition, version) it shows once, not once per row. Keyed by the client
 * database too; bounded (cleared when full: the next reads fill it again).
 */
const SPECS = new Map<string, WorkflowSpec>();
const SPECS_MAX = 2000;

async function specsOf(db: Queryable, cacheKey: string, wanted: readonly { definition_id: string; definition_version: number }[]): Promise<Map<string, WorkflowSpec>> {
  const key = (r: { definition_id: string; definition_version: number }) => `${cacheKey}:${r.definition_id}:${r.definition_version}`;
  const missing = [...new Map(wanted.filter((r) => !SPECS.has(key(r))).map((r) => [key(r), r])).values()];
  if (missing.length > 0) {
    const { rows } = await db.query<{ definition_id: string; number: number; spec: WorkflowSpec }>(
      `select v.definition_id, v.number, v.spec from workflow_versions v
         join unnest($1::uuid[], $2::int[]) as w(definition_id, number) on w.definition_id = v.definition_id and w.number = v.number`,
      [missing.map((r) => r.definition_id), missing.map((r) => r.definition_version)],
    );
    if (SPECS.size + rows.length > SPECS_MAX) SPECS.clear();
    for (const r of rows) SPECS.set(key({ definition_id: r.definition_id, definition_version: r.number }), r.spec);
  }
  return new Map(wanted.flatMap((r) => (SPECS.has(key(r)) ? [[`${r.definition_id}:${r.definition_version}`, SPECS.get(key(r))!] as const] : [])));
}

/**
 * The totals of the lists' first pages and of the inbox (a count is a walk of its whole index
 * range), reused for a short while per client database, district, reader and filter. Every
 * workflow write of this process forgets them (routes.ts, after the commit), like the tenant
 * cache; another process's write shows within COUNT_MS.
 */
const COUNTS = new Map<string, { n: number; until: number }>();
const COUNT_MS = 2_000;
let countEpoch = 0;

export function forgetWorkflowCounts(): void {
  countEpoch++;
  COUNTS.clear();
}

async function cachedCount(key: string, load: () => Promise<number>): Promise<number> {
  const hit = COUNTS.get(key);
  if (hit && hit.until > Date.now()) return hit.n;
  const epoch = countEpoch;
  const n = await load();
  if (epoch === countEpoch) {
    if (COUNTS.size > 10_000) COUNTS.clear();
    COUNTS.set(key, { n, until: Date.now() + COUNT_MS });
  }
  return n;
}

/** A page's key as the app sends it back: opaque, base64url of the key's parts (timestamps as the database writes them, to the microsecond). */
export const encodeCursor = (parts: readonly string[]): string => Buffer.from(parts.join('|'), 'utf8').toString('base64url');
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP_RE = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;
function decodeCursor(cursor: string, size: number): string[] {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const ok = parts.length === size && UUID_RE.test(parts[size - 1]!) && TIMESTAMP_RE.test(parts[size - 2]!) && parts.slice(0, size - 2).every((p) => p === 'open' || p === 'done');
  if (!ok) throw new ApiError(400, { message: 'workflow.bad_cursor' });
  return parts;
}

export type InboxAnswer = { items: InboxItem[]; total?: number; nextCursor: string | null };

const stateLabel = (spec: WorkflowSpec, key: string): Label => spec.states.find((s) => s.key === key)?.label ?? { fr: key, en: key };

export const summaryOf = (row: InstanceRow): InstanceSummary => ({
  id: row.id,
  title: row.title,
  definitionId: row.definition_id,
  definitionName: row.definition_name,
  definitionVersion: row.definition_version,
  state: row.state,
  stateLabel: stateLabel(row.spec, row.state),
  status: row.status,
  target: row.target,
  recordId: row.record_id,
  stateEnteredAt: new Date(row.state_entered_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
  version: row.version,
});

const rolesOf = (row: InstanceRow): InstanceRoles => ({ assigneeId: row.assignee_id, siteManagerId: row.site_manager_id, starterId: row.created_by });

export class WorkflowService {
  constructor(
    private readonly scope: Scope,
    private readonly ctx: RouteContext,
  ) {}

  // ------------------------------------------------------------ definitions

  private async definitionRow(id: string, lock = false) {
    const { rows } = await this.scope.db.query<{ id: string; name: string; target: string | null; draft: WorkflowSpec; current_version: number; version: number; updated_at: Date }>(
      `select id, name, target, draft, current_version, version, updated_at from workflow_definitions where id = $1 and district_id = $2 and deleted_at is null${lock ? ' for update' : ''}`,
      [id, this.scope.districtId],
    );
    if (!rows[0]) throw ApiError.notFound('workflow.definition_not_found');
    return rows[0];
  }

  async listDefinitions(): Promise<Definition[]> {
    const { rows } = await this.scope.db.query<{ id: string; name: string; target: string | null; draft: WorkflowSpec; current_version: number; version: number; updated_at: Date; published: WorkflowSpec | null; running: number }>(
      `select d.id, d.name, d.target, d.draft, d.current_version, d.version, d.updated_at, v.spec as published,
              (select count(*) from workflow_instances i where i.definition_id = d.id and i.status = 'open')::int as running
         from workflow_definitions d
         left join workflow_versions v on v.definition_id = d.id and v.number = d.current_version
        where d.district_id = $1 and d.deleted_at is null
        order by vigie_fold(d.name), d.id`,
      [this.scope.districtId],
    );
    return rows.map((r) => ({ id: r.id, name: r.name, target: r.target, currentVersion: r.current_version, draft: r.draft, published: r.published, running: r.running, version: r.version, updatedAt: new Date(r.updated_at).toISOString() }));
  }

  async getDefinition(id: string): Promise<Definition> {
    const found = (await this.listDefinitions()).find((d) => d.id === id);
    if (!found) throw ApiError.notFound('workflow.definition_not_found');
    return found;
  }

  private checkSpec(spec: WorkflowSpec, target: string | null): void {
    const problem = specProblems(spec)[0];
    // The reason, and the step or transition it is about (the editor shows both).
    if (problem) throw new ApiError(422, { message: problem.key, details: [problem.state, problem.transition].filter(Boolean).join(' ') || problem.key });
    if (target !== null && !workflowTarget(target)) throw unprocessable('workflow.unknown_target');
    for (const t of spec.transitions) {
      for (const field of t.requiredFields ?? []) {
        if (field.ref && !workflowReference(field.ref)) throw new ApiError(422, { message: 'workflow.unknown_reference', details: `${t.key} ${field.key}` });
      }
    }
  }

  async createDefinition(body: DefinitionCreate): Promise<Definition> {
    this.checkSpec(body.draft, body.target);
    const { rows } = await this.scope.db.query('select 1 from workflow_definitions where id = $1', [body.id]);
    if (rows.length > 0) throw conflict('workflow.definition_exists');
    await this.scope.db.query('insert into workflow_definitions (id, district_id, name, target, draft, created_by, updated_by) values ($1, $2, $3, $4, $5, $6, $6)', [
      body.id,
      this.scope.districtId,
      body.name.trim(),
      body.target,
      JSON.stringify(body.draft),
      this.scope.accountId,
    ]);
    return this.getDefinition(body.id);
  }

  async updateDefinition(id: string, body: DefinitionUpdate): Promise<Definition> {
    const row = await this.definitionRow(id, true);
    if (body.draft) this.checkSpec(body.draft, row.target);
    await this.scope.db.query('update workflow_definitions set name = $3, draft = $4, version = version + 1, updated_at = now(), updated_by = $5 where id = $1 and district_id = $2', [
      id,
      this.scope.districtId,
      body.name?.trim() ?? row.name,
      JSON.stringify(body.draft ?? row.draft),
      this.scope.accountId,
    ]);
    return this.getDefinition(id);
  }

  /** The draft becomes the next version; running instances keep theirs. */
  async publish(id: string): Promise<Definition> {
    const row = await this.definitionRow(id, true);
    this.checkSpec(row.draft, row.target);
    const next = row.current_version + 1;
    await this.scope.db.query('insert into workflow_versions (definition_id, number, spec, published_by) values ($1, $2, $3, $4)', [id, next, JSON.stringify(row.draft), this.scope.accountId]);
    await this.scope.db.query('update workflow_definitions set current_version = $2, version = version + 1, updated_at = now(), updated_by = $3 where id = $1', [id, next, this.scope.accountId]);
    return this.getDefinition(id);
  }

  // ------------------------------------------------------------ instances

  private async instanceRow(id: string, lock = false): Promise<InstanceRow> {
    const { rows } = await this.scope.db.query<InstanceRow>(`${INSTANCE_SELECT} where i.id = $1 and i.district_id = $2 and i.deleted_at is null${lock ? ' for update of i' : ''}`, [
      id,
      this.scope.districtId,
    ]);
    if (!rows[0]) throw ApiError.notFound('workflow.instance_not_found');
    return rows[0];
  }

  /** The rows of a list with their spec (from the versions' cache) and their definition's name. */
  private async withSpecs<T extends Omit<InstanceRow, 'spec' | 'definition_name'>>(rows: readonly T[]): Promise<(T & { spec: WorkflowSpec; definition_name: string })[]> {
    if (rows.length === 0) return [];
    const [specs, names] = await Promise.all([
      specsOf(this.scope.db, this.scope.cacheKey ?? '', rows),
      this.scope.db.query<{ id: string; name: string }>('select id, name from workflow_definitions where id = any($1::uuid[])', [[...new Set(rows.map((r) => r.definition_id))]]),
    ]);
    const name = new Map(names.rows.map((r) => [r.id, r.name]));
    return rows.flatMap((r) => {
      const spec = specs.get(`${r.definition_id}:${r.definition_version}`);
      return spec ? [{ ...r, spec, definition_name: name.get(r.definition_id) ?? '' }] : [];
    });
  }

  /** The instances, last changed first, a page after `cursor` (its status, its change's time, its id). */
  async listInstances(query: InstanceListQuery): Promise<{ items: InstanceSummary[]; total?: number; nextCursor: string | null }> {
    const where = ['i.district_id = $1', 'i.deleted_at is null'];
    const params: unknown[] = [this.scope.districtId];
    const add = (sql: string, ...values: unknown[]) => {
      let text = sql;
      for (const value of values) {
        params.push(value);
        text = text.replace('?', `$${params.length}`);
      }
      where.push(text);
    };
    if (query.status) add('i.status = ?', query.status);
    if (query.definitionId) add('i.definition_id = ?', query.definitionId);
    if (query.target) add('i.target = ?', query.target);
    if (query.recordId) add('i.record_id = ?', query.recordId);
    const filters = [...where];
    const filterParams = [...params];
    if (query.cursor) {
      const [status, updatedAt, id] = decodeCursor(query.cursor, 3);
      if (query.status) add('(i.updated_at, i.id) < (?::timestamptz, ?::uuid)', updatedAt, id);
      else add('(i.status > ? or (i.status = ? and (i.updated_at, i.id) < (?::timestamptz, ?::uuid)))', status, status, updatedAt, id);
    }
    const [page, count] = await Promise.all([
      this.scope.db.query<Omit<InstanceRow, 'spec' | 'definition_name'> & { updated_text: string }>(
        `${LIGHT_SELECT.replace('select i.id', 'select i.updated_at::text as updated_text, i.id')} where ${where.join(' and ')}
          order by i.status, i.updated_at desc, i.id desc limit ${WORKFLOW_PAGE + 1}`,
        params,
      ),
      query.cursor
        ? null
        : cachedCount(`${this.scope.cacheKey}:${JSON.stringify(filterParams)}`, async () => {
            const { rows } = await this.scope.db.query<{ n: number }>(`select count(*)::int as n from workflow_instances i where ${filters.join(' and ')}`, filterParams);
            return rows[0]?.n ?? 0;
          }),
    ]);
    const rows = page.rows.slice(0, WORKFLOW_PAGE);
    const last = rows.at(-1);
    const nextCursor = page.rows.length > WORKFLOW_PAGE && last ? encodeCursor([last.status, last.updated_text, last.id]) : null;
    const items = (await this.withSpecs(rows)).map(summaryOf);
    return { items, ...(count === null ? {} : { total: count }), nextCursor };
  }

  /** The caller, then those who named it their delegate today, with their rights in the district. */
  private async people(): Promise<Person[]> {
    const { rows } = await this.scope.db.query<{ account_id: string; rights: string[] }>(
      `select m.account_id, m.rights from memberships m
        where m.district_id = $1
          and (m.account_id = $2 or m.account_id in (select account_id from workflow_delegations
                where district_id = $1 and delegate_id = $2 and deleted_at is null and $3::date between starts_on and ends_on))`,
      [this.scope.districtId, this.scope.accountId, districtToday()],
    );
    const me = rows.filter((r) => r.account_id === this.scope.accountId);
    const others = rows.filter((r) => r.account_id !== this.scope.accountId);
    return [...me, ...others].map((r) => ({ accountId: r.account_id, rights: r.rights }));
  }

  private async approvals(row: InstanceRow): Promise<Approval[]> {
    const { rows } = await this.scope.db.query<{ transition: string; account: string }>(
      `select transition, coalesce(on_behalf_of, actor_id) as account from workflow_steps where instance_id = $1 and state_seq = $2 and kind = 'approval' order by at, n`,
      [row.id, row.state_seq],
    );
    return rows.map((r) => ({ transition: r.transition, accountId: r.account }));
  }

  /** Whether the caller waits on the instance, acted on it, or started it. */
  async concerns(id: string): Promise<boolean> {
    const { rows } = await this.scope.db.query(
      `select 1 from workflow_instances i where i.id = $1 and i.district_id = $2 and (i.created_by = $3
          or exists (select 1 from workflow_waits w where w.instance_id = i.id and (w.account_id = $3 or w.account_id in (select account_id from workflow_delegations
                where district_id = $2 and delegate_id = $3 and deleted_at is null and $4::date between starts_on and ends_on)))
          or exists (select 1 from workflow_steps s where s.instance_id = i.id and s.actor_id = $3))`,
      [id, this.scope.districtId, this.scope.accountId, districtToday()],
    );
    return rows.length > 0;
  }

  async getInstance(id: string, now = new Date()): Promise<Instance> {
    const row = await this.instanceRow(id);
    return this.view(row, now);
  }

  private async view(row: InstanceRow, now: Date): Promise<Instance> {
    const [people, approvals, steps, waits] = await Promise.all([
      this.people(),
      this.approvals(row),
      this.scope.db.query<{ id: string; at: Date; kind: Step['kind']; transition: string | null; from_state: string | null; to_state: string | null; actor_id: string | null; on_behalf_of: string | null; reason: string | null; fields: Record<string, string>; refs: Record<string, string>; signed: boolean }>(
        `select id, at, kind, transition, from_state, to_state, actor_id, on_behalf_of, reason, fields, refs, signature is not null as signed
           from workflow_steps where instance_id = $1 order by at, n`,
        [row.id],
      ),
      this.scope.db.query<{ account_id: string }>('select account_id from workflow_waits where instance_id = $1', [row.id]),
    ]);
    const names = await actorNames(this.scope.control, [row.created_by, ...steps.rows.flatMap((s) => [s.actor_id, s.on_behalf_of]), ...waits.rows.map((w) => w.account_id)]);
    return {
      ...summaryOf(row),
      spec: row.spec,
      startedByName: names.get(row.created_by) ?? '',
      waitingOn: waits.rows.map((w) => names.get(w.account_id) ?? '').filter((n) => n !== '').sort(),
      moves: row.status === 'done' ? [] : movesFor(row.spec, row.state, people, rolesOf(row), approvals, new Date(row.state_entered_at), now),
      history: steps.rows.map((s) => ({
        id: s.id,
        at: new Date(s.at).toISOString(),
        kind: s.kind,
        transition: s.transition,
        fromState: s.from_state,
        toState: s.to_state,
        actorId: s.actor_id,
        actorName: s.actor_id ? (names.get(s.actor_id) ?? '') : '',
        onBehalfOfName: s.on_behalf_of ? (names.get(s.on_behalf_of) ?? '') : null,
        reason: s.reason,
        fields: s.fields,
        refs: s.refs,
        signed: s.signed,
      })),
    };
  }

  private deadlines(spec: WorkflowSpec, state: string, at: Date): { remindAt: Date | null; deadlineAt: Date | null } {
    const def = spec.states.find((s) => s.key === state);
    const hours = (h: number | undefined) => (h === undefined ? null : new Date(at.getTime() + h * 3_600_000));
    return { remindAt: hours(def?.remindHours), deadlineAt: hours(def?.deadlineHours) };
  }

  async start(body: InstanceStart, now = new Date()): Promise<{ instance: Instance; notices: RecordedNotification[] }> {
    const { rows: existing } = await this.scope.db.query('select 1 from workflow_instances where id = $1', [body.id]);
    if (existing.length > 0) throw conflict('workflow.instance_exists');
    const { rows } = await this.scope.db.query<{ name: string; target: string | null; current_version: number; spec: WorkflowSpec | null }>(
      `select d.name, d.target, d.current_version, v.spec from workflow_definitions d
         left join workflow_versions v on v.definition_id = d.id and v.number = d.current_version
        where d.id = $1 and d.district_id = $2 and d.deleted_at is null`,
      [body.definitionId, this.scope.districtId],
    );
    const def = rows[0];
    if (!def) throw ApiError.notFound('workflow.definition_not_found');
    if (!def.spec) throw unprocessable('workflow.not_published');
    let roles = { assigneeId: null as string | null, siteManagerId: null as string | null };
    if (def.target !== null) {
      if (!body.recordId) throw unprocessable('workflow.record_required');
      const record = await workflowTarget(def.target)?.read(this.scope.db, this.scope.districtId, body.recordId);
      if (!record) throw unprocessable('workflow.record_not_found');
      roles = { assigneeId: record.assigneeId, siteManagerId: record.siteManagerId };
    } else if (body.recordId) throw unprocessable('workflow.record_not_expected');
    const at = now;
    const { remindAt, deadlineAt } = this.deadlines(def.spec, def.spec.initial, at);
    await this.scope.db.query(
      `insert into workflow_instances (id, district_id, definition_id, definition_version, title, target, record_id, assignee_id, site_manager_id, state, state_entered_at, remind_at, deadline_at, created_by, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)`,
      [body.id, this.scope.districtId, body.definitionId, def.current_version, body.title.trim(), def.target, body.recordId ?? null, roles.assigneeId, roles.siteManagerId, def.spec.initial, at, remindAt, deadlineAt, this.scope.accountId],
    );
    await this.scope.db.query(`insert into workflow_steps (id, instance_id, district_id, at, kind, to_state, state_seq, actor_id) values ($1, $2, $3, $4, 'start', $5, 1, $6)`, [
      randomUUID(),
      body.id,
      this.scope.districtId,
      at,
      def.spec.initial,
      this.scope.accountId,
    ]);
    const row = await this.instanceRow(body.id);
    const notices = await this.refreshWaits(row);
    return { instance: await this.view(row, now), notices };
  }

  /**
   * A transition (or one approval of it) as it arrives: checked against the instance now, so a
   * move queued offline that is no longer allowed is refused with its reason.
   */
  async transition(id: string, body: TransitionBody, now = new Date()): Promise<{ instance: Instance; notices: RecordedNotification[] }> {
    const row = await this.instanceRow(id, true);
    if (row.status === 'done') throw conflict('workflow.instance_closed');
    if (row.state !== body.fromState) throw conflict('workflow.state_changed');
    const transition = row.spec.transitions.find((t) => t.key === body.transition && t.from === row.state);
    if (!transition) throw unprocessable('workflow.unknown_transition');
    const approvals = await this.approvals(row);
    const check = checkMove(transition, await this.people(), rolesOf(row), approvals, new Date(row.state_entered_at), now);
    if (check.blocked !== null || check.as === null) throw (check.blocked === 'workflow.already_approved' ? conflict : unprocessable)(check.blocked ?? 'workflow.not_allowed');
    const fields: Record<string, string> = {};
    const refs: Record<string, string> = {};
    for (const field of transition.requiredFields ?? []) {
      const value = body.fields?.[field.key]?.trim() ?? '';
      if (value === '') throw unprocessable('workflow.fields_required');
      if (field.ref) {
        // The id of a record of the district (an outside company): its title is kept with it.
        const record = UUID_RE.test(value) ? await workflowReference(field.ref)?.read(this.scope.db, this.scope.districtId, value) : null;
        if (!record) throw new ApiError(422, { message: 'workflow.reference_not_found', details: field.key });
        fields[field.key] = record.title;
        refs[field.key] = value.toLowerCase();
      } else fields[field.key] = value;
    }
    if (transition.signature && !body.signature) throw unprocessable('workflow.signature_required');
    const reason = body.reason?.trim() ?? '';
    if (transition.reasonRequired && reason === '') throw unprocessable('workflow.reason_required');
    const onBehalfOf = check.as.accountId === this.scope.accountId ? null : check.as.accountId;
    const step = (kind: 'approval' | 'transition', toState: string | null) =>
      this.scope.db.query(
        `insert into workflow_steps (id, instance_id, district_id, at, kind, transition, from_state, to_state, state_seq, actor_id, on_behalf_of, reason, fields, refs, signature)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
        [randomUUID(), row.id, this.scope.districtId, now, kind, transition.key, row.state, toState, row.state_seq, this.scope.accountId, onBehalfOf, reason || null, JSON.stringify(fields), JSON.stringify(refs), body.signature ?? null],
      );
    let moved = true;
    if (transition.approvals) {
      await step('approval', null);
      const given = approvals.filter((a) => a.transition === transition.key).length + 1;
      moved = given >= transition.approvals.required;
    }
    if (moved) {
      const final = row.spec.states.find((s) => s.key === transition.to)?.final === true;
      const { remindAt, deadlineAt } = this.deadlines(row.spec, transition.to, now);
      await step('transition', transition.to);
      await this.scope.db.query(
        `update workflow_instances set state = $2, state_seq = state_seq + 1, state_entered_at = $3, status = $4, remind_at = $5, deadline_at = $6,
                reminded_at = null, escalated_at = null, version = version + 1, updated_at = $3, updated_by = $7 where id = $1`,
        [row.id, transition.to, now, final ? 'done' : 'open', remindAt, deadlineAt, this.scope.accountId],
      );
    } else {
      await this.scope.db.query('update workflow_instances set version = version + 1, updated_at = $2, updated_by = $3 where id = $1', [row.id, now, this.scope.accountId]);
    }
    const next = await this.instanceRow(id);
    const notices = await this.refreshWaits(next);
    return { instance: await this.view(next, now), notices };
  }

  /**
   * Rewrites who must act on the instance now, and tells those newly waited on (a bell and an
   * e-mail in their language). Answers the bells to announce once committed.
   */
  async refreshWaits(row: InstanceRow): Promise<RecordedNotification[]> {
    const { rows: before } = await this.scope.db.query<{ account_id: string }>('select account_id from workflow_waits where instance_id = $1', [row.id]);
    await this.scope.db.query('delete from workflow_waits where instance_id = $1', [row.id]);
    if (row.status === 'done') return [];
    const wanted = await waitingAccounts(this.scope.db, this.scope.districtId, row, await this.approvals(row));
    if (wanted.length === 0) return [];
    await this.scope.db.query('insert into workflow_waits (instance_id, district_id, account_id, entered_at) select $1, $2, unnest($3::uuid[]), $4', [
      row.id,
      this.scope.districtId,
      wanted,
      row.state_entered_at,
    ]);
    const known = new Set(before.map((b) => b.account_id));
    const fresh = wanted.filter((id) => !known.has(id) && id !== this.scope.accountId);
    if (fresh.length === 0) return [];
    return noticeWaiting(this.ctx, this.scope.db, this.scope.districtId, row, fresh, 'waiting');
  }

  // ------------------------------------------------------------ inbox

  /**
   * What waits on the caller (or on whoever named it their delegate today), oldest first: one
   * index range of the waits (the person, the time the instance entered its state, its id), a
   * page starting after `cursor`; each row's moves computed from its version's spec, read once
   * per process. The total comes with the first page.
   */
  async inbox(cursor?: string): Promise<InboxAnswer> {
    return (await this.keptInbox(cursor)).value;
  }

  /** The inbox's page and the time its moves may change by the clock alone (a "not before" passing), if any. */
  async keptInbox(cursor?: string): Promise<{ value: InboxAnswer; until?: number }> {
    const people = await this.people();
    const me = this.scope.accountId;
    const accounts = people.map((p) => p.accountId);
    const after = cursor ? decodeCursor(cursor, 2) : null;
    const params: unknown[] = [this.scope.districtId, accounts.length === 1 ? me : accounts, me];
    const keyed = after ? `and (w.entered_at, w.instance_id) > ($4::timestamptz, $5::uuid)` : '';
    if (after) params.push(after[0], after[1]);
    // One person: the index's order as it is; with delegators, their ranges merged (an instance once).
    const waits =
      accounts.length === 1
        ? `select w.instance_id, w.entered_at::text as entered_text, nullif(w.account_id, $3::uuid) as for_account from workflow_waits w
            where w.district_id = $1 and w.account_id = $2 ${keyed} order by w.entered_at, w.instance_id limit ${WORKFLOW_PAGE + 1}`
        : `select w.instance_id, w.entered_at::text as entered_text, case when bool_or(w.account_id = $3::uuid) then null else min(w.account_id::text)::uuid end as for_account
             from workflow_waits w
            where w.district_id = $1 and w.account_id = any($2::uuid[]) ${keyed}
            group by w.entered_at, w.instance_id order by w.entered_at, w.instance_id limit ${WORKFLOW_PAGE + 1}`;
    const [waitPage, count] = await Promise.all([
      this.scope.db.query<{ instance_id: string; entered_text: string; for_account: string | null }>(waits, params),
      cursor ? null : this.countInbox(accounts),
    ]);
    const more = waitPage.rows.length > WORKFLOW_PAGE;
    const shown = waitPage.rows.slice(0, WORKFLOW_PAGE);
    // Then the page's instances by their ids (the order is the waits'). Only the key in SQL: with
    // the state or deletion there, a planner without statistics may walk the open instances' index.
    const { rows: instances } = await this.scope.db.query<Omit<InstanceRow, 'spec' | 'definition_name'> & { deleted: boolean }>(
      `${LIGHT_SELECT.replace('i.version', 'i.version, i.deleted_at is not null as deleted')} where i.id = any($1::uuid[])`,
      [shown.map((w) => w.instance_id)],
    );
    const byId = new Map(instances.filter((r) => !r.deleted && r.status === 'open').map((r) => [r.id, r]));
    const rows = await this.withSpecs(shown.flatMap((w) => {
      const row = byId.get(w.instance_id);
      return row ? [{ ...row, for_account: w.for_account }] : [];
    }));
    const last = shown.at(-1);
    // The approvals of this visit of their state, for the rows whose state has a transition by approvals only.
    const counted = rows.filter((r) => r.spec.transitions.some((t) => t.from === r.state && t.approvals)).map((r) => r.id);
    const given = counted.length === 0
      ? []
      : (
          await this.scope.db.query<{ instance_id: string; transition: string; state_seq: number; account: string }>(
            `select instance_id, transition, state_seq, coalesce(on_behalf_of, actor_id) as account from workflow_steps where instance_id = any($1::uuid[]) and kind = 'approval'`,
            [counted],
          )
        ).rows;
    const seqOf = new Map(rows.map((r) => [r.id, r.state_seq]));
    const forAccounts = rows.flatMap((r) => (r.for_account ? [r.for_account] : []));
    const names = forAccounts.length === 0 ? new Map<string, string>() : await actorNames(this.scope.control, forAccounts);
    const now = new Date();
    const items = rows.map((row) => {
      const approvals = given.filter((g) => g.instance_id === row.id && g.state_seq === seqOf.get(row.id)).map((g) => ({ transition: g.transition, accountId: g.account }));
      const moves = movesFor(row.spec, row.state, people, rolesOf(row), approvals, new Date(row.state_entered_at), now);
      return { ...summaryOf(row), moves: moves.filter((m) => m.allowed).map((m) => m.key), forName: row.for_account ? (names.get(row.for_account) ?? null) : null };
    });
    // The first "not before" still to come among the rows' moves out of their state.
    let until = Number.POSITIVE_INFINITY;
    for (const row of rows) {
      for (const t of row.spec.transitions) {
        if (t.from !== row.state || t.notBeforeMinutes === undefined) continue;
        const at = new Date(row.state_entered_at).getTime() + t.notBeforeMinutes * 60_000;
        if (at > now.getTime() && at < until) until = at;
      }
    }
    return {
      value: { items, ...(count === null ? {} : { total: count }), nextCursor: more && last ? encodeCursor([last.entered_text, last.instance_id]) : null },
      ...(until === Number.POSITIVE_INFINITY ? {} : { until }),
    };
  }

  /** What waits on the caller and on `accounts` (itself and its delegators today). */
  private countInbox(accounts: readonly string[]): Promise<number> {
    return cachedCount(`${this.scope.cacheKey}:${this.scope.districtId}:inbox:${accounts.join(',')}`, async () => {
      const { rows } = await this.scope.db.query<{ n: number }>(`select (${INBOX_COUNT_SQL})::int as n`, [this.scope.accountId, this.scope.districtId, accounts]);
      return rows[0]?.n ?? 0;
    });
  }

  async inboxCount(): Promise<number> {
    return this.countInbox((await this.people()).map((p) => p.accountId));
  }

  // ------------------------------------------------------------ delegations

  async delegations(): Promise<{ mine: Delegation[]; forMe: Delegation[] }> {
    const { rows } = await this.scope.db.query<{ id: string; account_id: string; delegate_id: string; starts_on: string; ends_on: string }>(
      `select id, account_id, delegate_id, starts_on::text, ends_on::text from workflow_delegations
        where district_id = $1 and deleted_at is null and (account_id = $2 or delegate_id = $2) and ends_on >= $3::date order by starts_on, id`,
      [this.scope.districtId, this.scope.accountId, districtToday()],
    );
    const names = await actorNames(this.scope.control, rows.flatMap((r) => [r.account_id, r.delegate_id]));
    const all = rows.map((r) => ({
      id: r.id,
      delegateId: r.delegate_id,
      delegateName: names.get(r.delegate_id) ?? '',
      accountName: names.get(r.account_id) ?? '',
      startsOn: r.starts_on,
      endsOn: r.ends_on,
      own: r.account_id === this.scope.accountId,
    }));
    return { mine: all.filter((d) => d.own).map(({ own: _own, ...d }) => d), forMe: all.filter((d) => !d.own).map(({ own: _own, ...d }) => d) };
  }

  async delegate(body: DelegationCreate): Promise<void> {
    if (body.endsOn < body.startsOn) throw unprocessable('workflow.delegation_dates');
    if (body.delegateId === this.scope.accountId) throw unprocessable('workflow.delegation_self');
    const { rows } = await this.scope.db.query('select 1 from memberships where district_id = $1 and account_id = $2', [this.scope.districtId, body.delegateId]);
    if (rows.length === 0) throw unprocessable('workflow.delegate_not_member');
    await this.scope.db.query(
      `insert into workflow_delegations (id, district_id, account_id, delegate_id, starts_on, ends_on) values ($1, $2, $3, $4, $5, $6) on conflict (id) do nothing`,
      [body.id, this.scope.districtId, this.scope.accountId, body.delegateId, body.startsOn, body.endsOn],
    );
  }

  async endDelegation(id: string): Promise<void> {
    const { rows } = await this.scope.db.query('update workflow_delegations set deleted_at = now() where id = $1 and district_id = $2 and account_id = $3 and deleted_at is null returning id', [
      id,
      this.scope.districtId,
      this.scope.accountId,
    ]);
    if (rows.length === 0) throw ApiError.notFound('workflow.delegation_not_found');
  }
}


/**
 * What waits on `$1` (an index-only count of its range), plus what waits on the accounts of `$3`
 * it does not wait on itself (those who named it their delegate: usually none).
 */
const countFor = (delegators: string) => `(select count(*) from workflow_waits w where w.district_id = $2 and w.account_id = $1)
  + (select count(distinct w.instance_id) from workflow_waits w
      where w.district_id = $2 and w.account_id in (${delegators}) and w.account_id <> $1
        and not exists (select 1 from workflow_waits m where m.instance_id = w.instance_id and m.account_id = $1))`;

/** The inbox's total: `$1` the member, `$2` the district, `$3` the member and its delegators (uuid[]). */
const INBOX_COUNT_SQL = countFor('select unnest($3::uuid[])');

/** The toolbar badge's part (ServerModule `workflowCount`): `$1` the member, `$2` the district, `$3` today. */
export const WORKFLOW_COUNT_SQL = countFor(`select account_id from workflow_delegations
        where district_id = $2 and delegate_id = $1 and deleted_at is null and $3::date between starts_on and ends_on`);

/** Who may make a transition out of the instance's state now (those who approved it already left out; a sequence: its next person only). */
export async function waitingAccounts(db: Queryable, districtId: string, row: InstanceRow, approvals: readonly Approval[]): Promise<string[]> {
  const accounts = new Set<string>();
  const rights = new Map<string, Set<string>>();
  for (const t of row.spec.transitions.filter((x) => x.from === row.state)) {
    const given = new Set(approvals.filter((a) => a.transition === t.key).map((a) => a.accountId));
    const add = (id: string | null) => id !== null && !given.has(id) && accounts.add(id);
    if (t.approvals?.sequence) {
      add(nextInSequence(t, approvals));
      continue;
    }
    for (const actor of t.actors) {
      if (actor.type === 'people') actor.accountIds.forEach(add);
      else if (actor.type === 'role') add(actor.role === 'assignee' ? row.assignee_id : actor.role === 'siteManager' ? row.site_manager_id : row.created_by);
      else rights.set(t.key, (rights.get(t.key) ?? new Set()).add(actor.right));
    }
  }
  for (const [transition, wanted] of rights) {
    const { rows } = await db.query<{ account_id: string }>('select account_id from memberships where district_id = $1 and rights && $2::text[]', [districtId, [...wanted]]);
    const approved = new Set(approvals.filter((a) => a.transition === transition).map((a) => a.accountId));
    for (const r of rows) if (!approved.has(r.account_id)) accounts.add(r.account_id);
  }
  // Only members of the district.
  const { rows } = await db.query<{ account_id: string }>('select account_id from memberships where district_id = $1 and account_id = any($2::uuid[])', [districtId, [...accounts]]);
  return rows.map((r) => r.account_id).sort();
}

/** A bell and an e-mail to each of `to`, in their language: an instance waits on them (or its deadline came). */
export function noticeWaiting(ctx: RouteContext, tx: Queryable, districtId: string, row: InstanceRow, to: string[], kind: 'waiting' | 'reminder' | 'escalation'): Promise<RecordedNotification[]> {
  const state = stateLabel(row.spec, row.state);
  const bell: Record<typeof kind, Record<Language, string>> = {
    waiting: { fr: `À traiter : ${row.title} (${state.fr})`, en: `Waiting on you: ${row.title} (${state.en})` },
    reminder: { fr: `Rappel, à traiter : ${row.title} (${state.fr})`, en: `Reminder, waiting on you: ${row.title} (${state.en})` },
    escalation: { fr: `Délai dépassé : ${row.title} (${state.fr})`, en: `Deadline passed: ${row.title} (${state.en})` },
  };
  return sendNotice(ctx, tx, {
    districtId,
    to,
    bell: (language) => bell[kind][language],
    path: inboxPath(row.id),
    openKey: 'workflow.open_notice',
    mail: (href, language) => workflowMail({ kind, title: row.title, state: state[language], link: href, language }),
  });
}

export type { InstanceRow };
export { INSTANCE_SELECT };
