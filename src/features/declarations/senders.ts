/**
 * The senders of the Declarations writes (one per kind, writes.ts), registered with the
 * outbox. A report uploads its pictures first (attachmentsFirst: the record names their ids,
 * which the server checks are its own uploads), then posts the record with the item's key.
 * Registering twice is harmless.
 */
import type { DeclarationCreate, TemplateCreate } from '../../../common/modules/declarations/schemas';
import { registerSender, sendWrite, type OutboxItem, type SendContext, type SenderOptions } from '../../lib/outbox';
import type { CommentPayload, DeclarationWriteKind, StatusPayload } from './writes';

const version = (item: OutboxItem): number => item.baseVersion ?? 1;
const record = (item: OutboxItem, rest = '') => `declarations/${encodeURIComponent(item.recordId)}${rest}`;
const template = (item: OutboxItem, rest = '') => `declarations/templates/${encodeURIComponent(item.recordId)}${rest}`;

type DeclarationSender = (item: OutboxItem, ctx: SendContext) => Promise<unknown>;

export const DECLARATION_SENDERS: Record<DeclarationWriteKind, DeclarationSender> = {
  'declarations.create': (_item, ctx) => sendWrite('post', 'declarations', ctx.payload as DeclarationCreate, ctx.idempotencyKey),
  'declarations.update': (item, ctx) => sendWrite('patch', record(item), { baseVersion: version(item), changes: ctx.payload }, ctx.idempotencyKey),
  'declarations.status': (item, ctx) => sendWrite('post', record(item, '/status'), { baseVersion: version(item), ...(ctx.payload as StatusPayload) }, ctx.idempotencyKey),
  'declarations.comment': (item, ctx) => sendWrite('post', record(item, '/comments'), ctx.payload as CommentPayload, ctx.idempotencyKey),
  'declarations.delete': (item, ctx) => sendWrite('delete', record(item), { baseVersion: version(item) }, ctx.idempotencyKey),
  'declarations.restore': (item, ctx) => sendWrite('post', record(item, '/restore'), { baseVersion: version(item) }, ctx.idempotencyKey),
  'declarations.template.create': (_item, ctx) => sendWrite('post', 'declarations/templates', ctx.payload as TemplateCreate, ctx.idempotencyKey),
  'declarations.template.update': (item, ctx) => sendWrite('patch', template(item), { baseVersion: version(item), changes: ctx.payload }, ctx.idempotencyKey),
  'declarations.template.delete': (item, ctx) => sendWrite('delete', template(item), { baseVersion: version(item) }, ctx.idempotencyKey),
  'declarations.template.restore': (item, ctx) => sendWrite('post', template(item, '/restore'), { baseVersion: version(item) }, ctx.idempotencyKey),
};

const OPTIONS: Partial<Record<DeclarationWriteKind, SenderOptions>> = {
  'declarations.create': { attachmentsFirst: true },
  'declarations.update': { onConflict: 'merge' },
  'declarations.template.update': { onConflict: 'merge' },
  'declarations.status': { onConflict: 'rebase' },
  'declarations.delete': { onConflict: 'rebase' },
  'declarations.restore': { onConflict: 'rebase' },
  'declarations.template.delete': { onConflict: 'rebase' },
  'declarations.template.restore': { onConflict: 'rebase' },
};

let registered = false;

export function registerDeclarationSenders(): void {
  if (registered) return;
  registered = true;
  for (const [kind, send] of Object.entries(DECLARATION_SENDERS) as [DeclarationWriteKind, DeclarationSender][]) {
    registerSender(kind, async (item, ctx) => ({ result: await send(item, ctx) }), { onConflict: 'fail', ...OPTIONS[kind] });
  }
}
