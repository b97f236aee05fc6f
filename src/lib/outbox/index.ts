// STUB
/**
 * Stub of the offline engineer's outbox (src/lib/outbox/), with the documented signatures only,
 * so the Sites screens type-check on their branch; replaced at merge. Writes are not queued
 * here: enqueueWrite throws, and the tests mock this module.
 */
export interface OutboxAttachment {
  attachmentId: string;
  blob: Blob;
  name: string;
  type: string;
  takenAt?: string | null;
  gps?: { lat: number; lng: number } | null;
}

export interface OutboxWrite {
  kind: string;
  module: string;
  recordId: string;
  baseVersion: number | null;
  payload: unknown;
  attachments?: OutboxAttachment[];
}

export interface OutboxItem extends OutboxWrite {
  idempotencyKey: string;
  state: 'pending' | 'sending' | 'conflict' | 'failed';
  createdAt: string;
}

export type SendResult = unknown;
export interface SendContext {
  signal?: AbortSignal;
}
export type Sender = (item: OutboxItem, ctx: SendContext) => Promise<SendResult>;

export function enqueueWrite(item: OutboxWrite): Promise<OutboxItem> {
  void item;
  return Promise.reject(new Error('outbox: not implemented (stub)'));
}

const senders = new Map<string, Sender>();
export function registerSender(kind: string, sender: Sender): void {
  senders.set(kind, sender);
}

export function usePendingWrites(module: string, recordId?: string): OutboxItem[] {
  void module;
  void recordId;
  return [];
}
