/**
 * Delivers the mail outbox of every client database through SMTP.
 *
 * - A row is claimed by one statement (`for update skip locked`) that sets state 'sending'
 *   and a lease (claimed_by, claimed_until): two workers, in one process or several, never
 *   hold the same row, so an e-mail is never sent twice by them.
 * - A worker that dies leaves 'sending' rows behind; once their lease has run out they are
 *   claimable again (the lease is far longer than the SMTP time-outs, so a live worker
 *   finishes or gives up well before another may take its row).
 * - A failure is retried with exponential backoff and jitter up to MAIL_MAX_ATTEMPTS; a
 *   permanent SMTP answer (5xx) or the last attempt ends in 'failed' with last_error.
 * - Without SMTP_URL nothing is sent and nothing is dropped: rows stay 'queued', visible at
 *   GET /api/emergency/outbox, and go out once a worker with SMTP runs.
 *
 * The one case SMTP cannot make exactly-once: a worker dying after the server accepted a
 * message but before the row says 'sent'. The retry then carries the same Message-ID (derived
 * from the row), which lets mail systems recognise the duplicate.
 */
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import type { Databases } from '../db/databases.js';
import type { Database } from '../db/types.js';
import { MAIL_LAPSED } from './outbox.js';

export const MAIL_MAX_ATTEMPTS = 8;
/** First retry after about this long; doubled per attempt, capped at MAIL_RETRY_MAX_MS. */
export const MAIL_RETRY_BASE_MS = 30_000;
export const MAIL_RETRY_MAX_MS = 3_600_000;
/** How long a claim holds a row; must exceed the worst single send (the SMTP time-outs below). */
export const MAIL_LEASE_SECONDS = 300;
/** Polling period when no send has woken the worker. */
export const MAIL_POLL_MS = 5_000;
/** Rows one database gives per drain, so stop() never waits for an endless queue. */
export const MAIL_DRAIN_LIMIT = 200;
/** Bounded SMTP waits: connect + greeting + the longest silence, together well under the lease. */
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };
/** last_error keeps the start of the SMTP answer: enough to act on, bounded in size. */
const MAX_ERROR_LENGTH = 1000;

/** A send was recorded somewhere in this process: workers drain now rather than at the next poll. */
const queued = new EventEmitter();
queued.setMaxListeners(0);
export const notifyMailQueued = (): void => {
  queued.emit('queued');
};

/** Backoff before attempt `attempts + 1`: exponential, with "equal jitter" (half fixed, half random) so retries spread out. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAIL_RETRY_MAX_MS, MAIL_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

interface ClaimedRow {
  id: string;
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string;
  attempts: number;
}

export interface DrainReport {
  sent: number;
  retried: number;
  failed: number;
}

/** An SMTP 5xx is a refusal that a retry will not change (unknown mailbox, policy). */
const isPermanent = (error: { responseCode?: number }): boolean =>
  typeof error.responseCode === 'number' && error.responseCode >= 500 && error.responseCode < 600;

const describeError = (error: unknown): string => {
  const e = error as { responseCode?: number; code?: string; message?: string };
  const prefix = e.responseCode ?? e.code;
  return `${prefix ? `${prefix}: ` : ''}${e.message ?? String(error)}`.slice(0, MAX_ERROR_LENGTH);
};

/** Domain for the Message-IDs: the From address's, else a reserved one. */
const messageIdDomain = (from: string): string => /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'vigie.invalid';

export interface MailWorkerOptions {
  databases: Databases;
  smtpUrl: string;
  mailFrom: string;
  log?: FastifyBaseLogger;
  /** Distinguishes workers in claimed_by; unique per instance by default. */
  workerId?: string;
  /** The time an e-mail's end of validity (a share's or a link's expiry) is compared with; the tests set it. */
  now?: () => Date;
}

export class MailWorker {
  readonly workerId: string;
  private readonly transport: Transporter;
  private readonly domain: string;
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<DrainReport> | null = null;
  private again = false;
  private stopped = false;
  private readonly wake = () => this.kick();

  constructor(private readonly options: MailWorkerOptions) {
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    // One connection per message, not a pool: a handful of e-mails per alert, and no pooled
    // connection silently dropped by the server in between.
    this.transport = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
    this.domain = messageIdDomain(options.mailFrom);
  }

  /** Polls every MAIL_POLL_MS and whenever a send is recorded in this process. */
  start(): void {
    queued.on('queued', this.wake);
    this.kick();
  }

  private kick(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.draining = this.drainOnce()
      .catch((error: unknown) => {
        this.options.log?.error({ err: error }, 'mail outbox drain failed');
        return { sent: 0, retried: 0, failed: 0 };
      })
      .finally(() => {
        this.draining = null;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.kick();
        } else {
          this.timer = setTimeout(() => this.kick(), MAIL_POLL_MS);
          this.timer.unref();
        }
      });
  }

  /** Delivers every due row of every client database once; what tests and the poller call. */
  async drainOnce(): Promise<DrainReport> {
    const { databases } = this.options;
    const { rows } = await databases.control.query<{ database: string }>('select database from clients order by database');
    const reports = await Promise.all(
      rows.map(async ({ database }) => {
        try {
          return await this.drainDatabase(await databases.client(database));
        } catch (error) {
          // One unreachable client database must not hold back the others' e-mails.
          this.options.log?.error({ err: error, database }, 'mail outbox: client database skipped');
          return { sent: 0, retried: 0, failed: 0 };
        }
      }),
    );
    return reports.reduce((a, b) => ({ sent: a.sent + b.sent, retried: a.retried + b.retried, failed: a.failed + b.failed }), {
      sent: 0,
      retried: 0,
      failed: 0,
    });
  }

  private async drainDatabase(db: Database): Promise<DrainReport> {
    const report: DrainReport = { sent: 0, retried: 0, failed: 0 };
    // Rows nobody should send any more: the share expired, or the e-mail's own end of validity
    // passed (the link it carries would be dead: a recipient would get a link that answers
    // 404), or a dead worker's lease ran out on the last allowed attempt.
    const now = (this.options.now ?? (() => new Date()))();
    const expired = await db.query(
      `update mail_outbox o set state = 'failed', last_error = 'share expired before delivery', claimed_by = null, claimed_until = null
         from emergency_shares s
        where s.id = o.share_id and s.expires_at <= $1
          and (o.state = 'queued' or (o.state = 'sending' and o.claimed_until < now()))`,
      [now],
    );
    const lapsed = await db.query(
      `update mail_outbox set state = 'failed', last_error = $2, claimed_by = null, claimed_until = null
        where valid_until <= $1 and (state = 'queued' or (state = 'sending' and claimed_until < now()))`,
      [now, MAIL_LAPSED],
    );
    const abandoned = await db.query(
      `update mail_outbox set state = 'failed', last_error = coalesce(last_error, 'worker stopped while sending'),
              claimed_by = null, claimed_until = null
        where state = 'sending' and claimed_until < now() and attempts >= $1`,
      [MAIL_MAX_ATTEMPTS],
    );
    report.failed += expired.affectedRows + lapsed.affectedRows + abandoned.affectedRows;

    for (let n = 0; n < MAIL_DRAIN_LIMIT && !this.stopped; n++) {
      const row = await this.claim(db, now);
      if (!row) break;
      report[await this.deliver(db, row)]++;
    }
    return report;
  }

  /** Takes one due row: queued and due, or 'sending' under a lease that ran out. Counts the attempt now, so a crash counts too. */
  private async claim(db: Database, now: Date): Promise<ClaimedRow | null> {
    const { rows } = await db.query<ClaimedRow>(
      `update mail_outbox
          set state = 'sending', attempts = attempts + 1, claimed_by = $1,
              claimed_until = now() + make_interval(secs => $2)
        where id = (select id from mail_outbox
                     where ((state = 'queued' and next_attempt_at <= now())
                        or (state = 'sending' and claimed_until < now()))
                       and (valid_until is null or valid_until > $3)
                     order by next_attempt_at, created_at
                     limit 1
                     for update skip locked)
        returning id, recipient, subject, body_text, body_html, attempts`,
      [this.workerId, MAIL_LEASE_SECONDS, now],
    );
    return rows[0] ?? null;
  }

  private async deliver(db: Database, row: ClaimedRow): Promise<keyof DrainReport> {
    // Each update names this worker: if our lease ran out and another worker took the row,
    // its outcome stands and ours is dropped.
    const mine = 'id = $1 and claimed_by = $2 and state = $3';
    let messageId: string;
    try {
      const info = await this.transport.sendMail({
        from: this.options.mailFrom,
        to: { name: '', address: row.recipient },
        subject: row.subject,
        text: row.body_text,
        html: row.body_html,
        messageId: `<${row.id}@${this.domain}>`,
        headers: { 'Content-Language': 'fr, en' },
      });
      messageId = String(info.messageId);
    } catch (error) {
      const lastError = describeError(error);
      if (isPermanent(error as { responseCode?: number }) || row.attempts >= MAIL_MAX_ATTEMPTS) {
        await db.query(`update mail_outbox set state = 'failed', last_error = $4, claimed_by = null, claimed_until = null where ${mine}`, [
          row.id,
          this.workerId,
          'sending',
          lastError,
        ]);
        this.options.log?.warn({ outboxId: row.id, error: lastError }, 'e-mail failed for good');
        return 'failed';
      }
      await db.query(
        `update mail_outbox set state = 'queued', last_error = $4, claimed_by = null, claimed_until = null,
                next_attempt_at = now() + make_interval(secs => $5)
          where ${mine}`,
        [row.id, this.workerId, 'sending', lastError, retryDelayMs(row.attempts) / 1000],
      );
      return 'retried';
    }
    // Outside the try: once the server has accepted the message, a failure to record it must
    // not requeue it. The row then stays 'sending' until its lease runs out (see the header).
    await db.query(
      `update mail_outbox set state = 'sent', sent_at = now(), message_id = $4, last_error = null, claimed_by = null, claimed_until = null
        where ${mine}`,
      [row.id, this.workerId, 'sending', messageId],
    );
    return 'sent';
  }

  /** Stops polling, lets the drain in progress finish its current e-mail, closes SMTP. */
  async stop(): Promise<void> {
    this.stopped = true;
    queued.off('queued', this.wake);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.draining;
    this.transport.close();
  }
}

/**
 * The app's worker (app.ts): none when disabled (VIGIE_MAIL_WORKER=false) or without
 * SMTP_URL, in which case e-mails stay queued and the log says why.
 */
export function startMailWorker(config: Config, databases: Databases, log: FastifyBaseLogger): MailWorker | null {
  if (!config.mailWorker) return null;
  if (!config.smtpUrl) {
    log.warn('SMTP_URL is not set: emergency e-mails stay queued (GET /api/emergency/outbox) until a mail worker with SMTP runs');
    return null;
  }
  const worker = new MailWorker({ databases, smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, log });
  worker.start();
  return worker;
}
