/**
 * The shapes of the outbox: one item per write the user made, whatever the module. An item
 * is listed often (the pending count, the outbox page, the waiting marks) so it carries no
 * payload and no Blob: those are in their own stores (lib/idb) and read only to send.
 */

/** The session an item was written in: it is sent only while the session is the same. */
export interface OutboxTenant {
  clientDatabase: string;
  districtId: string;
  userEmail: string;
}

/**
 * queued → sending → sent (kept only for kinds registered with keepSent, else deleted);
 * failed (400, 403, 404, 413, 422: the server refuses it) until the user retries or discards;
 * conflict (the same field changed on the server) until the user chooses.
 */
export type OutboxState = 'queued' | 'sending' | 'sent' | 'failed' | 'conflict';

export interface ConflictField {
  field: string;
  /** The value when the user started editing. */
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

export interface OutboxConflict {
  fields: ConflictField[];
  /** The fields that merged without a conflict: sent with the user's choices. */
  merged: Record<string, unknown>;
  /** The record on the server when the conflict was found. */
  theirs: { version: number } & Record<string, unknown>;
}

export interface OutboxItem {
  /** Auto-increment, set by the database: the creation order across tabs. */
  seq: number;
  /** UUID: the item's identity, and its first Idempotency-Key. */
  key: string;
  /** The Idempotency-Key of the next attempt: renewed when a merge changes what is sent. */
  idempotencyKey: string;
  /** What to do, e.g. 'sites.update'; one sender per kind (registry.ts). */
  kind: string;
  module: string;
  recordId: string;
  /** The version the user started from (null: a creation, or a write without versions). */
  baseVersion: number | null;
  tenant: OutboxTenant;
  /** Epoch milliseconds. */
  createdAt: number;
  state: OutboxState;
  attempts: number;
  /** Translation key of the server's message or of the last retryable error. */
  lastError: string | null;
  /** HTTP status of the last failed attempt (0: no answer). */
  lastStatus: number | null;
  /** The item's attachments, in the order they were added. */
  attachmentIds: string[];
  /** Those the server holds whole already (an upload is never started again once done). */
  uploaded: string[];
  /** The record write was answered 2xx (only uploads remain). */
  written: boolean;
  /** Small data for listing without the payload (an alert's recipients). */
  summary: Record<string, unknown> | null;
  /** The server's answer once sent. */
  result: unknown;
  conflict: OutboxConflict | null;
}

export interface AttachmentInput {
  attachmentId: string;
  blob: Blob;
  name: string;
  type: string;
  takenAt?: string | null;
  gps?: { lat: number; lng: number } | null;
}

export interface StoredAttachment extends AttachmentInput {
  itemKey: string;
}

export interface NewWrite {
  kind: string;
  module: string;
  recordId: string;
  baseVersion: number | null;
  payload: unknown;
  attachments?: AttachmentInput[];
  /** The record as the user started editing it: the merge's base if the server moved on. */
  base?: unknown;
  summary?: Record<string, unknown> | null;
  /** Given by callers that already told the user a key (the emergency alert); else a new UUID. */
  key?: string;
  /** Defaults to the session's tenant. */
  tenant?: OutboxTenant;
  createdAt?: number;
}

/** What a sender is handed besides the item. */
export interface SendContext {
  payload: unknown;
  base: unknown;
  /** Sent as the Idempotency-Key header. */
  idempotencyKey: string;
}

/**
 * What a sender resolves with once the server answered 2xx. A sender REJECTS for every other
 * answer (an ApiError: the drainer classifies its status; a 409 record.version_conflict with
 * `current` runs the merge).
 */
export interface SendResult {
  result?: unknown;
}

export type Sender = (item: OutboxItem, ctx: SendContext) => Promise<SendResult | void>;

export interface SenderOptions {
  /**
   * Keep the item as 'sent' with the server's answer (the emergency alerts are listed with
   * their server time); otherwise a delivered item is deleted with its payload and Blobs.
   */
  keepSent?: boolean;
  /**
   * On a version conflict: 'merge' (an update: field by field against the base), 'rebase'
   * (sent again on the current version: a delete or a restore, reversible and in the history),
   * 'fail' (shown as failed).
   */
  onConflict?: 'merge' | 'rebase' | 'fail';
  /**
   * Upload the item's attachments before its record write (a declaration names its photos'
   * ids, which the server checks are its own uploads); by default the record is written first.
   */
  attachmentsFirst?: boolean;
}
