/**
 * The senders of the Declarations writes (writes.ts), registered with the outbox: the record
 * core's for templates and declarations (a report uploads its pictures first: the record names
 * their ids, which the server checks are its own uploads), and the module's own for a status
 * step (sent again on the current version after a conflict) and a comment. Registering twice
 * is harmless.
 */
import { registerSender, sendWrite, type OutboxItem } from '../../lib/outbox';
import { COMMENT_WRITE, declarations, STATUS_WRITE, templates, type CommentPayload, type StatusPayload } from './writes';

const record = (item: OutboxItem, rest: string) => `declarations/${encodeURIComponent(item.recordId)}${rest}`;

let registered = false;

export function registerDeclarationSenders(): void {
  templates.registerSenders();
  declarations.registerSenders();
  if (registered) return;
  registered = true;
  registerSender(
    STATUS_WRITE,
    async (item, ctx) => ({ result: await sendWrite('post', record(item, '/status'), { baseVersion: item.baseVersion ?? 1, ...(ctx.payload as StatusPayload) }, ctx.idempotencyKey) }),
    { onConflict: 'rebase' },
  );
  registerSender(COMMENT_WRITE, async (item, ctx) => ({ result: await sendWrite('post', record(item, '/comments'), ctx.payload as CommentPayload, ctx.idempotencyKey) }), { onConflict: 'fail' });
}
