/**
 * Every query of the Questionnaires module's tables (questionnaire_templates and their
 * revisions, inspections), scoped to one district in one place (the session's), and to what
 * the caller's rights let it see per family (`QuestionnairePowers`, from the same `can()` the
 * app asks): a template or an inspection of a family it may not see is not found (404), like
 * another district's.
 *
 * Templates are versioned: every write is a new revision, all kept; an inspection names the
 * revision it was started with and is checked, scored and printed with it. An inspection is
 * filled by its assignee (own work, the family's read right): progress is merged question by
 * question, and the submit (the assignee's final word: the whole filling as the device has it)
 * is checked and scored by the engine the app runs (common/modules/questionnaires/engine.ts),
 * then locked, hashed and chained (_platform/lock-chain.ts): every later write is a 423.
 */
import { FAMILY_FEATURES, type QuestionnairePowers } from '../../../../common/modules/questionnaires/access.js';
import { checkTemplate, combinesExclusive, evaluate, questionsOf, shownAnswers } from '../../../../common/modules/questionnaires/engine.js';
import {
  INSPECTION_STATUSES,
  type Answers,
  type DevicePosition,
  type Family,
  type FailedItem,
  type Inspection,
  type InspectionCreate,
  type InspectionListQuery,
  type InspectionSort,
  type InspectionStatus,
  type InspectionSubmit,
  type InspectionSummary,
  type InspectionUpdate,
  type Score,
  type Section,
  type SectionScore,
  type Template,
  type TemplateCreate,
  type TemplateFields,
  type TemplateSummary,
  type TemplateUpdate,
} from '../../../../common/modules/questionnaires/schemas.js';
import { LIST_LIMIT_DEFAULT, type HistoryEntry, type Page } from '../../../../common/schemas/platform.js';
import { listRecordAttachments, requireRecordAttachments } from '../../attachments/index.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { createInspectionActions, type InspectionFollowUp } from '../actions/repository.js';
import { appendLock, contentHash } from '../_platform/lock-chain.js';
import { containsPattern, decodeCursor, encodeCursor, filterValues, INVALID_CURSOR, timeKey, type SortSpec } from '../_platform/list.js';
import { RecordStore, splitCreate, trimmedName, type RecordKind } from '../_platform/record-kind.js';
import {
  actorNames,
  actorOf,
  changesBetween,
  deletedRecord,
  type FieldChange,
  iso,
  isoOrNull,
  readHistory,
  recordMetaOf,
  type RecordMetaRow,
  type RecordScope,
  requireEditable,
  requireLiveSite,
  requireMembers,
  setRecordDeleted,
  writeHistory,
  writeVersion,
} from '../_platform/records.js';
import { isUuid } from '../../../../common/uuid.js';

/** The attachments' module name, and the history's of inspections. */
export const QUESTIONNAIRES_MODULE = 'questionnaires';
/** The reminder of an inspection planned by hand: a day before it is due (a schedule says its own). */
export const DEFAULT_REMIND_DAYS = 1;
export const TEMPLATES_HISTORY = 'questionnaire_templates';

export const TEMPLATE_NOT_FOUND = 'questionnaires.template_not_found';
export const INSPECTION_NOT_FOUND = 'questionnaires.not_found';
export const SITE_NOT_FOUND = 'questionnaires.site_not_found';
export const INVALID_TEMPLATE = 'questionnaires.invalid_template';
export const INVALID_ANSWER = 'questionnaires.invalid_answer';
export const MISSING_ANSWER = 'questionnaires.missing_answer';
export const FAILED_NEEDS = 'questionnaires.failed_needs';
/** A multiple choice's exclusive option ("None") given with another option. */
export const EXCLUSIVE_CHOICE = 'questionnaires.exclusive_choice';
export const LOCKED = 'questionnaires.locked';
export const NOT_YOURS = 'questionnaires.not_yours';
export const MANAGERS_ONLY = 'questionnaires.managers_only';
export const NOT_MEMBER = 'questionnaires.not_member';
export const INVALID_FILTER = 'questionnaires.invalid_filter';

const num = (value: string | number | null): number | null => (value === null ? null : Number(value));

/** The 403 of a family the caller may not act on, naming the feature (the app's toast). */
const missing = (family: Family, kind: 'inspections' | 'templates') =>
  ApiError.forbidden('auth.missing_rights', { requiredPermissions: [FAMILY_FEATURES[family][kind]] });

// ---------------------------------------------------------------- rows

interface TemplateRow extends RecordMetaRow {
  family: Family;
  name: string;
  description: string;
  sections: Section[];
  pass_mark: string | number | null;
  question_count: number;
}
type RevisionRow = Pick<TemplateRow, 'name' | 'description' | 'sections' | 'pass_mark' | 'question_count'> & { version: number };

interface InspectionRow {
  id: string;
  district_id: string;
  family: Family;
  template_id: string;
  template_version: number;
  template_name: string;
  template_sections: Section[];
  template_pass_mark: string | number | null;
  site_id: string | null;
  site_name: string | null;
  assignee_id: string;
  schedule_id: string | null;
  due_at: Date | null;
  status: InspectionStatus;
  answers: Answers;
  started_at: Date | null;
  start_position: DevicePosition | null;
  finished_at: Date | null;
  end_position: DevicePosition | null;
  signature: string | null;
  signed_by: string | null;
  total: Score | null;
  section_scores: SectionScore[];
  percent: string | number | null;
  passed: boolean | null;
  failed_items: FailedItem[];
  failed_count: number;
  submitted_at: Date | null;
  content_hash: string | null;
  locked_at: Date | null;
  version: number;
  created_at: Date;
  created_by: string;
  updated_at: Date;
  updated_by: string | null;
  deleted_at: Date | null;
}

const INSPECTION_COLUMNS = `i.*, v.name as template_name, v.sections as template_sections, v.pass_mark as template_pass_mark, s.name as site_name`;
const INSPECTION_FROM = `inspections i
  join questionnaire_template_versions v on v.template_id = i.template_id and v.version = i.template_version
  left join sites s on s.id = i.site_id`;

const TEMPLATE_FIELD_NAMES = ['name', 'description', 'sections', 'passMark'] as const;
const templateFieldsOf = (row: Pick<TemplateRow, 'name' | 'description' | 'sections' | 'pass_mark'>): TemplateFields => ({
  name: row.name,
  description: row.description,
  sections: row.sections,
  passMark: num(row.pass_mark),
});
type TemplateKindFields = TemplateFields & { family: Family };

/** A template as the API answers it, at its current revision or at `revision`. */
const templateOf = (row: TemplateRow, names: Map<string, string>, revision?: RevisionRow): Template => ({
  ...recordMetaOf(row, names),
  version: revision?.version ?? row.version,
  family: row.family,
  ...templateFieldsOf(revision ?? row),
  questionCount: (revision ?? row).question_count,
});

// ---------------------------------------------------------------- sorts

const SORTS: Record<'updatedAt' | 'dueAt' | 'submittedAt' | 'percent', SortSpec> = {
  updatedAt: timeKey('i.updated_at'),
  dueAt: timeKey('i.due_key'),
  submittedAt: timeKey('i.submitted_key'),
  percent: { column: 'i.percent_key', value: 'i.percent_key::text', bound: (param) => `${param}::numeric`, valid: (v) => /^-?\d{1,3}(\.\d{1,6})?$/.test(v) },
};

/** A comma-separated filter's values (the platform's check, this module's 400). */
const several = (text: string | undefined, name: string, valid: (v: string) => boolean) => filterValues(text, name, valid, INVALID_FILTER);

/**
 * What a submitted inspection's lock covers (_platform/lock-chain.ts): its content as stored
 * (answers, scores, times, positions, signature) and the hashes of its files; null when it is
 * gone. Changed afterwards, it no longer matches the hash taken at the submit.
 */
export async function lockedContent(db: Queryable, districtId: string, id: string): Promise<unknown> {
  const { rows } = await db.query<Record<string, unknown>>(
    `select id, family, template_id, template_version, site_id, assignee_id, due_at, status, answers, started_at, start_position,
            finished_at, end_position, signature, signed_by, total, section_scores, percent::text as percent, passed, failed_items,
            submitted_at, locked_at, created_at, created_by
       from inspections where id = $1 and district_id = $2`,
    [id, districtId],
  );
  const row = rows[0];
  if (!row) return null;
  const { rows: files } = await db.query('select id, sha256 from attachments where district_id = $1 and module = $2 and record_id = $3 order by id', [
    districtId,
    QUESTIONNAIRES_MODULE,
    id,
  ]);
  return { ...row, files };
}

/** Every attachment id a filling names: photo answers, any answer's photos, signatures. */
function attachmentsNamed(sections: Section[], answers: Answers): string[] {
  const ids: string[] = [];
  for (const { question } of questionsOf({ sections })) {
    const answer = answers[question.key];
    if (!answer) continue;
    if (question.type === 'photo' && Array.isArray(answer.value)) ids.push(...answer.value);
    if (question.type === 'signature' && typeof answer.value === 'string' && answer.value !== '') ids.push(answer.value);
    ids.push(...(answer.photos ?? []));
  }
  return ids.map((id) => id.toLowerCase());
}

export class QuestionnairesRepository {
  private readonly db: Queryable;
  private readonly districtId: string;
  private readonly store: RecordStore;
  /** The follow-up actions the last submit made (the route announces them once committed). */
  followUp: InspectionFollowUp = { actions: [], assignees: [] };

  constructor(
    private readonly scope: RecordScope,
    private readonly powers: QuestionnairePowers,
  ) {
    this.db = scope.db;
    this.districtId = scope.districtId;
    this.store = new RecordStore(scope);
  }

  // ================================================================ templates

  /**
   * Templates on the record core: every write is a new version, and each version's content is
   * kept as a revision (`written`; a delete or a restore writes one too, see setTemplateDeleted).
   */
  private readonly templates: RecordKind<TemplateRow, TemplateKindFields, Template> = {
    module: TEMPLATES_HISTORY,
    table: 'questionnaire_templates',
    notFound: TEMPLATE_NOT_FOUND,
    select: 'select t.* from questionnaire_templates t',
    historyFields: ['family', ...TEMPLATE_FIELD_NAMES],
    fieldsOf: (row) => ({ family: row.family, ...templateFieldsOf(row) }),
    columns: (f) => ({
      family: f.family,
      name: f.name,
      description: f.description,
      sections: JSON.stringify(f.sections),
      pass_mark: f.passMark,
      question_count: questionsOf(f).length,
    }),
    toRecord: (row, names) => templateOf(row, names),
    clean: trimmedName,
    check: async (fields) => {
      const problems = checkTemplate(fields);
      if (problems.length > 0) throw ApiError.badRequest(INVALID_TEMPLATE, `${problems[0]!.path}: ${problems[0]!.message}`);
    },
    written: (id, version, fields) => this.writeRevision(id, version, fields),
  };

  private async templateRow(id: string): Promise<TemplateRow> {
    const { rows } = await this.db.query<TemplateRow>('select * from questionnaire_templates where id = $1 and district_id = $2', [id, this.districtId]);
    const row = rows[0];
    if (!row || !this.powers.readTemplates.includes(row.family)) throw ApiError.notFound(TEMPLATE_NOT_FOUND);
    return row;
  }

  /** The templates of the families the caller sees, by name (the deleted ones: its families to build only). */
  async listTemplates(options: { family?: Family; deleted?: boolean } = {}): Promise<TemplateSummary[]> {
    const families = (options.deleted ? this.powers.buildTemplates : this.powers.readTemplates).filter((f) => !options.family || f === options.family);
    if (options.deleted && options.family && families.length === 0) throw missing(options.family, 'templates');
    const { rows } = await this.db.query<TemplateRow>(
      `select id, family, name, description, version, question_count, pass_mark, updated_at, deleted_at from questionnaire_templates
        where district_id = $1 and family = any($2::text[]) and deleted_at is ${options.deleted ? 'not ' : ''}null
        order by vigie_fold(name), id`,
      [this.districtId, families],
    );
    return rows.map((row) => ({
      id: row.id,
      family: row.family,
      name: row.name,
      description: row.description,
      version: row.version,
      questionCount: row.question_count,
      passMark: num(row.pass_mark),
      updatedAt: iso(row.updated_at),
      deletedAt: isoOrNull(row.deleted_at),
    }));
  }

  /** A template at its current revision, or at revision `version` (404 when it has none such). */
  async getTemplate(id: string, version?: number): Promise<Template> {
    const row = await this.templateRow(id);
    const names = await actorNames(this.scope.control, [row.created_by, row.updated_by]);
    if (version === undefined || version === row.version) return templateOf(row, names);
    const { rows } = await this.db.query<RevisionRow>('select * from questionnaire_template_versions where template_id = $1 and version = $2', [id, version]);
    if (!rows[0]) throw ApiError.notFound(TEMPLATE_NOT_FOUND);
    return templateOf(row, names, rows[0]);
  }

  async templateHistory(id: string): Promise<HistoryEntry[]> {
    await this.templateRow(id);
    return readHistory(this.scope, TEMPLATES_HISTORY, id);
  }

  private checkBuild(family: Family): void {
    if (!this.powers.buildTemplates.includes(family)) throw missing(family, 'templates');
  }

  /** A template the caller sees (404 otherwise) of a family it builds (403 otherwise), before a write. */
  private async buildable(id: string): Promise<void> {
    this.checkBuild((await this.templateRow(id)).family);
  }

  private async writeRevision(id: string, version: number, fields: TemplateFields): Promise<void> {
    await this.db.query(
      `insert into questionnaire_template_versions (template_id, version, name, description, sections, pass_mark, question_count, created_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, version, fields.name, fields.description, JSON.stringify(fields.sections), fields.passMark, questionsOf(fields).length, this.scope.actor.id],
    );
  }

  async createTemplate(body: TemplateCreate): Promise<Template> {
    this.checkBuild(body.family);
    const { id, fields } = splitCreate(body);
    return this.store.create(this.templates, id, fields);
  }

  /** A new revision: inspections started on the older ones keep theirs. */
  async updateTemplate(id: string, body: TemplateUpdate): Promise<Template> {
    await this.buildable(id);
    return this.store.update(this.templates, id, body);
  }

  /** Deleted (no new inspection takes it; those started keep it) or restored; a version, so a revision too. */
  async setTemplateDeleted(id: string, baseVersion: number, deleted: boolean): Promise<Template> {
    await this.buildable(id);
    const template = await this.store.setDeleted(this.templates, id, baseVersion, deleted);
    if (template.version !== baseVersion) await this.writeRevision(id, template.version, template);
    return template;
  }

  // ================================================================ inspections: reads

  /** The WHERE of what the caller sees: everyone's in the families it manages, its own in those it fills. */
  private visibility(params: unknown[]): string {
    params.push(this.powers.manage, this.powers.fill, this.scope.actor.id);
    const n = params.length;
    return `(i.family = any($${n - 2}::text[]) or (i.family = any($${n - 1}::text[]) and i.assignee_id = $${n}::uuid))`;
  }

  private filter(query: InspectionListQuery): { where: string[]; params: unknown[] } {
    const params: unknown[] = [this.districtId];
    const where = ['i.district_id = $1', 'i.deleted_at is null'];
    where.push(this.visibility(params));
    const add = (sql: (p: string) => string, value: unknown) => {
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    if (query.family) add((p) => `i.family = ${p}`, query.family);
    const statuses = several(query.status, 'status', (v) => (INSPECTION_STATUSES as readonly string[]).includes(v));
    if (statuses) add((p) => `i.status = any(${p}::text[])`, statuses);
    const templates = several(query.template, 'template', (v) => isUuid(v));
    if (templates) add((p) => `i.template_id = any(${p}::uuid[])`, templates);
    const sites = several(query.site, 'site', (v) => isUuid(v));
    if (sites) add((p) => `i.site_id = any(${p}::uuid[])`, sites);
    if (query.assignee) add((p) => `i.assignee_id = ${p}::uuid`, query.assignee.toLowerCase());
    const when = 'coalesce(i.submitted_at, i.due_at, i.created_at)';
    if (query.from) add((p) => `${when} >= ${p}::timestamptz`, query.from);
    if (query.to) add((p) => `${when} < ${p}::timestamptz`, query.to);
    if (query.minPercent !== undefined) add((p) => `i.percent >= ${p}::numeric`, query.minPercent);
    if (query.maxPercent !== undefined) add((p) => `i.percent <= ${p}::numeric`, query.maxPercent);
    if (query.overdue === 'true') where.push(`i.status <> 'submitted' and i.due_at < now()`);
    if (query.overdue === 'false') where.push(`not (i.status <> 'submitted' and coalesce(i.due_at < now(), false))`);
    const search = query.search?.trim();
    if (search) add((p) => `i.search_text like vigie_fold(${p})`, containsPattern(search));
    return { where, params };
  }

  async list(query: InspectionListQuery & { limit?: number }): Promise<Page<InspectionSummary>> {
    const sort: InspectionSort = query.sort ?? '-updatedAt';
    const desc = sort.startsWith('-');
    const spec = SORTS[(desc ? sort.slice(1) : sort) as keyof typeof SORTS];
    const limit = query.limit ?? LIST_LIMIT_DEFAULT;
    const { where, params } = this.filter(query);
    const filterParams = params.length;
    const pageWhere = [...where];
    if (query.cursor) {
      const cursor = decodeCursor(query.cursor, sort);
      if (!spec.valid(cursor.value)) throw ApiError.badRequest(INVALID_CURSOR);
      params.push(cursor.value, cursor.id);
      pageWhere.push(`(${spec.column}, i.id) ${desc ? '<' : '>'} (${spec.bound(`$${params.length - 1}`)}, $${params.length}::uuid)`);
    }
    params.push(limit + 1);
    const direction = desc ? 'desc' : 'asc';
    const [{ rows }, counted] = await Promise.all([
      this.db.query<InspectionRow & { sort_value: string }>(
        `select i.id, i.family, i.template_id, i.template_version, t.name as template_name, i.site_id, s.name as site_name, i.assignee_id, i.status,
                i.due_at, i.started_at, i.submitted_at, i.percent, i.passed, i.failed_count, i.version, i.updated_at, ${spec.value} as sort_value
           from inspections i
           join questionnaire_templates t on t.id = i.template_id
           left join sites s on s.id = i.site_id
          where ${pageWhere.join(' and ')}
          order by ${spec.column} ${direction}, i.id ${direction}
          limit $${params.length}`,
        params,
      ),
      this.db.query<{ total: number }>(`select count(*)::int as total from inspections i where ${where.join(' and ')}`, params.slice(0, filterParams)),
    ]);
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    const names = await actorNames(this.scope.control, page.map((r) => r.assignee_id));
    const now = Date.now();
    const last = page[page.length - 1];
    return {
      items: page.map((row) => ({
        id: row.id,
        family: row.family,
        templateId: row.template_id,
        templateName: row.template_name,
        templateVersion: row.template_version,
        siteId: row.site_id,
        siteName: row.site_name,
        assignee: actorOf(names, row.assignee_id),
        status: row.status,
        dueAt: isoOrNull(row.due_at),
        overdue: row.status !== 'submitted' && row.due_at !== null && new Date(row.due_at).getTime() < now,
        startedAt: isoOrNull(row.started_at),
        submittedAt: isoOrNull(row.submitted_at),
        percent: num(row.percent),
        passed: row.passed,
        failedCount: row.failed_count,
        version: row.version,
        updatedAt: iso(row.updated_at),
      })),
      nextCursor: more && last ? encodeCursor(sort, last.sort_value, last.id) : null,
      total: counted.rows[0]?.total ?? 0,
    };
  }

  private async row(id: string, lock = false): Promise<InspectionRow> {
    const params: unknown[] = [id, this.districtId];
    const visible = this.visibility(params);
    const { rows } = await this.db.query<InspectionRow>(
      `select ${INSPECTION_COLUMNS} from ${INSPECTION_FROM} where i.id = $1 and i.district_id = $2 and ${visible}${lock ? ' for update of i' : ''}`,
      params,
    );
    if (!rows[0]) throw ApiError.notFound(INSPECTION_NOT_FOUND);
    return rows[0];
  }

  private async toInspection(row: InspectionRow): Promise<Inspection> {
    const [attachments, names] = await Promise.all([
      listRecordAttachments(this.db, this.districtId, QUESTIONNAIRES_MODULE, row.id),
      actorNames(this.scope.control, [row.created_by, row.updated_by, row.assignee_id]),
    ]);
    return {
      id: row.id,
      districtId: row.district_id,
      version: row.version,
      createdAt: iso(row.created_at),
      createdBy: actorOf(names, row.created_by),
      updatedAt: iso(row.updated_at),
      updatedBy: actorOf(names, row.updated_by),
      deletedAt: isoOrNull(row.deleted_at),
      family: row.family,
      templateId: row.template_id,
      templateVersion: row.template_version,
      template: { name: row.template_name, sections: row.template_sections, passMark: num(row.template_pass_mark) },
      siteId: row.site_id,
      siteName: row.site_name,
      assignee: actorOf(names, row.assignee_id),
      scheduleId: row.schedule_id,
      dueAt: isoOrNull(row.due_at),
      status: row.status,
      answers: row.answers,
      startedAt: isoOrNull(row.started_at),
      startPosition: row.start_position,
      finishedAt: isoOrNull(row.finished_at),
      endPosition: row.end_position,
      signature: row.signature,
      signedBy: row.signed_by,
      total: row.total,
      sections: row.section_scores,
      passed: row.passed,
      failedItems: row.failed_items,
      submittedAt: isoOrNull(row.submitted_at),
      contentHash: row.content_hash,
      attachments,
    };
  }

  /** An inspection the caller sees (its own, or any of a family it manages), deleted or not; 404 otherwise. */
  async get(id: string): Promise<Inspection> {
    return this.toInspection(await this.row(id));
  }

  async history(id: string): Promise<HistoryEntry[]> {
    await this.row(id);
    return readHistory(this.scope, QUESTIONNAIRES_MODULE, id);
  }

  // ================================================================ inspections: writes

  private checkSite(siteId: string | null | undefined): Promise<void> {
    return requireLiveSite(this.db, this.districtId, siteId, SITE_NOT_FOUND);
  }

  private checkMembers(ids: readonly string[], what: string): Promise<void> {
    return requireMembers(this.db, this.districtId, ids, NOT_MEMBER, what);
  }

  /** The ids must be this inspection's own files (requireRecordAttachments). */
  private checkAttachments(inspectionId: string, ids: readonly string[]): Promise<void> {
    return requireRecordAttachments(this.db, { districtId: this.districtId, module: QUESTIONNAIRES_MODULE, recordId: inspectionId }, ids, 'attachments');
  }

  /** Answers checked against a revision: known keys, shapes, and the files they name. */
  private async checkAnswers(inspectionId: string, sections: Section[], answers: Answers): Promise<void> {
    const byKey = new Map(questionsOf({ sections }).map(({ question }) => [question.key, question]));
    for (const key of Object.keys(answers)) if (!byKey.has(key)) throw ApiError.badRequest(INVALID_ANSWER, key);
    for (const [key, answer] of Object.entries(answers)) {
      if (Array.isArray(answer.value) && combinesExclusive(byKey.get(key)!, answer.value)) throw ApiError.badRequest(EXCLUSIVE_CHOICE, key);
    }
    const invalid = evaluate({ sections, passMark: null }, answers).problems.find((p) => p.kind === 'invalid');
    if (invalid) throw ApiError.badRequest(INVALID_ANSWER, invalid.questionKey);
    await this.checkAttachments(inspectionId, attachmentsNamed(sections, answers));
    const assignees = Object.values(answers).flatMap((a) => (a.action?.assigneeId ? [a.action.assigneeId] : []));
    await this.checkMembers(assignees, 'action.assigneeId');
  }

  private async updateSearch(id: string): Promise<void> {
    await this.db.query(
      `update inspections i set search_text = vigie_fold(t.name || ' ' || coalesce((select s.name from sites s where s.id = i.site_id), ''))
         from questionnaire_templates t where t.id = i.template_id and i.id = $1`,
      [id],
    );
  }

  /**
   * Started on site by its filler (its own, the family's read right) or planned for someone by
   * a manager of the family; on the template's current revision.
   */
  async create(body: InspectionCreate): Promise<Inspection> {
    const { rows: templates } = await this.db.query<{ family: Family; version: number; deleted_at: Date | null }>(
      'select family, version, deleted_at from questionnaire_templates where id = $1 and district_id = $2',
      [body.templateId, this.districtId],
    );
    const template = templates[0];
    const family = template?.family;
    if (!template || !family || !(this.powers.fill.includes(family) || this.powers.manage.includes(family)) || template.deleted_at) throw ApiError.notFound(TEMPLATE_NOT_FOUND);
    const assignee = (body.assigneeId ?? this.scope.actor.id).toLowerCase();
    if (assignee !== this.scope.actor.id && !this.powers.manage.includes(family)) throw missing(family, 'inspections');
    if (assignee === this.scope.actor.id && !this.powers.fill.includes(family) && !this.powers.manage.includes(family)) throw missing(family, 'inspections');
    await this.checkMembers([assignee], 'assigneeId');
    await this.checkSite(body.siteId);
    const started = body.startedAt !== undefined;
    const { rows } = await this.db.query(
      `insert into inspections (id, district_id, family, template_id, template_version, site_id, assignee_id, due_at, remind_at, status, started_at, start_position,
                               created_by, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $8::timestamptz - make_interval(days => ${DEFAULT_REMIND_DAYS}), $9, $10, $11, $12, $12)
       on conflict (id) do nothing returning id`,
      [
        body.id,
        this.districtId,
        family,
        body.templateId,
        template.version,
        body.siteId,
        assignee,
        body.dueAt ?? null,
        started ? 'inProgress' : 'todo',
        body.startedAt ?? null,
        body.startPosition ? JSON.stringify(body.startPosition) : null,
        this.scope.actor.id,
      ],
    );
    if (rows.length === 0) throw new ApiError(409, { message: 'record.exists' });
    await this.updateSearch(body.id);
    const changes: FieldChange[] = [
      { field: 'template', before: null, after: { id: body.templateId, version: template.version } },
      { field: 'assigneeId', before: null, after: assignee },
      ...(body.siteId ? [{ field: 'siteId', before: null, after: body.siteId }] : []),
      ...(body.dueAt ? [{ field: 'dueAt', before: null, after: iso(body.dueAt) }] : []),
      ...(started ? [{ field: 'startedAt', before: null, after: iso(body.startedAt!) }] : []),
    ];
    await writeHistory(this.scope, { module: QUESTIONNAIRES_MODULE, recordId: body.id, version: 1, action: 'create', changes });
    return this.get(body.id);
  }

  /** The locked live row: 404, 423 (submitted) or 409 (deleted) otherwise. */
  private async writable(id: string): Promise<InspectionRow> {
    const row = await this.row(id, true);
    if (row.locked_at) throw new ApiError(423, { message: LOCKED });
    if (row.deleted_at) throw deletedRecord(await this.toInspection(row));
    return row;
  }

  private mine(row: InspectionRow): void {
    if (row.assignee_id !== this.scope.actor.id) throw ApiError.forbidden(NOT_YOURS);
  }

  /**
   * Progress while filling (the assignee's answers, merged question by question), or a
   * manager's planning (assignee, due time). A stale base is a 409 with the current record:
   * the app merges field by field and asks only for a question answered on both sides.
   */
  async update(id: string, body: InspectionUpdate): Promise<Inspection> {
    const row = await this.row(id, true);
    if (row.locked_at) throw new ApiError(423, { message: LOCKED });
    await requireEditable(row, body.baseVersion, () => this.toInspection(row));
    const asked = body.changes;
    const managing = asked.assigneeId !== undefined || asked.dueAt !== undefined;
    if (managing && !this.powers.manage.includes(row.family)) throw ApiError.forbidden(MANAGERS_ONLY);
    const filling = asked.answers !== undefined || asked.startedAt !== undefined || asked.startPosition !== undefined;
    if (filling) this.mine(row);
    if (asked.siteId !== undefined && !this.powers.manage.includes(row.family)) this.mine(row);
    const answers: Answers = { ...row.answers };
    for (const [key, answer] of Object.entries(asked.answers ?? {})) {
      if (answer === null) delete answers[key];
      else answers[key] = answer;
    }
    if (asked.answers) await this.checkAnswers(id, row.template_sections, Object.fromEntries(Object.entries(asked.answers).filter(([, a]) => a !== null)) as Answers);
    if (asked.siteId !== undefined && asked.siteId !== row.site_id) await this.checkSite(asked.siteId);
    const assignee = asked.assigneeId?.toLowerCase() ?? row.assignee_id;
    if (asked.assigneeId !== undefined) await this.checkMembers([assignee], 'assigneeId');
    const startedAt = asked.startedAt ?? (row.started_at ? iso(row.started_at) : null);
    const status: InspectionStatus = row.status === 'todo' && (filling || startedAt !== null) ? 'inProgress' : row.status;
    const before = {
      siteId: row.site_id,
      assigneeId: row.assignee_id,
      dueAt: isoOrNull(row.due_at),
      startedAt: isoOrNull(row.started_at),
      startPosition: row.start_position,
      status: row.status,
    };
    const after = {
      siteId: asked.siteId !== undefined ? asked.siteId : row.site_id,
      assigneeId: assignee,
      dueAt: asked.dueAt !== undefined ? isoOrNull(asked.dueAt) : before.dueAt,
      startedAt: startedAt === null ? null : iso(startedAt),
      startPosition: asked.startPosition !== undefined ? asked.startPosition : row.start_position,
      status,
    };
    const changes = changesBetween(before, after, ['siteId', 'assigneeId', 'dueAt', 'startedAt', 'startPosition', 'status']);
    for (const key of Object.keys(asked.answers ?? {})) {
      const was = row.answers[key] ?? null;
      const now = answers[key] ?? null;
      if (JSON.stringify(was) !== JSON.stringify(now)) changes.push({ field: `answers.${key}`, before: was?.value ?? null, after: now?.value ?? null });
    }
    if (changes.length === 0) return this.toInspection(row);
    await writeVersion(this.scope, { table: 'inspections', module: QUESTIONNAIRES_MODULE, id, version: row.version }, changes, {
      set: `site_id = $4, assignee_id = $5, due_at = $6, started_at = $7, start_position = $8, status = $9, answers = $10,
              -- A new due time or assignee: reminded and told of the delay afresh.
              remind_at = case when due_at is distinct from $6 then $6::timestamptz - make_interval(days => ${DEFAULT_REMIND_DAYS}) else remind_at end,
              reminded_at = case when due_at is distinct from $6 or assignee_id <> $5 then null else reminded_at end,
              overdue_notified_at = case when due_at is distinct from $6 or assignee_id <> $5 then null else overdue_notified_at end`,
      values: [after.siteId, after.assigneeId, after.dueAt, after.startedAt, after.startPosition ? JSON.stringify(after.startPosition) : null, status, JSON.stringify(answers)],
    });
    if (asked.siteId !== undefined) await this.updateSearch(id);
    return this.get(id);
  }

  /**
   * The assignee's submit: the whole filling as its device has it (whatever progress was sent
   * before), checked against the revision (the answers of hidden questions dropped), scored by
   * the engine, then locked, hashed and chained.
   */
  async submit(id: string, body: InspectionSubmit): Promise<Inspection> {
    const row = await this.writable(id);
    this.mine(row);
    const sections = row.template_sections;
    const content = { sections, passMark: num(row.template_pass_mark) };
    const answers = shownAnswers(content, body.answers);
    await this.checkAnswers(id, sections, body.answers);
    const result = evaluate(content, answers);
    const problem = result.problems[0];
    if (problem) {
      if (problem.kind === 'missing') throw ApiError.badRequest(MISSING_ANSWER, problem.questionKey);
      if (problem.kind === 'invalid') throw ApiError.badRequest(INVALID_ANSWER, problem.questionKey);
      throw ApiError.badRequest(FAILED_NEEDS, `${problem.questionKey}: ${problem.kind}`);
    }
    const signature = body.signature.toLowerCase();
    await this.checkAttachments(id, [signature]);
    const sectionScores: SectionScore[] = result.sections;
    const failedItems: FailedItem[] = result.failed.map((f) => ({ ...f, note: f.note, action: f.action ?? null }));
    await writeVersion<{ submitted_at: Date }>(
      this.scope,
      { table: 'inspections', module: QUESTIONNAIRES_MODULE, id, version: row.version },
      (written) => [
        { field: 'status', before: row.status, after: 'submitted' },
        { field: 'score', before: null, after: result.total.percent },
        { field: 'submittedAt', before: null, after: iso(written.submitted_at) },
      ],
      {
        set: `status = 'submitted', answers = $4, started_at = $5, start_position = $6, finished_at = $7, end_position = $8, signature = $9, signed_by = $10,
              total = $11, section_scores = $12, percent = $13, passed = $14, failed_items = $15, failed_count = $16, submitted_at = now(), locked_at = now()`,
        values: [
          JSON.stringify(answers),
          body.startedAt,
          body.startPosition ? JSON.stringify(body.startPosition) : null,
          body.finishedAt,
          body.endPosition ? JSON.stringify(body.endPosition) : null,
          signature,
          body.signedBy.trim(),
          JSON.stringify(result.total),
          JSON.stringify(sectionScores),
          result.total.percent,
          result.passed,
          JSON.stringify(failedItems),
          failedItems.length,
        ],
        returning: 'submitted_at',
      },
    );
    const locked = await lockedContent(this.db, this.districtId, id);
    await appendLock(this.db, { districtId: this.districtId, module: QUESTIONNAIRES_MODULE, recordId: id, content: locked });
    await this.db.query('update inspections set content_hash = $2 where id = $1', [id, contentHash(locked)]);
    // The failed items' action drafts become actions, in this transaction (the actions module).
    this.followUp = await createInspectionActions(this.scope, id);
    return this.get(id);
  }

  /** Managers of the family, before the submit. */
  async setDeleted(id: string, baseVersion: number, deleted: boolean): Promise<Inspection> {
    const row = await this.row(id, true);
    if (!this.powers.manage.includes(row.family)) throw missing(row.family, 'inspections');
    if (row.locked_at) throw new ApiError(423, { message: LOCKED });
    await setRecordDeleted(
      this.scope,
      { table: 'inspections', module: QUESTIONNAIRES_MODULE, id, version: row.version, deletedAt: row.deleted_at, current: () => this.toInspection(row) },
      baseVersion,
      deleted,
    );
    return this.get(id);
  }
}
