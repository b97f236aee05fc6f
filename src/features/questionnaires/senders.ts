/**
 * The senders of the Questionnaires writes, registered with the outbox: the kinds' (kinds.ts)
 * and the submit, which uploads its photos and signature first. Registering twice is harmless.
 */
import type { InspectionSubmit } from '../../../common/modules/questionnaires/schemas';
import { registerSender, sendWrite } from '../../lib/outbox';
import { inspections, schedules, templates } from './kinds';
import { SUBMIT } from './writes';

let registered = false;

export function registerQuestionnaireSenders(): void {
  if (registered) return;
  registered = true;
  schedules.registerSenders();
  inspections.registerSenders();
  registerSender(
    SUBMIT,
    async (item, ctx) => ({ result: await sendWrite('post', `questionnaires/inspections/${encodeURIComponent(item.recordId)}/submit`, ctx.payload as InspectionSubmit, ctx.idempotencyKey) }),
    { onConflict: 'fail', attachmentsFirst: true },
  );
  templates.registerSenders();
}
