/**
 * The app's offline write API (MODULES.md "Writes, offline first"): what modules and screens
 * import. A module registers one sender per kind of write and saves through enqueueWrite;
 * its screens show pending writes with usePendingWrites / usePendingChanges, withPending and
 * <WaitingMark/> (components/WaitingMark.tsx).
 */
export { onDelivered } from './db';
export { enqueueWrite, countPendingWrites, retryWrite, discardWrite, resolveConflict, isUndelivered, NoSessionError } from './enqueue';
export { registerSender } from './registry';
export { startOutboxDrainer, triggerOutboxDrain, OUTBOX_SYNC_MESSAGE } from './drainer';
export { useOnDelivered, useOutboxItems, useServerMayHave, usePendingWrites, usePendingChanges, usePendingCount, usePendingAttachments, type PendingAttachment } from './hooks';
export { deletedOnceSent, withPending, withPendingList, withPendingRecord, type WithPending, type PendingMark, type PendingWrite, type PendingListOptions, type PendingListView } from './overlay';
export { currentTenant } from './tenant';
export type { OutboxItem, OutboxState, NewWrite, Sender, SendContext, SendResult, SenderOptions, ConflictField, AttachmentInput } from './types';
export { sendWrite } from './http';
export { changedFields } from './changes';
