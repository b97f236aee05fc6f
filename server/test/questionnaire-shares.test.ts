/**
 * Share links of a report: a reader of a submitted inspection's
 * report makes a link; anyone downloads the PDF with it and no session, in their language,
 * until it expires or is revoked (then the same 404 as an unknown token); only the token's
 * hash is stored and the token is answered once; links of an inspection in progress are
 * refused; readers of another district or client, and members without the module's rights,
 * neither make nor list them. The route walks (tenant isolation, write rights, contract,
 * fuzz) cover the new routes too.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../common/api-types.js';
import type { Inspection, InspectionSummary, ReportShare, ReportShareCreated } from '../../common/modules/questionnaires/schemas.js';
import type { Page } from '../../common/schemas/platform.js';
import { SHARE_MAIL_RATE_LIMIT } from '../../common/modules/questionnaires/schemas.js';
import { MailWorker } from '../src/mail/worker.js';
import { SHARED_REPORT_RATE_LIMIT } from '../src/modules/questionnaires/shared-routes.js';
import { bearer, login, startTestServer, type TestServer } from './helper.js';
import { pdfText } from './pdf-text.js';
import { decodedBody, startSmtpCapture, type SmtpCapture } from './smtp-capture.js';

let server: TestServer;
/** The e-mails the mail outbox's worker delivers (drained by the tests). */
let smtp: SmtpCapture;
const PUBLIC_URL = 'https://vigie.example.org';
/** The operator: every right, in Acme / Lyon. */
let manager: string;
/** The field user: fills its own questionnaires, in Acme / Lyon. */
let field: string;
/** The district administrator: questionnaryV2.questionnary_read, not the field user's assignee. */
let other: string;
/** A member without any questionnaire right. */
let switcher: string;
/** The operator's session moved to Bellevue / Nantes, and to Acme / Marseille. */
let bellevue: string;
let marseille: string;

/** A submitted demo inspection of Acme / Lyon, assigned to the field user, and one still to do. */
let submitted: Inspection;
let open: InspectionSummary;

interface Call {
  method?: 'GET' | 'POST' | 'DELETE';
  url: string;
  payload?: object;
  token?: string;
  key?: string;
}

async function call<T = unknown>({ method = 'GET', url, payload, token = manager, key }: Call) {
  const response = await server.app.inject({
    method,
    url: `/api/questionnaires${url}`,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });
  const body = response.json<Envelope<T> & { message?: string }>();
  return { status: response.statusCode, body, data: body.data, headers: response.headers };
}

const share = (inspectionId: string, token = manager, expiresInDays = 7, key: string = randomUUID()) =>
  call<ReportShareCreated>({ method: 'POST', url: `/inspections/${inspectionId}/shares`, token, key, payload: { expiresInDays } });

/** The public download, without any cookie or token. */
const download = (path: string, language = 'fr-FR,fr;q=0.9') => server.app.inject({ method: 'GET', url: path, headers: { 'accept-language': language } });

async function movedTo(database: string, district: string): Promise<string> {
  const session = await login(server, 'operator@demo.vigie.test');
  const db = await server.databases.client(database);
  const { rows } = await db.query<{ id: string }>('select id from districts where name = $1', [district]);
  const moved = await server.app.inject({ method: 'POST', url: '/api/admin/changeClient', headers: bearer(session.token), payload: { database, district: rows[0]!.id } });
  if (moved.statusCode !== 200) throw new Error(`changeClient: ${moved.body}`);
  const refreshed = await server.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: session.cookie } });
  return refreshed.json<Envelope<{ token: string }>>().data.token;
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startTestServer({ smtpUrl: smtp.url, mailWorker: false, publicUrl: PUBLIC_URL });
  manager = (await login(server, 'operator@demo.vigie.test')).token;
  field = (await login(server, 'field@demo.vigie.test')).token;
  other = (await login(server, 'district-admin@demo.vigie.test')).token;
  switcher = (await login(server, 'districts@demo.vigie.test')).token;
  bellevue = await movedTo('bellevue', 'Nantes');
  marseille = await movedTo('acme', 'Marseille');
  const mine = await call<Page<InspectionSummary>>({ url: '/inspections?status=submitted&limit=50', token: field });
  const withAnswers = mine.data.items[0];
  if (!withAnswers) throw new Error('the demo field user has no submitted inspection');
  submitted = (await call<Inspection>({ url: `/inspections/${withAnswers.id}`, token: field })).data;
  const todo = await call<Page<InspectionSummary>>({ url: '/inspections?status=todo,inProgress&limit=50', token: field });
  open = todo.data.items[0]!;
});
afterAll(async () => {
  await server?.destroy();
  await smtp?.close();
});

describe('a share link', () => {
  it('downloads the report PDF without a session, in the asked language, its answers in it', async () => {
    const created = await share(submitted.id, field, 7);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const link = created.data;
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{65}$/);
    expect(link.path).toBe(`/api/shared/reports/${link.token}.pdf`);
    expect(link).toMatchObject({ inspectionId: submitted.id, state: 'active', revokedAt: null, revokedBy: null, createdBy: { name: 'field@demo.vigie.test' } });
    const days = (Date.parse(link.expiresAt) - Date.parse(link.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);

    const fr = await download(link.path!);
    expect(fr.statusCode, fr.body.slice(0, 200)).toBe(200);
    expect(fr.headers['content-type']).toBe('application/pdf');
    expect(fr.headers['cache-control']).toBe('private, no-store');
    expect(fr.headers['x-robots-tag']).toContain('noindex');
    expect(fr.headers['referrer-policy']).toBe('no-referrer');
    expect(fr.headers['set-cookie']).toBeUndefined();
    const text = pdfText(fr.rawPayload);
    expect(text).toContain('Rapport d’inspection');
    expect(text).toContain(submitted.template.name);
    // The answers as the report gives them: every text answer, the signer, the hash.
    const texts = Object.values(submitted.answers).flatMap((a) => (typeof a.value === 'string' && a.value.length > 3 && !/^[0-9a-f-]{36}$/.test(a.value) ? [a.value] : []));
    const flat = text.replace(/\s+/g, ' ');
    for (const value of texts.slice(0, 5)) expect(flat, value).toContain(value.split(/\s+/)[0]!);
    // The questions answered, by their labels' first words.
    const answered = submitted.template.sections.flatMap((section) => section.questions).filter((q) => submitted.answers[q.key] !== undefined);
    expect(answered.length).toBeGreaterThan(0);
    for (const question of answered.slice(0, 5)) expect(flat, question.label).toContain(question.label.replace(/\s+/g, ' ').slice(0, 15));
    expect(text).toContain(submitted.signedBy!);
    expect(text.replace(/\n/g, '')).toContain(submitted.contentHash!);
    const en = pdfText((await download(link.path!, 'en-GB,en;q=0.9')).rawPayload);
    expect(en).toContain('Inspection report');
  });

  it('stores only the token’s SHA-256, lists links without tokens, and answers the token once', async () => {
    const key = randomUUID();
    const first = await share(submitted.id, manager, 1, key);
    expect(first.status).toBe(201);
    const token = first.data.token!;
    const acme = await server.databases.client('acme');
    const { rows } = await acme.query<Record<string, unknown>>('select * from inspection_shares where id = $1', [first.data.id]);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    // The idempotent replay: the same link, no token (none is kept anywhere).
    const replay = await share(submitted.id, manager, 1, key);
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.data).toMatchObject({ id: first.data.id, token: null, path: null });
    const { rows: keys } = await acme.query<{ response: unknown }>('select response from idempotency_keys where key = $1', [key]);
    expect(JSON.stringify(keys)).not.toContain(token);

    const list = await call<ReportShare[]>({ url: `/inspections/${submitted.id}/shares`, token: field });
    expect(list.status).toBe(200);
    expect(list.data.map((s) => s.id)).toContain(first.data.id);
    expect(list.data[0]!.id).toBe(first.data.id);
    expect(list.body.data.every((s) => !('token' in s) && !('path' in s))).toBe(true);
    expect(JSON.stringify(list.body)).not.toContain(token);
  });

  it('revoked: 404 for the download, the same answer as an unknown token; listed as revoked; revoking again changes nothing', async () => {
    const link = (await share(submitted.id, field, 30)).data;
    expect((await download(link.path!)).statusCode).toBe(200);
    const revoked = await call<ReportShare>({ method: 'DELETE', url: `/inspections/${submitted.id}/shares/${link.id}`, token: manager, key: randomUUID() });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.data).toMatchObject({ id: link.id, state: 'revoked', revokedBy: { name: 'operator@demo.vigie.test' } });
    const gone = await download(link.path!);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'questionnaires.shared_report_not_found' });
    expect(gone.headers['cache-control']).toBe('private, no-store');
    expect(gone.headers['referrer-policy']).toBe('no-referrer');
    const unknown = await download(`/api/shared/reports/${link.token!.slice(0, 22)}${'A'.repeat(43)}.pdf`);
    const malformed = await download('/api/shared/reports/nothing-here.pdf');
    const otherClient = await download(`/api/shared/reports/${'B'.repeat(65)}.pdf`);
    for (const answer of [unknown, malformed, otherClient]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toBe(gone.body);
    }
    const again = await call<ReportShare>({ method: 'DELETE', url: `/inspections/${submitted.id}/shares/${link.id}`, token: field, key: randomUUID() });
    expect(again.status).toBe(200);
    expect(again.data.revokedAt).toBe(revoked.data.revokedAt);
    expect(again.data.revokedBy).toEqual(revoked.data.revokedBy);
    const listed = (await call<ReportShare[]>({ url: `/inspections/${submitted.id}/shares` })).data.find((s) => s.id === link.id);
    expect(listed?.state).toBe('revoked');
    expect((await call({ method: 'DELETE', url: `/inspections/${submitted.id}/shares/${randomUUID()}`, key: randomUUID() })).body.message).toBe('questionnaires.share_not_found');
  });

  it('expired: 404, listed as expired', async () => {
    const link = (await share(submitted.id, field, 1)).data;
    const acme = await server.databases.client('acme');
    await acme.query(`update inspection_shares set expires_at = now() - interval '1 second' where id = $1`, [link.id]);
    const expired = await download(link.path!);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual({ message: 'questionnaires.shared_report_not_found' });
    const listed = (await call<ReportShare[]>({ url: `/inspections/${submitted.id}/shares`, token: field })).data.find((s) => s.id === link.id);
    expect(listed?.state).toBe('expired');
  });

  it('refuses an inspection not submitted yet, and a validity out of 1 to 90 days', async () => {
    const refused = await share(open.id, field);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('questionnaires.share_not_submitted');
    for (const days of [0, 91, 1.5]) expect((await share(submitted.id, field, days)).status, String(days)).toBe(400);
  });
});

describe('downloads and e-mails of a link', () => {
  const listed = async (inspectionId: string, shareId: string) =>
    (await call<ReportShare[]>({ url: `/inspections/${inspectionId}/shares`, token: field })).data.find((s) => s.id === shareId)!;
  const mail = (link: ReportShareCreated, recipients: unknown, token: string | null = link.token, key: string = randomUUID()) =>
    call<ReportShare>({ method: 'POST', url: `/inspections/${link.inspectionId}/shares/${link.id}/mails`, token: manager, key, payload: { token, recipients } });

  it('counts each PDF served through the link with the last time, and not a refused download', async () => {
    const link = (await share(submitted.id, field, 7)).data;
    expect(await listed(submitted.id, link.id)).toMatchObject({ downloads: 0, lastDownloadedAt: null, mails: [] });
    const before = Date.now();
    expect((await download(link.path!)).statusCode).toBe(200);
    expect((await download(link.path!, 'en-GB')).statusCode).toBe(200);
    const counted = await listed(submitted.id, link.id);
    expect(counted.downloads).toBe(2);
    expect(Date.parse(counted.lastDownloadedAt!)).toBeGreaterThanOrEqual(before - 1_000);
    // Another token of the same client, a malformed one: refused, not counted.
    const wrong = `${link.token!.slice(0, 22)}${'A'.repeat(43)}`;
    expect((await download(`/api/shared/reports/${wrong}.pdf`)).statusCode).toBe(404);
    expect((await download(`/api/shared/reports/${link.token!.slice(0, 40)}.pdf`)).statusCode).toBe(404);
    expect((await listed(submitted.id, link.id)).downloads).toBe(2);
    // Revoked: refused, not counted.
    await call({ method: 'DELETE', url: `/inspections/${submitted.id}/shares/${link.id}`, token: field, key: randomUUID() });
    expect((await download(link.path!)).statusCode).toBe(404);
    expect(await listed(submitted.id, link.id)).toMatchObject({ downloads: 2, state: 'revoked', lastDownloadedAt: counted.lastDownloadedAt });
  });

  it('sends the link by e-mail once to each address, in French and English, with its expiry and nothing else of the report; records who sent it to whom', async () => {
    const link = (await share(submitted.id, manager, 7)).data;
    smtp.received.length = 0;
    const sent = await mail(link, ['client@example.org', 'Inspecteur@example.org', 'inspecteur@example.org']);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.data.mails).toHaveLength(1);
    expect(sent.data.mails[0]).toMatchObject({ sentBy: { name: 'operator@demo.vigie.test' }, recipients: ['client@example.org', 'Inspecteur@example.org'] });
    // Listed with the link, for whoever reads the report.
    expect((await listed(submitted.id, link.id)).mails).toEqual(sent.data.mails);

    const worker = new MailWorker({ databases: server.databases, smtpUrl: smtp.url, mailFrom: server.config.mailFrom, workerId: randomUUID() });
    try {
      await worker.drainOnce();
    } finally {
      await worker.stop();
    }
    const ours = smtp.received.filter((m) => m.rcpt.some((r) => /^(client|inspecteur)@example\.org$/i.test(r)));
    expect(ours.map((m) => m.rcpt).sort()).toEqual([['Inspecteur@example.org'], ['client@example.org']]);
    for (const message of ours) {
      const body = decodedBody(message.raw);
      expect(body).toContain(`${PUBLIC_URL}/api/shared/reports/${link.token}.pdf`);
      expect(body).toContain('operator@demo.vigie.test vous transmet un rapport d’inspection par Vigie');
      expect(body).toContain('shares an inspection report with you');
      expect(body).toMatch(/jusqu’au \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} UTC/);
      expect(body).toMatch(/until \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} (AM|PM) UTC/);
      // Nothing of the report: not its template, its site, its score or its hash.
      expect(body).not.toContain(submitted.template.name);
      if (submitted.siteName) expect(body).not.toContain(submitted.siteName);
      expect(body).not.toContain(submitted.contentHash!);
    }
    // A second sending (another key) is recorded apart; a replay of the same key sends nothing more.
    const key = randomUUID();
    expect((await mail(link, ['client@example.org'], link.token, key)).status).toBe(201);
    const replay = await mail(link, ['client@example.org'], link.token, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const acme = await server.databases.client('acme');
    const { rows } = await acme.query<{ n: number }>(`select count(*)::int as n from mail_outbox where recipient = 'client@example.org' and body_text like $1`, [`%${link.token}%`]);
    expect(rows[0]!.n).toBe(2);
    expect((await listed(submitted.id, link.id)).mails.map((m) => m.recipients)).toEqual([['client@example.org', 'Inspecteur@example.org'], ['client@example.org']]);
  });

  it('tells each e-mail’s fate in the link’s row: waiting until the mail worker delivers it, then sent and when; refused for good by the mail server, with its answer', async () => {
    const link = (await share(submitted.id, manager, 7)).data;
    smtp.policy = (address) => (address === 'nobody@example.org' ? 550 : null);
    try {
      const sent = await mail(link, ['reader@example.org', 'nobody@example.org']);
      expect(sent.status).toBe(201);
      const waiting = { state: 'queued', sentAt: null, failure: null, error: null };
      expect(sent.data.mails[0]!.deliveries).toEqual([
        { recipient: 'reader@example.org', ...waiting },
        { recipient: 'nobody@example.org', ...waiting },
      ]);
      expect((await listed(submitted.id, link.id)).mails[0]!.deliveries).toEqual(sent.data.mails[0]!.deliveries);

      const before = Date.now();
      const worker = new MailWorker({ databases: server.databases, smtpUrl: smtp.url, mailFrom: server.config.mailFrom, workerId: randomUUID() });
      try {
        await worker.drainOnce();
      } finally {
        await worker.stop();
      }
      expect(smtp.received.some((m) => m.rcpt.includes('reader@example.org') && decodedBody(m.raw).includes(link.token!))).toBe(true);
      const [delivered, refused] = (await listed(submitted.id, link.id)).mails[0]!.deliveries;
      expect(delivered).toMatchObject({ recipient: 'reader@example.org', state: 'sent', failure: null, error: null });
      expect(Date.parse(delivered!.sentAt!)).toBeGreaterThanOrEqual(before - 1_000);
      expect(refused).toMatchObject({ recipient: 'nobody@example.org', state: 'failed', sentAt: null, failure: 'undeliverable' });
      expect(refused!.error).toMatch(/^550: .*No such mailbox/);
    } finally {
      smtp.policy = () => null;
    }
  });

  it('a bad address is a 400 naming it; a wrong token, a revoked link or none to send to is refused, and nothing is queued', async () => {
    const link = (await share(submitted.id, manager, 7)).data;
    const acme = await server.databases.client('acme');
    const queued = async () => (await acme.query<{ n: number }>('select count(*)::int as n from mail_outbox where body_text like $1', [`%${link.token}%`])).rows[0]!.n;
    const bad = await mail(link, ['ok@example.org', 'pas une adresse']);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'validation.invalid_request' });
    expect(JSON.stringify(bad.body)).toContain('recipients/1');
    for (const recipients of [[], ['a,b@example.org'], Array.from({ length: 11 }, (_, i) => `p${i}@example.org`), ['x@example.org', 'x@example.org']]) {
      expect((await mail(link, recipients)).status, JSON.stringify(recipients)).toBe(400);
    }
    const other = (await share(submitted.id, manager, 7)).data;
    const wrong = await mail(link, ['ok@example.org'], other.token);
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toBe('questionnaires.share_mail_refused');
    await call({ method: 'DELETE', url: `/inspections/${submitted.id}/shares/${link.id}`, key: randomUUID() });
    expect((await mail(link, ['ok@example.org'])).status).toBe(409);
    expect(await queued()).toBe(0);
    expect((await listed(submitted.id, link.id)).mails).toEqual([]);
    // Another district's session: the inspection is not found there.
    expect((await call({ method: 'POST', url: `/inspections/${submitted.id}/shares/${other.id}/mails`, token: marseille, key: randomUUID(), payload: { token: other.token, recipients: ['ok@example.org'] } })).status).toBe(404);
  });

  it('delivers no e-mail of a link that expired or was revoked before the mail worker got to it: the recipient never gets a dead link', async () => {
    // Three links mailed while live: one valid a day, one revoked afterwards, one valid a week.
    const expiring = (await share(submitted.id, manager, 1)).data;
    const revoked = (await share(submitted.id, manager, 7)).data;
    const live = (await share(submitted.id, manager, 7)).data;
    expect((await mail(expiring, ['late-reader@example.org'])).status).toBe(201);
    expect((await mail(revoked, ['revoked-reader@example.org'])).status).toBe(201);
    expect((await mail(live, ['live-reader@example.org'])).status).toBe(201);
    const revoking = await call<ReportShare>({ method: 'DELETE', url: `/inspections/${submitted.id}/shares/${revoked.id}`, key: randomUUID() });
    expect(revoking.status).toBe(200);
    // Withdrawn by the revoke itself, before any worker runs: its answer says so already.
    expect(revoking.data.mails[0]!.deliveries).toEqual([{ recipient: 'revoked-reader@example.org', state: 'failed', sentAt: null, failure: 'link_revoked', error: null }]);

    // The worker runs two days later (SMTP was down, say): the one-day link is dead by then.
    smtp.received.length = 0;
    const later = new Date(Date.now() + 2 * 86_400_000);
    const worker = new MailWorker({ databases: server.databases, smtpUrl: smtp.url, mailFrom: server.config.mailFrom, workerId: randomUUID(), now: () => later });
    try {
      await worker.drainOnce();
      await worker.drainOnce();
    } finally {
      await worker.stop();
    }
    const delivered = smtp.received.flatMap((m) => m.rcpt).filter((r) => r.endsWith('-reader@example.org'));
    expect(delivered).toEqual(['live-reader@example.org']);
    expect(decodedBody(smtp.received.find((m) => m.rcpt.includes('live-reader@example.org'))!.raw)).toContain(live.token!);
    // What the outbox says of the others (GET /api/emergency/outbox's states): failed, and why.
    const acme = await server.databases.client('acme');
    const { rows } = await acme.query<{ recipient: string; state: string; last_error: string | null }>(
      `select recipient, state, last_error from mail_outbox where recipient like '%-reader@example.org' order by recipient`,
    );
    expect(rows).toEqual([
      { recipient: 'late-reader@example.org', state: 'failed', last_error: 'link expired before delivery' },
      { recipient: 'live-reader@example.org', state: 'sent', last_error: null },
      { recipient: 'revoked-reader@example.org', state: 'failed', last_error: 'link revoked before delivery' },
    ]);
    // And each link's row says so, with why; the live one's says sent.
    const fate = async (link: ReportShareCreated) => (await listed(submitted.id, link.id)).mails[0]!.deliveries[0]!;
    expect(await fate(expiring)).toEqual({ recipient: 'late-reader@example.org', state: 'failed', sentAt: null, failure: 'link_expired', error: null });
    expect(await fate(revoked)).toEqual({ recipient: 'revoked-reader@example.org', state: 'failed', sentAt: null, failure: 'link_revoked', error: null });
    expect(await fate(live)).toMatchObject({ recipient: 'live-reader@example.org', state: 'sent', failure: null, error: null });
    // And the links themselves: the expired one answers the same 404 as the revoked one.
    expect((await download(revoked.path!)).statusCode).toBe(404);
  });
});

describe('who shares', () => {
  it('a reader who may not read this report, another district or client: 404; no questionnaire right: 403', async () => {
    // The district administrator fills its own only: the field user's report is not its to read.
    for (const token of [other, bellevue, marseille]) {
      expect((await share(submitted.id, token)).status).toBe(404);
      expect((await call({ url: `/inspections/${submitted.id}/shares`, token })).status).toBe(404);
    }
    const link = (await share(submitted.id, manager)).data;
    for (const token of [other, bellevue, marseille]) {
      expect((await call({ method: 'DELETE', url: `/inspections/${submitted.id}/shares/${link.id}`, token, key: randomUUID() })).status).toBe(404);
    }
    const none = await share(submitted.id, switcher);
    expect(none.status).toBe(403);
    expect(none.body.message).toBe('auth.missing_rights');
    expect((await call({ url: `/inspections/${submitted.id}/shares`, token: switcher })).status).toBe(403);
    expect((await call({ method: 'DELETE', url: `/inspections/${submitted.id}/shares/${link.id}`, token: switcher, key: randomUUID() })).status).toBe(403);
    // Still live: none of those revoked it.
    expect((await download(link.path!)).statusCode).toBe(200);
  });

  it('a link of another client names that client: it downloads that client’s report, never Acme’s', async () => {
    const bellevueDb = await server.databases.client('bellevue');
    const { rows } = await bellevueDb.query<{ id: string }>(
      `select i.id from inspections i join districts d on d.id = i.district_id where d.name = 'Nantes' and i.status = 'submitted' and i.family = 'questionnary' order by i.submitted_at desc limit 1`,
    );
    const nantes = await share(rows[0]!.id, bellevue, 1);
    expect(nantes.status, JSON.stringify(nantes.body)).toBe(201);
    const bellevueReport = (await call<Inspection>({ url: `/inspections/${rows[0]!.id}`, token: bellevue })).data;
    const pdf = await download(nantes.data.path!);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload).replace(/\n/g, '')).toContain(bellevueReport.contentHash!);
    // The same secret under Acme's prefix is not a link.
    const acmeLink = (await share(submitted.id, manager)).data;
    expect((await download(`/api/shared/reports/${acmeLink.token!.slice(0, 22)}${nantes.data.token!.slice(22)}.pdf`)).statusCode).toBe(404);
  });
});

describe('the sending by e-mail is rate limited', () => {
  it(`answers 429 past ${SHARE_MAIL_RATE_LIMIT} a minute from one session`, async () => {
    const limited = await startTestServer({ rateLimitPerMinute: 1_000 });
    try {
      const session = (await login(limited, 'field@demo.vigie.test')).token;
      const url = `/api/questionnaires/inspections/${randomUUID()}/shares/${randomUUID()}/mails`;
      const send = () => limited.app.inject({ method: 'POST', url, headers: { ...bearer(session), 'idempotency-key': randomUUID() }, payload: { token: 'x', recipients: ['a@example.org'] } });
      const statuses: number[] = [];
      for (let i = 0; i < SHARE_MAIL_RATE_LIMIT; i++) statuses.push((await send()).statusCode);
      expect(statuses.every((s) => s === 404)).toBe(true);
      const last = await send();
      expect(last.statusCode).toBe(429);
    } finally {
      await limited.destroy();
    }
  }, 90_000);
});

describe('the public download is rate limited', () => {
  it(`answers 429 past ${SHARED_REPORT_RATE_LIMIT} a minute from one address`, async () => {
    // No demo data: only the route and its limit are asked (the server starts sooner).
      const limited = await startTestServer({ rateLimitPerMinute: 1_000, seedDemo: false });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < SHARED_REPORT_RATE_LIMIT; i++) statuses.push((await limited.app.inject({ url: `/api/shared/reports/${'C'.repeat(65)}.pdf` })).statusCode);
      expect(statuses.every((s) => s === 404)).toBe(true);
      const last = await limited.app.inject({ url: `/api/shared/reports/${'C'.repeat(65)}.pdf` });
      expect(last.statusCode).toBe(429);
      expect(last.json()).toEqual({ message: 'request.too_many_requests' });
    } finally {
      await limited.destroy();
    }
  }, 90_000);
});
