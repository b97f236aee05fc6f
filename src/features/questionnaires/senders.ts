/**
 * The senders of the Questionnaires writes (writes.ts), registered with the outbox. The submit
 * uploads its photos and signature first. Registering twice is harmless.
 */
import type { InspectionCreate, InspectionSubmit } from '../../../common/modules/questionnaires/schemas';
import { registerSender, sendWrite, type OutboxItem, type SendContext, type SenderOptions } from '../../lib/outbox';
import { registerScheduleSenders } from './schedule-senders';
import { registerTemplateSenders } from './template-senders';
import type { QuestionnaireWriteKind } from './writes';

type QuestionnaireSender = (item: OutboxItem, ctx: SendContext) => Promise<unknown>;

export const QUESTIONNAIRE_SENDERS: Record<QuestionnaireWriteKind, QuestionnaireSender> = {
  'questionnaires.inspection.create': (_item, ctx) => sendWrite('post', 'questionnaires/inspections', ctx.payload as InspectionCreate, ctx.idempotencyKey),
  'questionnaires.inspection.submit': (item, ctx) =>
    sendWrite('post', `questionnaires/inspections/${encodeURIComponent(item.recordId)}/submit`, ctx.payload as InspectionSubmit, ctx.idempotencyKey),
};

const OPTIONS: Partial<Record<QuestionnaireWriteKind, SenderOptions>> = {
  'questionnaires.inspection.submit': { attachmentsFirst: true },
};

let registered = false;

export function registerQuestionnaireSenders(): void {
  if (registered) return;
  registered = true;
  registerScheduleSenders();
  for (const [kind, send] of Object.entries(QUESTIONNAIRE_SENDERS) as [QuestionnaireWriteKind, QuestionnaireSender][]) {
    registerSender(kind, async (item, ctx) => ({ result: await send(item, ctx) }), { onConflict: 'fail', ...OPTIONS[kind] });
  }
  registerTemplateSenders();
}
