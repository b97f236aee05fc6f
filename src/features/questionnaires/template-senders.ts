/**
 * The senders of the template builder's writes (template-writes.ts). A revision whose base is
 * stale (409 record.version_conflict) goes to the outbox's field-by-field merge: different
 * fields are sent again on the current revision, the same field changed on both sides waits
 * for the manager's choice (the builder shows it). A delete or a restore is sent again on the
 * current revision (reversible, and in the history). Registering twice is harmless.
 */
import type { TemplateCreate, TemplateFields } from '../../../common/modules/questionnaires/schemas';
import { registerSender, sendWrite, type OutboxItem, type SendContext, type SenderOptions } from '../../lib/outbox';
import type { TemplateWriteKind } from './template-writes';

type TemplateSender = (item: OutboxItem, ctx: SendContext) => Promise<unknown>;

const path = (item: OutboxItem, rest = '') => `questionnaires/templates/${encodeURIComponent(item.recordId)}${rest}`;
/** The revision the item is based on (a merge or a rebase may have moved it on). */
const version = (item: OutboxItem): number => item.baseVersion ?? 1;

export const TEMPLATE_SENDERS: Record<TemplateWriteKind, TemplateSender> = {
  'questionnaires.template.create': (_item, ctx) => sendWrite('post', 'questionnaires/templates', ctx.payload as TemplateCreate, ctx.idempotencyKey),
  'questionnaires.template.update': (item, ctx) =>
    sendWrite('patch', path(item), { baseVersion: version(item), changes: ctx.payload as Partial<TemplateFields> }, ctx.idempotencyKey),
  'questionnaires.template.delete': (item, ctx) => sendWrite('delete', path(item), { baseVersion: version(item) }, ctx.idempotencyKey),
  'questionnaires.template.restore': (item, ctx) => sendWrite('post', path(item, '/restore'), { baseVersion: version(item) }, ctx.idempotencyKey),
};

const ON_CONFLICT: Record<TemplateWriteKind, SenderOptions['onConflict']> = {
  'questionnaires.template.create': 'fail',
  'questionnaires.template.update': 'merge',
  'questionnaires.template.delete': 'rebase',
  'questionnaires.template.restore': 'rebase',
};

let registered = false;

export function registerTemplateSenders(): void {
  if (registered) return;
  registered = true;
  for (const [kind, send] of Object.entries(TEMPLATE_SENDERS) as [TemplateWriteKind, TemplateSender][]) {
    registerSender(kind, async (item, ctx) => ({ result: await send(item, ctx) }), { onConflict: ON_CONFLICT[kind] });
  }
}
