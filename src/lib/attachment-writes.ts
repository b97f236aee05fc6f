/**
 * Deleting an attachment of a record (a site's photo or file), the platform's one write of
 * attachments that is not part of a record's own write: queued in the outbox like every write
 * (kind 'attachments.delete', under the record's module and id, so the record's sheet shows it
 * waiting and hides the file at once), sent as DELETE /api/attachments/:id with the item's
 * Idempotency-Key. The server makes it a write of the record (new version, history, socket
 * event), and answers a second deletion of the same file with a success, so a delete queued
 * offline that meets another manager's is not a failure. Its sender is registered once, by
 * the shell (authenticated.lazy.tsx), for every module.
 */
import { enqueueWrite, registerSender, sendWrite, type PendingWrite } from './outbox';

export const ATTACHMENT_DELETE_KIND = 'attachments.delete';

export interface AttachmentDeletePayload {
  attachmentId: string;
  /** Shown while it waits (the file's tile is gone by then). */
  name: string;
}

/** Queues the deletion of `attachment` of the record `recordId` of `module`. */
export function queueDeleteAttachment(module: string, recordId: string, attachment: { id: string; name: string }) {
  const payload: AttachmentDeletePayload = { attachmentId: attachment.id, name: attachment.name };
  return enqueueWrite({ kind: ATTACHMENT_DELETE_KIND, module, recordId, baseVersion: null, payload });
}

export const deleteAttachmentRequest = (id: string, idempotencyKey: string) => sendWrite<unknown>('delete', `attachments/${id}`, undefined, idempotencyKey);

let registered = false;

export function registerAttachmentSenders(): void {
  if (registered) return;
  registered = true;
  registerSender(ATTACHMENT_DELETE_KIND, async (_item, ctx) => ({ result: await deleteAttachmentRequest((ctx.payload as AttachmentDeletePayload).attachmentId, ctx.idempotencyKey) }));
}

/** The deletions among a record's pending writes (usePendingChanges), oldest first. */
export function pendingAttachmentDeletes(writes: readonly PendingWrite[]): AttachmentDeletePayload[] {
  return writes
    .filter((write) => write.item.kind === ATTACHMENT_DELETE_KIND && write.item.state !== 'sent' && typeof write.payload === 'object' && write.payload !== null)
    .map((write) => write.payload as AttachmentDeletePayload);
}
