/**
 * The template builder's writes, queued in the outbox (never sent from a screen): a new
 * template, a new revision (only the changed fields, with the values the manager started from
 * as the merge base: when someone saved a revision meanwhile, different fields merge and the
 * same field changed on both sides is put to the manager), a delete and a restore. Their
 * items are under the module 'questionnaire_templates' (the server's name for the records'
 * changes), apart from the inspections' own.
 */
import type { Family, Template, TemplateSummary } from '../../../common/modules/questionnaires/schemas';
import { enqueueWrite } from '../../lib/outbox';
import { toCreate, toUpdate, type TemplateDraft } from './template-draft';

export const TEMPLATES_MODULE = 'questionnaire_templates';
export const TEMPLATE_WRITE_KINDS = [
  'questionnaires.template.create',
  'questionnaires.template.update',
  'questionnaires.template.delete',
  'questionnaires.template.restore',
] as const;
export type TemplateWriteKind = (typeof TEMPLATE_WRITE_KINDS)[number];

/** Queues a new template; resolves with its id once on disk. */
export async function queueCreateTemplate(family: Family, draft: TemplateDraft): Promise<string> {
  const id = crypto.randomUUID();
  await enqueueWrite({ kind: 'questionnaires.template.create', module: TEMPLATES_MODULE, recordId: id, baseVersion: null, payload: toCreate(id, family, draft) });
  return id;
}

/** Queues a new revision of `base` with the draft's changes; false when nothing changed. */
export async function queueUpdateTemplate(base: Template, draft: TemplateDraft): Promise<boolean> {
  const { baseVersion, changes, base: before } = toUpdate(base, draft);
  if (Object.keys(changes).length === 0) return false;
  await enqueueWrite({ kind: 'questionnaires.template.update', module: TEMPLATES_MODULE, recordId: base.id, baseVersion, payload: changes, base: before });
  return true;
}

export const queueDeleteTemplate = (template: Pick<TemplateSummary, 'id' | 'version'>) =>
  enqueueWrite({ kind: 'questionnaires.template.delete', module: TEMPLATES_MODULE, recordId: template.id, baseVersion: template.version, payload: null });
export const queueRestoreTemplate = (template: Pick<TemplateSummary, 'id' | 'version'>) =>
  enqueueWrite({ kind: 'questionnaires.template.restore', module: TEMPLATES_MODULE, recordId: template.id, baseVersion: template.version, payload: null });
