/**
 * The mail outbox of a client database: rows are queued in the transaction that records an
 * emergency send (so a send and its e-mails exist together or not at all), then delivered by
 * the worker (worker.ts). Administrators read the per-recipient state from here.
 */
import type { EmergencyMailItem } from '../../../common/api-types.js';
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types.js';
import type { MailContent } from './messages.js';

export const OUTBOX_STATES = ['queued', 'sending', 'sent', 'failed'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/** Queues one e-mail per recipient of a share, in the caller's transaction. */
export async function queueShareMails(tx: Queryable, shareId: string, recipients: string[], content: MailContent): Promise<void> {
  await tx.query(
    `insert into mail_outbox (id, share_id, recipient, subject, body_text, body_html)
     select id, $2, recipient, $3, $4, $5 from unnest($1::uuid[], $6::text[]) as r (id, recipient)`,
    [recipients.map(() => randomUUID()), shareId, content.subject, content.text, content.html, recipients],
  );
}

/** last_error of an e-mail the worker dropped because its end of validity (`valid_until`) passed first. */
export const MAIL_LAPSED = 'link expired before delivery';

/** What a module's e-mail may say of itself: when it stops being worth delivering, and what it is about. */
export interface RecordMailOptions {
  /** Not delivered from then on (a link that expires): the worker drops it, as a share's e-mail after the share's expiry. */
  validUntil?: Date | string;
  /** What it is about (e.g. `questionnaires.share:<id>`), for withdrawQueuedMails. */
  regarding?: string;
}

/**
 * Queues one e-mail per recipient of a module's record (a declaration's notification), in the
 * caller's transaction: no share; the worker delivers it as any other row (unless it has an end
 * of validity that has passed, or is withdrawn first). Answers the rows' ids, in the order of
 * `recipients`, for a module that tells its e-mails' fate later (mailDeliveries).
 */
export async function queueRecordMails(tx: Queryable, recipients: string[], content: MailContent, options: RecordMailOptions = {}): Promise<string[]> {
  if (recipients.length === 0) return [];
  const ids = recipients.map(() => randomUUID());
  await tx.query(
    `insert into mail_outbox (id, share_id, recipient, subject, body_text, body_html, valid_until, regarding)
     select id, null, recipient, $2, $3, $4, $6, $7 from unnest($1::uuid[], $5::text[]) as r (id, recipient)`,
    [ids, content.subject, content.text, content.html, recipients, options.validUntil ?? null, options.regarding ?? null],
  );
  return ids;
}

/**
 * An e-mail's fate as its sender is told it: 'queued' while it may still go (waiting, being
 * handed to SMTP, or between retries), 'sent' once the mail server accepted it (at `sentAt`),
 * 'failed' when it never will (`lastError` says why: withdrawn, lapsed, refused for good).
 */
export interface MailDelivery {
  id: string;
  recipient: string;
  state: 'queued' | 'sent' | 'failed';
  sentAt: Date | null;
  lastError: string | null;
}

/** The delivery of the given outbox rows (queueRecordMails' ids), by id; an unknown id is absent. */
export async function mailDeliveries(db: Queryable, ids: string[]): Promise<Map<string, MailDelivery>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<MailDelivery>(
    `select id, recipient, case when state = 'sending' then 'queued' else state end as state, sent_at as "sentAt",
            case when state = 'failed' then last_error end as "lastError"
       from mail_outbox where id = any($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Withdraws the e-mails about `regarding` that are not on their way yet (queued, or left
 * 'sending' by a dead worker whose lease ran out), in the caller's transaction: they end
 * 'failed' with `reason`, as an expired share's. One being handed to SMTP at this moment goes.
 * Answers how many were withdrawn.
 */
export async function withdrawQueuedMails(tx: Queryable, regarding: string, reason: string): Promise<number> {
  const { affectedRows } = await tx.query(
    `update mail_outbox set state = 'failed', last_error = $2, claimed_by = null, claimed_until = null
      where regarding = $1 and (state = 'queued' or (state = 'sending' and claimed_until < now()))`,
    [regarding, reason],
  );
  return affectedRows;
}

/** One e-mail per recipient and share, as GET /api/emergency/outbox lists it (common/api-types.ts). */
export type OutboxItem = EmergencyMailItem;

export interface OutboxFilter {
  shareId?: string;
  idempotencyKey?: string;
  limit: number;
  offset: number;
}

interface OutboxRow extends Omit<OutboxItem, 'nextAttemptAt' | 'sentAt' | 'createdAt'> {
  nextAttemptAt: Date | null;
  sentAt: Date | null;
  createdAt: Date;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The district's outbox rows, newest send first, then by recipient. */
export async function listOutbox(db: Queryable, districtId: string, filter: OutboxFilter): Promise<{ items: OutboxItem[]; total: number }> {
  const where = `s.district_id = $1 and ($2::uuid is null or o.share_id = $2) and ($3::uuid is null or s.idempotency_key = $3)`;
  const params = [districtId, filter.shareId ?? null, filter.idempotencyKey ?? null];
  const [items, total] = await Promise.all([
    db.query<OutboxRow>(
      `select o.id as "_id", o.share_id as "shareId", s.idempotency_key as "idempotencyKey", s.site->>'name' as "siteName",
              o.recipient, o.state, o.attempts,
              case when o.state in ('queued', 'sending') then o.next_attempt_at end as "nextAttemptAt",
              o.last_error as "lastError", o.sent_at as "sentAt", o.message_id as "messageId", o.created_at as "createdAt"
         from mail_outbox o join emergency_shares s on s.id = o.share_id
        where ${where}
        order by o.created_at desc, o.share_id, lower(o.recipient)
        limit $4 offset $5`,
      [...params, filter.limit, filter.offset],
    ),
    db.query<{ n: number }>(`select count(*)::int as n from mail_outbox o join emergency_shares s on s.id = o.share_id where ${where}`, params),
  ]);
  return {
    items: items.rows.map((r) => ({ ...r, nextAttemptAt: iso(r.nextAttemptAt), sentAt: iso(r.sentAt), createdAt: iso(r.createdAt)! })),
    total: total.rows[0]?.n ?? 0,
  };
}
