/**
 * The senders of Cartography management's writes (writes.ts), registered with the outbox:
 * each turns a queued item into its request with the item's idempotency key. A 409
 * record.version_conflict of an update goes to the outbox's field-by-field merge; a delete or
 * a restore is sent again on the current version; a refusal (a category still used by points,
 * a layer holding features) leaves the item failed with the server's reason. Registering twice
 * is harmless.
 */
import { registerSender, sendWrite, type OutboxItem, type SendContext, type SenderOptions } from '../../lib/outbox';
import { MANAGED_KINDS, WRITE_ACTIONS, writeKind, type ManagedKind, type WriteAction } from './writes';

const version = (item: OutboxItem): number => item.baseVersion ?? 1;
const recordPath = (kind: ManagedKind, id: string, rest = '') => `${MANAGED_KINDS[kind].path}/${encodeURIComponent(id)}${rest}`;

const SEND: Record<WriteAction, (kind: ManagedKind, item: OutboxItem, ctx: SendContext) => Promise<unknown>> = {
  create: (kind, _item, ctx) => sendWrite('post', MANAGED_KINDS[kind].path, ctx.payload, ctx.idempotencyKey),
  update: (kind, item, ctx) => sendWrite('patch', recordPath(kind, item.recordId), { baseVersion: version(item), changes: ctx.payload }, ctx.idempotencyKey),
  delete: (kind, item, ctx) => sendWrite('delete', recordPath(kind, item.recordId), { baseVersion: version(item) }, ctx.idempotencyKey),
  restore: (kind, item, ctx) => sendWrite('post', recordPath(kind, item.recordId, '/restore'), { baseVersion: version(item) }, ctx.idempotencyKey),
};

const ON_CONFLICT: Record<WriteAction, SenderOptions['onConflict']> = { create: 'fail', update: 'merge', delete: 'rebase', restore: 'rebase' };

let registered = false;

export function registerManagementSenders(): void {
  if (registered) return;
  registered = true;
  for (const kind of Object.keys(MANAGED_KINDS) as ManagedKind[]) {
    for (const action of WRITE_ACTIONS) {
      registerSender(writeKind(kind, action), async (item, ctx) => ({ result: await SEND[action](kind, item, ctx) }), { onConflict: ON_CONFLICT[action] });
    }
  }
}
