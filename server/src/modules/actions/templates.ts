/**
 * Every query of the action templates (table action_templates; Actions V3's templates),
 * scoped to the session's district: a prefilled title, description, priority, delay to the due
 * date and required proof. Whoever may make an action sees them (the app prefills the action
 * with them; the action keeps the template's id); their managers (`actionsV3-templates` admin)
 * build them (routes.ts: the core's record routes); an edit leaves the actions made from one as
 * they were made. `usageCount` is the number of live actions made from one.
 */
import { ACTION_TEMPLATES_MODULE, type ActionTemplate, type ActionTemplateFields, type ActionTemplateListQuery } from '../../../../common/modules/actions/schemas.js';
import type { ActionPowers } from '../../../../common/modules/actions/access.js';
import type { Page } from '../../../../common/schemas/platform.js';
import { RecordStore, type RecordKind } from '../_platform/record-kind.js';
import { recordMetaOf, type RecordMetaRow, type RecordScope } from '../_platform/records.js';
import { MANAGERS_ONLY, TEMPLATE_NOT_FOUND } from './repository.js';

const HISTORY_FIELDS = ['name', 'title', 'description', 'priority', 'dueInDays', 'proof'] as const satisfies readonly (keyof ActionTemplateFields)[];

interface TemplateRow extends RecordMetaRow {
  name: string;
  title: string;
  description: string;
  priority: ActionTemplateFields['priority'];
  due_in_days: number | null;
  proof_photo: boolean;
  proof_note: boolean;
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
  readonly store: RecordStore;

  constructor(
    scope: RecordScope,
    private readonly powers: ActionPowers,
  ) {
    this.store = new RecordStore(scope);
  }

  /** The kind on the platform's record core: creation with the client's id, edits from a base version, history, reversible deletion. */
  readonly kind: RecordKind<TemplateRow, ActionTemplateFields, ActionTemplate> = {
    module: ACTION_TEMPLATES_MODULE,
    table: 'action_templates',
    notFound: TEMPLATE_NOT_FOUND,
    select: TEMPLATE_SELECT,
    historyFields: HISTORY_FIELDS,
    fieldsOf,
    columns: (f) => ({
      name: f.name,
      title: f.title,
      description: f.description,
      priority: f.priority,
      due_in_days: f.dueInDays,
      proof_photo: f.proof.photo,
      proof_note: f.proof.note,
    }),
    toRecord: (row, names) => ({ ...recordMetaOf(row, names), ...fieldsOf(row), usageCount: row.usage_count }),
    clean: (f) => ({ ...f, name: f.name.trim(), title: f.title.trim() }),
    search: "t.name || ' ' || t.title",
  };

  list(query: ActionTemplateListQuery & { limit?: number }): Promise<Page<ActionTemplate>> {
    return this.store.page(this.kind, query, RecordStore.deletedFilter(query.deleted, this.powers.manageTemplates, MANAGERS_ONLY));
  }
}
