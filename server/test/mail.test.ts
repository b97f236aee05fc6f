import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Envelope } from '../../common/api-types.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/types.js';
import type { OutboxItem } from '../src/mail/outbox.js';
import { MAIL_MAX_ATTEMPTS, MAIL_RETRY_BASE_MS, MAIL_RETRY_MAX_MS, MailWorker, retryDelayMs, startMailWorker } from '../src/mail/worker.js';
import type { SendResult } from '../src/routes/api/emergency/shares.js';
import type { SiteInfo } from '../src/routes/api/emergency/sites.js';
import { bearer, emergencyPayload, login, startTestServer, type TestServer } from './helper.js';
import { decodedBody, startSmtpCapture, type SmtpCapture } from './smtp-capture.js';

/** A real SMTP server on loopback; `policy` may refuse a recipient with an SMTP code. */
let smtp: SmtpCapture;

let server: TestServer;
let acme: Database;
let operator: string;
let siteId: string;
const workers: MailWorker[] = [];

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // The app's own worker stays off: each test drives its workers with drainOnce().
  server = await startTestServer({ smtpUrl: smtp.url, mailWorker: false, publicUrl: 'https://vigie.example.org' });
  acme = await server.databases.client('acme');
  operator = (await login(server, 'operator@demo.vigie.test')).token;
  const sites = await server.app.inject({ url: '/api/emergency/sites', headers: bearer(operator) });
  siteId = sites.json<Envelope<SiteInfo[]>>().data[0]!._id;
});

afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await server?.destroy();
  await smtp?.close();
});

beforeEach(() => {
  smtp.received.length = 0;
  smtp.policy = () => null;
});

function worker(workerId: string = randomUUID()): MailWorker {
  const created = new MailWorker({ databases: server.databases, smtpUrl: server.config.smtpUrl!, mailFrom: server.config.mailFrom, workerId });
  workers.push(created);
  return created;
}

async function sendAlert(recipients: string[]): Promise<SendResult> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/emergency/sendInformations',
    headers: { ...bearer(operator), 'idempotency-key': randomUUID() },
    payload: emergencyPayload(siteId, { recipients }, [{ name: 'Entrée', image: null }]),
  });
  expect(response.statusCode).toBe(200);
  return response.json<Envelope<SendResult>>().data;
}

interface Row {
  id: string;
  recipient: string;
  state: string;
  attempts: number;
  last_error: string | null;
  sent_at: Date | null;
  message_id: string | null;
  due: boolean;
}
const rowOf = async (recipient: string) =>
  (await acme.query<Row>(`select *, next_attempt_at <= now() as due from mail_outbox where recipient = $1`, [recipient])).rows[0]!;

describe('mail outbox worker', () => {
  it('sends one e-mail per recipient with the share link, in French and English, and records it', async () => {
    const recipients = ['one@example.org', 'two@example.org', 'three@example.org'];
    const sent = await sendAlert(recipients);
    const report = await worker().drainOnce();
    expect(report).toEqual({ sent: 3, retried: 0, failed: 0 });
    expect(smtp.received.map((m) => m.rcpt).sort()).toEqual(recipients.map((r) => [r]).sort());

    const { token } = (await acme.query<{ token: string }>('select token from emergency_shares where id = $1', [sent.shareIds[0]])).rows[0]!;
    for (const message of smtp.received) {
      const body = decodedBody(message.raw);
      expect(body).toContain(`https://vigie.example.org/viewerThirdParty/${token}`);
      expect(body).toContain('operator@demo.vigie.test vous transmet par Vigie les informations du site');
      expect(body).toContain('shared the information of the site');
      expect(message.raw).toMatch(/^Subject: /m);
    }
    for (const recipient of recipients) {
      const row = await rowOf(recipient);
      expect(row).toMatchObject({ state: 'sent', attempts: 1, last_error: null });
      expect(row.sent_at).not.toBeNull();
      expect(row.message_id).toBe(`<${row.id}@vigie.localhost>`);
      expect(smtp.received.find((m) => m.rcpt[0] === recipient)!.raw).toContain(`Message-ID: <${row.id}@vigie.localhost>`);
    }
    // The per-recipient state the app shows.
    const outbox = await server.app.inject({ url: `/api/emergency/outbox?shareId=${sent.shareIds[0]}`, headers: bearer(operator) });
    expect(outbox.json<Envelope<{ items: OutboxItem[] }>>().data.items.map((i) => i.state)).toEqual(['sent', 'sent', 'sent']);
    // Nothing left to send: a second drain sends nothing again.
    expect(await worker().drainOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(3);
  });

  it('retries after the SMTP server refuses once (4xx), with backoff, and sends once', async () => {
    let refusals = 0;
    smtp.policy = (address) => (address === 'flaky@example.org' && refusals++ === 0 ? 451 : null);
    await sendAlert(['flaky@example.org', 'steady@example.org']);
    const mailer = worker();
    expect(await mailer.drainOnce()).toEqual({ sent: 1, retried: 1, failed: 0 });
    const waiting = await rowOf('flaky@example.org');
    expect(waiting).toMatchObject({ state: 'queued', attempts: 1, due: false });
    expect(waiting.last_error).toMatch(/^451/);
    // Not due yet: the backoff holds it.
    expect(await mailer.drainOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    // Time passes (the retry falls due), and the second attempt goes through.
    await acme.query(`update mail_outbox set next_attempt_at = now() where id = $1`, [waiting.id]);
    expect(await mailer.drainOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await rowOf('flaky@example.org')).toMatchObject({ state: 'sent', attempts: 2, last_error: null });
    expect(smtp.received.filter((m) => m.rcpt.includes('flaky@example.org'))).toHaveLength(1);
    expect(smtp.received.filter((m) => m.rcpt.includes('steady@example.org'))).toHaveLength(1);
  });

  it('gives up at once on a permanent refusal (5xx), and after the last attempt otherwise', async () => {
    smtp.policy = (address) => (address === 'gone@example.org' ? 550 : address === 'busy@example.org' ? 452 : null);
    await sendAlert(['gone@example.org', 'busy@example.org']);
    const mailer = worker();
    expect(await mailer.drainOnce()).toEqual({ sent: 0, retried: 1, failed: 1 });
    const gone = await rowOf('gone@example.org');
    expect(gone).toMatchObject({ state: 'failed', attempts: 1 });
    expect(gone.last_error).toMatch(/^550/);
    for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      await acme.query(`update mail_outbox set next_attempt_at = now() where recipient = 'busy@example.org'`);
      await mailer.drainOnce();
    }
    expect(await rowOf('busy@example.org')).toMatchObject({ state: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    expect(smtp.received).toHaveLength(0);
  });

  it('never sends an e-mail twice when two workers drain at the same time', async () => {
    const recipients = Array.from({ length: 12 }, (_, i) => `crowd${i}@example.org`);
    await sendAlert(recipients.slice(0, 6));
    await sendAlert(recipients.slice(6));
    const reports = await Promise.all([worker('a').drainOnce(), worker('b').drainOnce(), worker('c').drainOnce()]);
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(12);
    expect(smtp.received.flatMap((m) => m.rcpt).sort()).toEqual([...recipients].sort());
    for (const recipient of recipients) expect((await rowOf(recipient)).attempts).toBe(1);
  });

  it('takes over the row of a dead worker once its lease has run out', async () => {
    await sendAlert(['orphan@example.org']);
    // A worker claimed the row and died before sending: state 'sending', lease still running.
    await acme.query(
      `update mail_outbox set state = 'sending', attempts = 1, claimed_by = 'dead-worker', claimed_until = now() + interval '1 minute'
        where recipient = 'orphan@example.org'`,
    );
    const mailer = worker();
    expect(await mailer.drainOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
    // The lease runs out: the row is claimable again.
    await acme.query(`update mail_outbox set claimed_until = now() - interval '1 second' where recipient = 'orphan@example.org'`);
    expect(await mailer.drainOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await rowOf('orphan@example.org')).toMatchObject({ state: 'sent', attempts: 2 });
    expect(smtp.received.map((m) => m.rcpt)).toEqual([['orphan@example.org']]);
  });

  it('does not send the e-mail of a share that expired before delivery', async () => {
    const sent = await sendAlert(['late@example.org']);
    await acme.query(`update emergency_shares set expires_at = now() - interval '1 second' where id = $1`, [sent.shareIds[0]]);
    expect(await worker().drainOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(await rowOf('late@example.org')).toMatchObject({ state: 'failed', last_error: 'share expired before delivery' });
    expect(smtp.received).toHaveLength(0);
  });
});

describe('the running worker', () => {
  it('delivers a send as soon as it is recorded, and stops cleanly', async () => {
    const running = startMailWorker({ ...server.config, mailWorker: true }, server.databases, server.app.log);
    expect(running).not.toBeNull();
    try {
      const arrived = new Promise<void>((resolve) => {
        smtp.policy = (address) => {
          if (address === 'live@example.org') setImmediate(resolve);
          return null;
        };
      });
      await sendAlert(['live@example.org']);
      await arrived;
    } finally {
      await running!.stop();
    }
    expect(await rowOf('live@example.org')).toMatchObject({ state: 'sent', attempts: 1 });
    expect(smtp.received.map((m) => m.rcpt)).toEqual([['live@example.org']]);
  });
});

describe('mail worker configuration', () => {
  it('backs off exponentially with jitter, capped', () => {
    expect(retryDelayMs(1, () => 0)).toBe(MAIL_RETRY_BASE_MS / 2);
    expect(retryDelayMs(1, () => 1)).toBe(MAIL_RETRY_BASE_MS);
    expect(retryDelayMs(3, () => 1)).toBe(MAIL_RETRY_BASE_MS * 4);
    expect(retryDelayMs(40, () => 1)).toBe(MAIL_RETRY_MAX_MS);
    expect(retryDelayMs(40, () => 0)).toBe(MAIL_RETRY_MAX_MS / 2);
  });

  it('starts no worker without SMTP_URL or when disabled, and reads the mail settings', () => {
    const log = server.app.log;
    expect(startMailWorker(loadConfig({}), server.databases, log)).toBeNull();
    expect(startMailWorker(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', VIGIE_MAIL_WORKER: 'false' }), server.databases, log)).toBeNull();
    const config = loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.org', VIGIE_PUBLIC_URL: 'https://vigie.example.org/', PORT: '9000' });
    expect(config).toMatchObject({ smtpUrl: 'smtps://u:p@mail.example.org', publicUrl: 'https://vigie.example.org', mailWorker: true });
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://127.0.0.1:9000');
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.org' })).toThrow('SMTP_URL');
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow('SMTP_URL must be an absolute URL');
  });
});
