/**
 * Every query of the action templates (table action_templates; Actions V3's templates),
 * scoped to the session's district: a prefilled title, description, priority, delay to the due
 * date and required proof. Whoever may make an action sees them (the app prefills the action
 * with them; the action keeps the template's id); their managers (`actionsV3-templates` admin)
 * build them. `usageCount` is the number of live actions made from one.
 */
import {
  ACTION_TEMPLATES_MODULE,
  type ActionTemplate,
  type ActionTemplateCreate,
  type ActionTemplateFields,
  type ActionTemplateListQuery,
  type ActionTemplateUpdate,
} from '../../../../common/modules/actions/schemas.js';
import type { ActionPowers } from '../../../../common/modules/actions/access.js';
import { LIST_LIMIT_DEFAULT, type HistoryEntry, type Page } from '../../../../common/schemas/platform.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { containsPattern, namePage } from '../_platform/list.js';
import { actorNames, changesBetween, readHistory, recordMetaOf, requireEditable, setRecordDeleted, writeHistory, type RecordScope } from '../_platform/records.js';
import { MANAGERS_ONLY, TEMPLATE_NOT_FOUND } from './repository.js';

const HISTORY_FIELDS = ['name', 'title', 'description', 'priority', 'dueInDays', 'proof'] as const;

interface TemplateRow {
  id: string;
  district_id: string;
  name: string;
  title: string;
  description: string;
  priority: ActionTemplateFields['priority'];
  due_in_days: number | null;
  proof_photo: boolean;
  proof_note: boolean;
  version: number;
  created_at: Date;
  created_by: string;
  updated_at: Date;
  updated_by: string | null;
  deleted_at: Date | null;
  usage_count: number;
  sort_value: string;
}

const TEMPLATE_SELECT = `select t.*, vigie_fold(t.name) as sort_value,
    (select count(*)::int from actions a where a.template_id = t.id and a.deleted_at is null) as usage_count
  from action_templates t`;

const fieldsOf = (row: TemplateRow): ActionTemplateFields => ({
  name: row.name,
  title: row.title,
  description: row.description,
  priority: row.priority,
  dueInDays: row.due_in_days,
  proof: { photo: row.proof_photo, note: row.proof_note },
});

export class ActionTemplatesRepository {
  private readonly db: Queryable;
  private readonly districtId: string;

  constructor(
    private readonly scope: RecordScope,
    private readonly powers: ActionPowers,
  ) {
    this.db = scope.db;
    this.districtId = scope.districtId;
  }

  private toTemplate(row: TemplateRow, names: Map<string, string>): ActionTemplate {
    return {
      ...recordMetaOf(row, names),
      ...fieldsOf(row),
      usageCount: row.usage_count,
    };
  }

  private async one(row: TemplateRow): Promise<ActionTemplate> {
    return this.toTemplate(row, await actorNames(this.scope.control, [row.created_by, row.updated_by]));
  }

  async list(query: ActionTemplateListQuery & { limit?: number }): Promise<Page<ActionTemplate>> {
    const limit = query.limit ?? LIST_LIMIT_DEFAULT;
    const params: unknown[] = [this.districtId];
    const where = ['t.district_id = $1'];
    if (query.deleted === 'true') {
      if (!this.powers.manageTemplates) throw ApiError.forbidden(MANAGERS_ONLY);
      where.push('t.deleted_at is not null');
    } else where.push('t.deleted_at is null');
    const search = query.search?.trim();
    if (search) {
      params.push(containsPattern(search));
      where.push(`vigie_fold(t.name || ' ' || t.title) like vigie_fold($${params.length})`);
    }
    const { rows: page, nextCursor, total } = await namePage<TemplateRow>(this.db, { select: TEMPLATE_SELECT, table: 'action_templates', where, params, cursor: query.cursor, limit });
    const names = await actorNames(this.scope.control, page.flatMap((r) => [r.created_by, r.updated_by]));
    return { items: page.map((row) => this.toTemplate(row, names)), nextCursor, total };
  }

  private async rowOr404(id: string, lock = false): Promise<TemplateRow> {
    const { rows } = await this.db.query<TemplateRow>(`${TEMPLATE_SELECT} where t.id = $1 and t.district_id = $2${lock ? ' for update of t' : ''}`, [id, this.districtId]);
    if (!rows[0]) throw ApiError.notFound(TEMPLATE_NOT_FOUND);
    return rows[0];
  }

  async get(id: string): Promise<ActionTemplate> {
    return this.one(await this.rowOr404(id));
  }

  async history(id: string): Promise<HistoryEntry[]> {
    await this.rowOr404(id);
    return readHistory(this.scope, ACTION_TEMPLATES_MODULE, id);
  }

  async create(body: ActionTemplateCreate): Promise<ActionTemplate> {
    const { id, ...raw } = body;
    const fields: ActionTemplateFields = { ...raw, name: raw.name.trim(), title: raw.title.trim() };
    const { rows } = await this.db.query(
      `insert into action_templates (id, district_id, name, title, description, priority, due_in_days, proof_photo, proof_note, created_by, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) on conflict (id) do nothing returning id`,
      [id, this.districtId, fields.name, fields.title, fields.description, fields.priority, fields.dueInDays, fields.proof.photo, fields.proof.note, this.scope.actor.id],
    );
    if (rows.length === 0) throw new ApiError(409, { message: 'record.exists' });
    const changes = changesBetween({} as ActionTemplateFields, fields, HISTORY_FIELDS).filter((c) => c.after !== null && c.after !== '');
    await writeHistory(this.scope, { module: ACTION_TEMPLATES_MODULE, recordId: id, version: 1, action: 'create', changes });
    return this.get(id);
  }

  /** An edit: the actions made from it keep what they were made with. */
  async update(id: string, body: ActionTemplateUpdate): Promise<ActionTemplate> {
    const row = await this.rowOr404(id, true);
    await requireEditable(row, body.baseVersion, () => this.one(row));
    const before = fieldsOf(row);
    const asked = body.changes;
    const next: ActionTemplateFields = {
      ...before,
      ...asked,
      ...(asked.name !== undefined ? { name: asked.name.trim() } : {}),
      ...(asked.title !== undefined ? { title: asked.title.trim() } : {}),
    };
    const changes = changesBetween(before, next, HISTORY_FIELDS);
    if (changes.length === 0) return this.one(row);
    await this.db.query(
      `update action_templates set name = $3, title = $4, description = $5, priority = $6, due_in_days = $7, proof_photo = $8, proof_note = $9,
              version = version + 1, updated_at = now(), updated_by = $10
        where id = $1 and district_id = $2`,
      [id, this.districtId, next.name, next.title, next.description, next.priority, next.dueInDays, next.proof.photo, next.proof.note, this.scope.actor.id],
    );
    await writeHistory(this.scope, { module: ACTION_TEMPLATES_MODULE, recordId: id, version: row.version + 1, action: 'update', changes });
    return this.get(id);
  }

  async setDeleted(id: string, baseVersion: number, deleted: boolean): Promise<ActionTemplate> {
    const row = await this.rowOr404(id, true);
    await setRecordDeleted(
      this.scope,
      { table: 'action_templates', module: ACTION_TEMPLATES_MODULE, id, version: row.version, deletedAt: row.deleted_at, current: () => this.one(row) },
      baseVersion,
      deleted,
    );
    return this.get(id);
  }
}
