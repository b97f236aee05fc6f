/**
 * The schedules of the Questionnaires module (inspection_schedules): a template planned on
 * sites for people, once or recurring (scheduler.ts makes the occurrences, reminds and tells
 * of overdue ones). Managing one takes the manage right of its template's family; like every
 * repository it is scoped to the session's district. A schedule is a kind of the platform's
 * record core (_platform/record-kind.ts: creation with the caller's id, edits from a base
 * version, history, reversible deletion). A change applies to the occurrences not made yet: the
 * next one is recomputed from the new pattern after the last one made.
 */
import type { QuestionnairePowers } from '../../../../common/modules/questionnaires/access.js';
import type { Actor } from '../../../../common/schemas/platform.js';
import type { Family, Schedule, ScheduleCreate, ScheduleFields, ScheduleUpdate } from '../../../../common/modules/questionnaires/schemas.js';
import { ApiError } from '../../lib/errors.js';
import { RecordStore, splitCreate, type RecordKind } from '../_platform/record-kind.js';
import { actorNames, actorOf, districtMembers, iso, recordMetaOf, type RecordMetaRow, type RecordScope } from '../_platform/records.js';
import { NOT_MEMBER, SITE_NOT_FOUND, TEMPLATE_NOT_FOUND } from './repository.js';
import { makeOccurrences, nextAfter, occurrence, type ScheduleRow } from './scheduler.js';

export const SCHEDULES_HISTORY = 'inspection_schedules';
export const SCHEDULE_NOT_FOUND = 'questionnaires.schedule_not_found';
export const INVALID_SCHEDULE = 'questionnaires.invalid_schedule';

const FIELDS = ['siteIds', 'assigneeIds', 'recurrence', 'interval', 'firstDueAt', 'until', 'remindDays'] as const;

type Row = ScheduleRow & RecordMetaRow & { created_by: string; template_name: string };
/** A schedule's fields with its template (and the template's family), which a create sets once. */
type KindFields = ScheduleFields & { templateId: string; family: Family };

const SELECT = 'select t.*, tp.name as template_name from inspection_schedules t join questionnaire_templates tp on tp.id = t.template_id';

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
  private readonly store: RecordStore;

  constructor(
    private readonly scope: RecordScope,
    private readonly powers: QuestionnairePowers,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.store = new RecordStore(scope);
  }

  private readonly schedules: RecordKind<Row, KindFields, Schedule> = {
    module: SCHEDULES_HISTORY,
    table: 'inspection_schedules',
    notFound: SCHEDULE_NOT_FOUND,
    select: SELECT,
    historyFields: ['templateId', ...FIELDS],
    fieldsOf: (row) => ({ templateId: row.template_id, family: row.family as Family, ...fieldsOf(row) }),
    columns: (f) => ({
      family: f.family,
      template_id: f.templateId,
      site_ids: f.siteIds,
      assignee_ids: f.assigneeIds,
      recurrence: f.recurrence,
      interval: f.interval,
      first_due_at: f.firstDueAt,
      until: f.until,
      remind_days: f.remindDays,
    }),
    toRecord: (row, names) => this.toSchedule(row, names, new Map()),
    readOne: async (row) => (await this.toSchedules([row]))[0]!,
    clean: (f) => ({
      ...f,
      siteIds: [...new Set(f.siteIds.map((id) => id.toLowerCase()))],
      assigneeIds: [...new Set(f.assigneeIds.map((id) => id.toLowerCase()))],
      firstDueAt: iso(f.firstDueAt),
      until: f.until ? iso(f.until) : null,
    }),
    check: (f) => this.check(f),
    written: (id, _version, f) => this.plan(id, f),
  };

  /** A schedule of a family the caller manages (404 otherwise). */
  private async row(id: string, lock = false): Promise<Row> {
    const { rows } = await this.scope.db.query<Row>(`${SELECT} where t.id = $1 and t.district_id = $2${lock ? ' for update of t' : ''}`, [id, this.scope.districtId]);
    const row = rows[0];
    if (!row || !this.powers.manage.includes(row.family as Family)) throw ApiError.notFound(SCHEDULE_NOT_FOUND);
    return row;
  }

  private toSchedule(row: Row, names: Map<string, string>, siteName: Map<string, string>): Schedule {
    return {
      ...recordMetaOf(row, names),
      ...fieldsOf(row),
      family: row.family as Family,
      templateId: row.template_id,
      templateName: row.template_name,
      nextDueAt: row.next_due_at ? iso(row.next_due_at) : null,
      sites: row.site_ids.map((id) => ({ id, name: siteName.get(id) ?? '' })),
      assignees: row.assignee_ids.map((id) => actorOf(names, id)),
    };
  }

  /** The rows as schedules, their people and sites named. */
  private async toSchedules(rows: Row[]): Promise<Schedule[]> {
    const [names, { rows: sites }] = await Promise.all([
      actorNames(this.scope.control, rows.flatMap((row) => [row.created_by, row.updated_by, ...row.assignee_ids])),
      this.scope.db.query<{ id: string; name: string }>('select id, name from sites where id = any($1::uuid[])', [[...new Set(rows.flatMap((row) => row.site_ids))]]),
    ]);
    const siteName = new Map(sites.map((s) => [s.id, s.name]));
    return rows.map((row) => this.toSchedule(row, names, siteName));
  }

  /** The schedules of the families the caller manages, newest first; `deleted`: the deleted ones instead, the last deleted first. */
  async list({ deleted = false }: { deleted?: boolean } = {}): Promise<Schedule[]> {
    const { rows } = await this.scope.db.query<Row>(
      `${SELECT} where t.district_id = $1 and t.family = any($2::text[]) and ${
        deleted ? 't.deleted_at is not null order by t.deleted_at desc, t.id' : 't.deleted_at is null order by t.created_at desc, t.id'
      }`,
      [this.scope.districtId, this.powers.manage],
    );
    return this.toSchedules(rows);
  }

  async get(id: string): Promise<Schedule> {
    return (await this.toSchedules([await this.row(id)]))[0]!;
  }

  /** The district's members by name: whom a schedule or a planned inspection may name (the planners' people picker). */
  async members(): Promise<Actor[]> {
    return districtMembers(this.scope);
  }

  /** Sites live in the district, people members of it, an end after the start. */
  private async check(fields: ScheduleFields): Promise<void> {
    const { db, districtId } = this.scope;
    if (fields.siteIds.length > 0) {
      const { rows } = await db.query('select 1 from sites where id = any($1::uuid[]) and district_id = $2 and deleted_at is null', [fields.siteIds, districtId]);
      if (rows.length !== fields.siteIds.length) throw ApiError.notFound(SITE_NOT_FOUND);
    }
    const { rows: members } = await db.query('select 1 from memberships where district_id = $1 and account_id = any($2::uuid[])', [districtId, fields.assigneeIds]);
    if (members.length !== fields.assigneeIds.length) throw ApiError.badRequest(NOT_MEMBER, 'assigneeIds');
    if (fields.until && Date.parse(fields.until) < Date.parse(fields.firstDueAt)) throw ApiError.badRequest(INVALID_SCHEDULE, 'until');
  }

  /**
   * After a create or a change: the next occurrence from the pattern, after the last one made
   * (the first one of a new schedule), and the occurrences due to be made now, made at once.
   */
  private async plan(id: string, next: ScheduleFields): Promise<void> {
    const { rows: made } = await this.scope.db.query<{ last: Date | null }>('select max(due_at) as last from inspections where schedule_id = $1', [id]);
    const last = made[0]?.last ?? null;
    const pattern = { first_due_at: new Date(next.firstDueAt), recurrence: next.recurrence, interval: next.interval, until: next.until ? new Date(next.until) : null };
    const first = occurrence(pattern.first_due_at, pattern.recurrence, pattern.interval, 0);
    const nextDue = last === null ? first : first.getTime() > new Date(last).getTime() ? first : nextAfter(pattern, new Date(last));
    await this.scope.db.query('update inspection_schedules set next_due_at = $2 where id = $1', [id, nextDue]);
    await makeOccurrences(this.scope.db, await this.row(id, true), this.now());
  }

  /** A new schedule; its occurrences due to be made now are made at once, in the same transaction. */
  async create(body: ScheduleCreate): Promise<Schedule> {
    const { rows: templates } = await this.scope.db.query<{ family: Family; deleted_at: Date | null }>('select family, deleted_at from questionnaire_templates where id = $1 and district_id = $2', [
      body.templateId,
      this.scope.districtId,
    ]);
    const template = templates[0];
    if (!template || template.deleted_at || !this.powers.manage.includes(template.family)) throw ApiError.notFound(TEMPLATE_NOT_FOUND);
    const { id, fields } = splitCreate(body);
    return this.store.create(this.schedules, id, { ...fields, family: template.family });
  }

  /** A change for the occurrences to come: the next one from the new pattern, after the last one made. */
  async update(id: string, body: ScheduleUpdate): Promise<Schedule> {
    await this.row(id);
    return this.store.update(this.schedules, id, body);
  }

  /** Deleted: no occurrence is made any more (those made stay); restored: they resume. */
  async setDeleted(id: string, baseVersion: number, deleted: boolean): Promise<Schedule> {
    await this.row(id);
    const schedule = await this.store.setDeleted(this.schedules, id, baseVersion, deleted);
    if (deleted || schedule.version === baseVersion) return schedule;
    await makeOccurrences(this.scope.db, await this.row(id, true), this.now());
    return this.get(id);
  }
}
