/**
 * The Questionnaires module's record kinds on the app's generic record core (lib/record-kind.ts):
 * templates, schedules and inspections' creation. Their outbox writes and senders come from
 * there, under the outbox names they had before (a write a device queued then still sends) and
 * in their own outbox modules: the templates' and the schedules' writes under their server's
 * history names, so the field user's waiting count never counts them. An inspection's submit is
 * the module's own (writes.ts).
 */
import type { Family, Inspection, InspectionCreate, InspectionSummary, Schedule, ScheduleFields, Template, TemplateFields, TemplateSummary } from '../../../common/modules/questionnaires/schemas';
import { defineRecordKind } from '../../lib/record-kind';
import { ensureKeys, toFields, toUpdate, type TemplateDraft } from './template-draft';

export const TEMPLATES_MODULE = 'questionnaire_templates';
export const SCHEDULES_MODULE = 'inspection_schedules';
export const QUESTIONNAIRES_MODULE = 'questionnaires';

const names = (entity: string) =>
  ({
    create: `questionnaires.${entity}.create`,
    update: `questionnaires.${entity}.update`,
    delete: `questionnaires.${entity}.delete`,
    restore: `questionnaires.${entity}.restore`,
  }) as const;

/**
 * A new revision is an update: only the changed fields, with the values the manager started
 * from as the merge base (when someone saved a revision meanwhile, different fields merge and
 * the same field changed on both sides is put to the manager).
 */
export const templates = defineRecordKind<TemplateFields & { family: Family }, Template, TemplateSummary>({
  module: TEMPLATES_MODULE,
  kind: 'templates',
  path: 'questionnaires/templates',
  fields: ['name', 'description', 'passMark', 'sections'],
  writeNames: names('template'),
});

/** Queues a new template; resolves with its id once on disk. */
export const queueCreateTemplate = (family: Family, draft: TemplateDraft): Promise<string> => templates.queueCreate({ family, ...toFields(ensureKeys(draft)) });

/** Queues a new revision of `base` with the draft's changes; false when nothing changed. */
export const queueUpdateTemplate = (base: Template, draft: TemplateDraft): Promise<boolean> => templates.queueUpdate(base, { ...base, ...toUpdate(base, draft).changes });

export const schedules = defineRecordKind<ScheduleFields & { templateId: string }, Schedule, Schedule>({
  module: SCHEDULES_MODULE,
  kind: 'schedules',
  path: 'questionnaires/schedules',
  fields: ['siteIds', 'assigneeIds', 'recurrence', 'interval', 'firstDueAt', 'until', 'remindDays'],
  writeNames: names('schedule'),
});

/** Inspections are created here (started on site, or planned for someone); the rest is the filling's and the submit's. */
export const inspections = defineRecordKind<Omit<InspectionCreate, 'id'>, Inspection, InspectionSummary>({
  module: QUESTIONNAIRES_MODULE,
  kind: 'inspections',
  path: 'questionnaires/inspections',
  fields: [],
  writeNames: { create: 'questionnaires.inspection.create' },
});
