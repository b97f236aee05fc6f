/**
 * The schedules of the Questionnaires module (inspection_schedules): a template planned on
 * sites for people, once or recurring (scheduler.ts makes the occurrences, reminds and tells
 * of overdue ones). Managing one takes the manage right of its template's family; like every
 * repository it is scoped to the session's district. A change applies to the occurrences not
 * made yet: the next one is recomputed from the new pattern after the last one made.
 */
import type { QuestionnairePowers } from '../../../../common/modules/questionnaires/access.js';
import type { Actor } from '../../../../common/schemas/platform.js';
import type { Family, Schedule, ScheduleCreate, ScheduleFields, ScheduleUpdate } from '../../../../common/modules/questionnaires/schemas.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { actorNames, actorOf, changesBetween, deletedRecord, districtMembers, iso, type RecordScope, versionConflict, writeHistory } from '../_platform/records.js';
import { NOT_MEMBER, SITE_NOT_FOUND, TEMPLATE_NOT_FOUND } from './repository.js';
import { makeOccurrences, nextAfter, occurrence, type ScheduleRow } from './scheduler.js';

export const SCHEDULES_HISTORY = 'inspection_schedules';
export const SCHEDULE_NOT_FOUND = 'questionnaires.schedule_not_found';
export const INVALID_SCHEDULE = 'questionnaires.invalid_schedule';

const FIELDS = ['siteIds', 'assigneeIds', 'recurrence', 'interval', 'firstDueAt', 'until', 'remindDays'] as const;

type Row = ScheduleRow & { version: number; created_at: Date; updated_at: Date; updated_by: string | null; template_name: string };

const fieldsOf = (row: ScheduleRow): ScheduleFields => ({
  siteIds: row.site_ids,
  assigneeIds: row.assignee_ids,
  recurrence: row.recurrence,
  interval: row.interval,
  firstDueAt: iso(row.first_due_at),
  until: row.until ? iso(row.until) : null,
  remindDays: row.remind_days,
});

export class SchedulesRepository {
  private readonly db: Queryable;

  constructor(
    private readonly scope: RecordScope,
    private readonly powers: QuestionnairePowers,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.db = scope.db;
  }

  private async row(id: string, lock = false): Promise<Row> {
    const { rows } = await this.db.query<Row>(
      `select sc.*, t.name as template_name from inspection_schedules sc join questionnaire_templates t on t.id = sc.template_id
        where sc.id = $1 and sc.district_id = $2${lock ? ' for update of sc' : ''}`,
      [id, this.scope.districtId],
    );
    const row = rows[0];
    if (!row || !this.powers.manage.includes(row.family as Family)) throw ApiError.notFound(SCHEDULE_NOT_FOUND);
    return row;
  }

  private async toSchedule(row: Row): Promise<Schedule> {
    const [names, { rows: sites }] = await Promise.all([
      actorNames(this.scope.control, [row.created_by, row.updated_by, ...row.assignee_ids]),
      this.db.query<{ id: string; name: string }>('select id, name from sites where id = any($1::uuid[])', [row.site_ids]),
    ]);
    const siteName = new Map(sites.map((s) => [s.id, s.name]));
    return {
      id: row.id,
      districtId: row.district_id,
      version: row.version,
      createdAt: iso(row.created_at),
      createdBy: actorOf(names, row.created_by),
      updatedAt: iso(row.updated_at),
      updatedBy: actorOf(names, row.updated_by),
      deletedAt: row.deleted_at ? iso(row.deleted_at) : null,
      ...fieldsOf(row),
      family: row.family as Family,
      templateId: row.template_id,
      templateName: row.template_name,
      nextDueAt: row.next_due_at ? iso(row.next_due_at) : null,
      sites: row.site_ids.map((id) => ({ id, name: siteName.get(id) ?? '' })),
      assignees: row.assignee_ids.map((id) => actorOf(names, id)),
    };
  }

  /** The schedules of the families the caller manages, newest first; `deleted`: the deleted ones instead, the last deleted first. */
  async list({ deleted = false }: { deleted?: boolean } = {}): Promise<Schedule[]> {
    const { rows } = await this.db.query<Row>(
      `select sc.*, t.name as template_name from inspection_schedules sc join questionnaire_templates t on t.id = sc.template_id
        where sc.district_id = $1 and sc.family = any($2::text[]) and ${
          deleted ? 'sc.deleted_at is not null order by sc.deleted_at desc, sc.id' : 'sc.deleted_at is null order by sc.created_at desc, sc.id'
        }`,
      [this.scope.districtId, this.powers.manage],
    );
    return Promise.all(rows.map((row) => this.toSchedule(row)));
  }

  async get(id: string): Promise<Schedule> {
    return this.toSchedule(await this.row(id));
  }

  /** The district's members by name: whom a schedule or a planned inspection may name (the planners' people picker). */
  async members(): Promise<Actor[]> {
    return districtMembers(this.scope);
  }

  /** Sites live in the district, people members of it, an end after the start. */
  private async check(fields: ScheduleFields): Promise<ScheduleFields> {
    const siteIds = [...new Set(fields.siteIds.map((id) => id.toLowerCase()))];
    const assigneeIds = [...new Set(fields.assigneeIds.map((id) => id.toLowerCase()))];
    if (siteIds.length > 0) {
      const { rows } = await this.db.query('select 1 from sites where id = any($1::uuid[]) and district_id = $2 and deleted_at is null', [siteIds, this.scope.districtId]);
      if (rows.length !== siteIds.length) throw ApiError.notFound(SITE_NOT_FOUND);
    }
    const { rows: members } = await this.db.query('select 1 from memberships where district_id = $1 and account_id = any($2::uuid[])', [this.scope.districtId, assigneeIds]);
    if (members.length !== assigneeIds.length) throw ApiError.badRequest(NOT_MEMBER, 'assigneeIds');
    if (fields.until && Date.parse(fields.until) < Date.parse(fields.firstDueAt)) throw ApiError.badRequest(INVALID_SCHEDULE, 'until');
    return { ...fields, siteIds, assigneeIds, firstDueAt: iso(fields.firstDueAt), until: fields.until ? iso(fields.until) : null };
  }

  /** A new schedule; its occurrences due to be made now are made at once, in the same transaction. */
  async create(body: ScheduleCreate): Promise<Schedule> {
    const { rows: templates } = await this.db.query<{ family: Family; deleted_at: Date | null }>('select family, deleted_at from questionnaire_templates where id = $1 and district_id = $2', [
      body.templateId,
      this.scope.districtId,
    ]);
    const template = templates[0];
    if (!template || template.deleted_at || !this.powers.manage.includes(template.family)) throw ApiError.notFound(TEMPLATE_NOT_FOUND);
    const { id, templateId, ...raw } = body;
    const fields = await this.check(raw);
    const { rows } = await this.db.query(
      `insert into inspection_schedules (id, district_id, family, template_id, site_ids, assignee_ids, recurrence, interval, first_due_at, until, remind_days, next_due_at,
                                         created_by, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $9, $12, $12) on conflict (id) do nothing returning id`,
      [id, this.scope.districtId, template.family, templateId, fields.siteIds, fields.assigneeIds, fields.recurrence, fields.interval, fields.firstDueAt, fields.until, fields.remindDays, this.scope.actor.id],
    );
    if (rows.length === 0) throw new ApiError(409, { message: 'record.exists' });
    await writeHistory(this.scope, {
      module: SCHEDULES_HISTORY,
      recordId: id,
      version: 1,
      action: 'create',
      changes: [{ field: 'templateId', before: null, after: templateId }, ...changesBetween({} as ScheduleFields, fields, FIELDS)],
    });
    await makeOccurrences(this.db, await this.row(id, true), this.now());
    return this.get(id);
  }

  /** A change for the occurrences to come: the next one from the new pattern, after the last one made. */
  async update(id: string, body: ScheduleUpdate): Promise<Schedule> {
    const row = await this.row(id, true);
    if (row.version !== body.baseVersion) throw versionConflict(await this.toSchedule(row));
    if (row.deleted_at) throw deletedRecord(await this.toSchedule(row));
    const before = fieldsOf(row);
    const next = await this.check({ ...before, ...body.changes });
    const changes = changesBetween(before, next, FIELDS);
    if (changes.length === 0) return this.toSchedule(row);
    const { rows: made } = await this.db.query<{ last: Date | null }>('select max(due_at) as last from inspections where schedule_id = $1', [id]);
    const last = made[0]?.last ?? null;
    const pattern = { first_due_at: new Date(next.firstDueAt), recurrence: next.recurrence, interval: next.interval, until: next.until ? new Date(next.until) : null };
    const first = occurrence(pattern.first_due_at, pattern.recurrence, pattern.interval, 0);
    const nextDue = last === null ? first : first.getTime() > new Date(last).getTime() ? first : nextAfter(pattern, new Date(last));
    await this.db.query(
      `update inspection_schedules set site_ids = $3, assignee_ids = $4, recurrence = $5, interval = $6, first_due_at = $7, until = $8, remind_days = $9,
              next_due_at = $10, version = version + 1, updated_at = now(), updated_by = $11
        where id = $1 and district_id = $2`,
      [id, this.scope.districtId, next.siteIds, next.assigneeIds, next.recurrence, next.interval, next.firstDueAt, next.until, next.remindDays, nextDue, this.scope.actor.id],
    );
    await writeHistory(this.scope, { module: SCHEDULES_HISTORY, recordId: id, version: row.version + 1, action: 'update', changes });
    await makeOccurrences(this.db, await this.row(id, true), this.now());
    return this.get(id);
  }

  /** Deleted: no occurrence is made any more (those made stay); restored: they resume. */
  async setDeleted(id: string, baseVersion: number, deleted: boolean): Promise<Schedule> {
    const row = await this.row(id, true);
    if (row.version !== baseVersion) throw versionConflict(await this.toSchedule(row));
    if ((row.deleted_at !== null) === deleted) {
      if (deleted) throw deletedRecord(await this.toSchedule(row));
      return this.toSchedule(row);
    }
    const { rows } = await this.db.query<{ deleted_at: Date | null }>(
      `update inspection_schedules set deleted_at = ${deleted ? 'now()' : 'null'}, version = version + 1, updated_at = now(), updated_by = $3
        where id = $1 and district_id = $2 returning deleted_at`,
      [id, this.scope.districtId, this.scope.actor.id],
    );
    await writeHistory(this.scope, {
      module: SCHEDULES_HISTORY,
      recordId: id,
      version: baseVersion + 1,
      action: deleted ? 'delete' : 'restore',
      changes: [{ field: 'deletedAt', before: row.deleted_at ? iso(row.deleted_at) : null, after: rows[0]!.deleted_at ? iso(rows[0]!.deleted_at) : null }],
    });
    if (!deleted) await makeOccurrences(this.db, await this.row(id, true), this.now());
    return this.get(id);
  }
}
