/**
 * The senders of the actions' writes (one per kind, writes.ts), registered with the outbox.
 * A status move uploads its proof photos first (attachmentsFirst: the server checks the proof
 * the action requires when the move arrives), then posts the move with the item's key. A photo
 * added to an action is its upload alone. Registering twice is harmless.
 */
import type { ActionCreate, ActionTemplateCreate, ActionTransition, CommentCreate, PlanCreate } from '../../../common/modules/actions/schemas';
import { registerSender, sendWrite, type OutboxItem, type SendContext, type SenderOptions } from '../../lib/outbox';
import type { ActionWriteKind } from './writes';

const version = (item: OutboxItem): number => item.baseVersion ?? 1;
const action = (item: OutboxItem, rest = '') => `actions/${encodeURIComponent(item.recordId)}${rest}`;
const plan = (item: OutboxItem, rest = '') => `actions/plans/${encodeURIComponent(item.recordId)}${rest}`;
const template = (item: OutboxItem, rest = '') => `actions/templates/${encodeURIComponent(item.recordId)}${rest}`;

type ActionSender = (item: OutboxItem, ctx: SendContext) => Promise<unknown>;

export const ACTION_SENDERS: Record<ActionWriteKind, ActionSender> = {
  'actions.create': (_item, ctx) => sendWrite('post', 'actions', ctx.payload as ActionCreate, ctx.idempotencyKey),
  'actions.update': (item, ctx) => sendWrite('patch', action(item), { baseVersion: version(item), changes: ctx.payload }, ctx.idempotencyKey),
  'actions.status': (item, ctx) => sendWrite('post', action(item, '/status'), ctx.payload as ActionTransition, ctx.idempotencyKey),
  'actions.comment': (item, ctx) => sendWrite('post', action(item, '/comments'), ctx.payload as CommentCreate, ctx.idempotencyKey),
  // No request: the photo's tus upload, which the drainer runs next, is the whole write.
  'actions.photo.add': async () => null,
  'actions.delete': (item, ctx) => sendWrite('delete', action(item), { baseVersion: version(item) }, ctx.idempotencyKey),
  'actions.restore': (item, ctx) => sendWrite('post', action(item, '/restore'), { baseVersion: version(item) }, ctx.idempotencyKey),
  'action_plans.create': (_item, ctx) => sendWrite('post', 'actions/plans', ctx.payload as PlanCreate, ctx.idempotencyKey),
  'action_plans.update': (item, ctx) => sendWrite('patch', plan(item), { baseVersion: version(item), changes: ctx.payload }, ctx.idempotencyKey),
  'action_plans.delete': (item, ctx) => sendWrite('delete', plan(item), { baseVersion: version(item) }, ctx.idempotencyKey),
  'action_plans.restore': (item, ctx) => sendWrite('post', plan(item, '/restore'), { baseVersion: version(item) }, ctx.idempotencyKey),
  'action_templates.create': (_item, ctx) => sendWrite('post', 'actions/templates', ctx.payload as ActionTemplateCreate, ctx.idempotencyKey),
  'action_templates.update': (item, ctx) => sendWrite('patch', template(item), { baseVersion: version(item), changes: ctx.payload }, ctx.idempotencyKey),
  'action_templates.delete': (item, ctx) => sendWrite('delete', template(item), { baseVersion: version(item) }, ctx.idempotencyKey),
  'action_templates.restore': (item, ctx) => sendWrite('post', template(item, '/restore'), { baseVersion: version(item) }, ctx.idempotencyKey),
};

const OPTIONS: Partial<Record<ActionWriteKind, SenderOptions>> = {
  'actions.update': { onConflict: 'merge' },
  'actions.status': { attachmentsFirst: true },
  'actions.delete': { onConflict: 'rebase' },
  'actions.restore': { onConflict: 'rebase' },
  'action_plans.update': { onConflict: 'merge' },
  'action_plans.delete': { onConflict: 'rebase' },
  'action_plans.restore': { onConflict: 'rebase' },
  'action_templates.update': { onConflict: 'merge' },
  'action_templates.delete': { onConflict: 'rebase' },
  'action_templates.restore': { onConflict: 'rebase' },
};

let registered = false;

export function registerActionSenders(): void {
  if (registered) return;
  registered = true;
  for (const [kind, send] of Object.entries(ACTION_SENDERS) as [ActionWriteKind, ActionSender][]) {
    registerSender(kind, async (item, ctx) => ({ result: await send(item, ctx) }), { onConflict: 'fail', ...OPTIONS[kind] });
  }
}
