/**
 * The senders of the actions' writes (writes.ts), registered with the outbox: the plain writes
 * of actions, plans and templates are their record kinds' (lib/record-kind.ts; a photo added to
 * an action is its upload alone); a status move uploads its proof photos first (attachmentsFirst:
 * the server checks the proof the action requires when the move arrives), then posts the move
 * with the item's key; a comment is posted with its own id. Registering twice is harmless.
 */
import type { ActionTransition, CommentCreate } from '../../../common/modules/actions/schemas';
import { registerSender, sendWrite, type OutboxItem, type SendContext } from '../../lib/outbox';
import { actionRecords, planRecords, templateRecords } from './writes';

const action = (item: OutboxItem, rest: string) => `actions/${encodeURIComponent(item.recordId)}${rest}`;

/** The actions' own writes, beside their kinds' plain ones. */
export const ACTION_SENDERS = {
  'actions.status': (item: OutboxItem, ctx: SendContext) => sendWrite('post', action(item, '/status'), ctx.payload as ActionTransition, ctx.idempotencyKey),
  'actions.comment': (item: OutboxItem, ctx: SendContext) => sendWrite('post', action(item, '/comments'), ctx.payload as CommentCreate, ctx.idempotencyKey),
};

let registered = false;

export function registerActionSenders(): void {
  for (const kind of [actionRecords, planRecords, templateRecords]) kind.registerSenders();
  if (registered) return;
  registered = true;
  registerSender('actions.status', async (item, ctx) => ({ result: await ACTION_SENDERS['actions.status'](item, ctx) }), { onConflict: 'fail', attachmentsFirst: true });
  registerSender('actions.comment', async (item, ctx) => ({ result: await ACTION_SENDERS['actions.comment'](item, ctx) }), { onConflict: 'fail' });
}
