/**
 * Third-party share links: a holder of third-party.read shares chosen items of a site with
 * one outsider; the outsider opens the link with no session and sees only what it shares (each
 * item read now, its files downloadable, nothing else: another district's file or one the items
 * do not list is a 404); the link's e-mail goes out through the mail outbox; an expired link
 * answers 410 expired, a revoked one 410 revoked, an unknown one 404; the one-time code is
 * e-mailed, a wrong one counts, too many lock it, an old one expires; every opening and download
 * is in the sharer's access log; other districts and clients neither see nor touch the links.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../common/api-types.js';
import { OTP_MAX_ATTEMPTS, type ItemChoices, type Link, type LinkCreated, type LinkDetail, type SharedLinkView } from '../../common/modules/thirdParty/links.js';
import { attachmentKey } from '../src/attachments/storage.js';
import type { Database } from '../src/db/types.js';
import { MailWorker } from '../src/mail/worker.js';
import { registerShareable } from '../src/modules/_platform/shareables.js';
import { bearer, login, startTestServer, type TestServer } from './helper.js';
import { decodedBody, startSmtpCapture, type SmtpCapture } from './smtp-capture.js';

let server: TestServer;
let smtp: SmtpCapture;
const PUBLIC_URL = 'https://vigie.example.org';
/** Every right, Acme / Lyon. */
let manager: string;
/** District administrator (third-party.read), Acme / Lyon. */
let admin: string;
/** No third-party right. */
let field: string;
/** The operator's session in Acme / Marseille and in Bellevue / Nantes. */
let marseille: string;
let bellevue: string;

let acme: Database;
let lyon: string;
let lyonSite: { id: string; name: string };
let otherLyonSite: { id: string };
let marseilleSite: { id: string };
/** Files attached to the sites. */
let lyonPdf: string;
let lyonSvg: string;
let otherLyonFile: string;
let marseilleFile: string;

// A kind of the tests: one attachment of the district (what the files module's `document` will be).
registerShareable({
  kind: 'testDocument',
  read: async (db, districtId, id) => {
    const { rows } = await db.query<{ id: string; name: string; type: string; size: string; created_at: Date }>(
      `select id, name, type, size, created_at from attachments where id = $1 and district_id = $2 and state = 'complete' and deleted_at is null`,
      [id, districtId],
    );
    const row = rows[0];
    if (!row) return null;
    return { title: row.name, siteId: null, fields: [], files: [{ attachmentId: row.id, name: row.name, type: row.type, size: Number(row.size), path: '', updatedAt: new Date(row.created_at).toISOString() }] };
  },
});

async function call<T = unknown>(method: 'GET' | 'POST', url: string, token = manager, payload?: object, key: string | null = randomUUID()) {
  const response = await server.app.inject({
    method,
    url: `/api/third-party${url}`,
    headers: { ...bearer(token), ...(method === 'POST' && key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });
  const body = response.headers['content-type']?.toString().includes('json') ? response.json<Envelope<T> & { message?: string }>() : ({} as Envelope<T> & { message?: string });
  return { status: response.statusCode, body, data: body.data, raw: response };
}

const share = (overrides: Record<string, unknown> = {}, token = manager, key?: string) =>
  call<LinkCreated>(
    'POST',
    '/links',
    token,
    { id: randomUUID(), siteId: lyonSite.id, recipientName: 'Karine Lemoine', recipientEmail: 'karine@bureau-controle.example', message: 'Pour jeudi', items: [{ kind: 'site', id: lyonSite.id }, { kind: 'stages', id: lyonSite.id }], otp: false, ...overrides },
    key,
  );

/** The public side, with no session; `cookie` a pass. */
const open = (token: string, path = '', headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: `/api/shared/links/${token}${path}`, headers: { 'user-agent': 'Outsider/1.0 (Phone)', ...headers } });
const publicPost = (token: string, path: string, payload?: object) =>
  server.app.inject({ method: 'POST', url: `/api/shared/links/${token}${path}`, headers: { 'user-agent': 'Outsider/1.0 (Phone)' }, ...(payload ? { payload } : {}) });

async function movedTo(database: string, district: string): Promise<string> {
  const session = await login(server, 'operator@demo.vigie.test');
  const db = await server.databases.client(database);
  const { rows } = await db.query<{ id: string }>('select id from districts where name = $1', [district]);
  const moved = await server.app.inject({ method: 'POST', url: '/api/admin/changeClient', headers: bearer(session.token), payload: { database, district: rows[0]!.id } });
  if (moved.statusCode !== 200) throw new Error(`changeClient: ${moved.body}`);
  const refreshed = await server.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: session.cookie } });
  return refreshed.json<Envelope<{ token: string }>>().data.token;
}

async function storeFile(districtId: string, siteId: string, name: string, type: string, bytes: Buffer): Promise<string> {
  const id = randomUUID();
  await server.ctx.storage.put(attachmentKey('acme', id), bytes, type);
  await acme.query(
    `insert into attachments (id, district_id, module, record_id, name, type, size, storage_key, sha256, state, created_by, completed_at)
     values ($1, $2, 'sites', $3, $4, $5, $6, $7, $8, 'complete', $9, now())`,
    [id, districtId, siteId, name, type, bytes.length, attachmentKey('acme', id), createHash('sha256').update(bytes).digest('hex'), randomUUID()],
  );
  return id;
}

const drainMail = async () => {
  const worker = new MailWorker({ databases: server.databases, smtpUrl: smtp.url, mailFrom: server.config.mailFrom, workerId: randomUUID() });
  try {
    await worker.drainOnce();
  } finally {
    await worker.stop();
  }
};

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startTestServer({ smtpUrl: smtp.url, mailWorker: false, publicUrl: PUBLIC_URL });
  manager = (await login(server, 'operator@demo.vigie.test')).token;
  admin = (await login(server, 'district-admin@demo.vigie.test')).token;
  field = (await login(server, 'field@demo.vigie.test')).token;
  marseille = await movedTo('acme', 'Marseille');
  bellevue = await movedTo('bellevue', 'Nantes');
  acme = await server.databases.client('acme');
  const districts = await acme.query<{ id: string; name: string }>('select id, name from districts');
  lyon = districts.rows.find((d) => d.name === 'Lyon')!.id;
  const marseilleId = districts.rows.find((d) => d.name === 'Marseille')!.id;
  const sites = await acme.query<{ id: string; name: string }>('select id, name from sites where district_id = $1 and deleted_at is null order by name', [lyon]);
  lyonSite = sites.rows[0]!;
  otherLyonSite = sites.rows[1]!;
  marseilleSite = (await acme.query<{ id: string }>('select id from sites where district_id = $1 and deleted_at is null limit 1', [marseilleId])).rows[0]!;
  lyonPdf = await storeFile(lyon, lyonSite.id, 'Plan d’évacuation.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n% plan\n'));
  lyonSvg = await storeFile(lyon, lyonSite.id, 'schéma.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
  otherLyonFile = await storeFile(lyon, otherLyonSite.id, 'Autre site.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n% autre\n'));
  marseilleFile = await storeFile(marseilleId, marseilleSite.id, 'Marseille.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n% marseille\n'));
});
afterAll(async () => {
  await server?.destroy();
  await smtp?.close();
});

describe('a share link', () => {
  it('is made from a site with checked items, answers its token once, keeps only its hash and e-mails the recipient', async () => {
    smtp.received.length = 0;
    const created = await share();
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const link = created.data;
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{65}$/);
    expect(link.url).toBe(`${PUBLIC_URL}/viewerThirdParty/${link.token}`);
    expect(link).toMatchObject({ siteId: lyonSite.id, siteName: lyonSite.name, state: 'active', otp: false, accessCount: 0, lastAccessAt: null, revokedAt: null });
    expect(link.items.map((i) => i.kind)).toEqual(['site', 'stages']);
    const days = (Date.parse(link.expiresAt) - Date.parse(link.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(14, 2);
    const { rows } = await acme.query<{ token_hash: string }>('select token_hash from third_party_links where id = $1', [link.id]);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(link.token).digest('hex'));
    // Listed without its token.
    const listed = await call<Link[]>('GET', '/links');
    const mine = listed.data.find((l) => l.id === link.id)!;
    expect(mine).toBeDefined();
    expect(JSON.stringify(listed.data)).not.toContain(link.token);

    await drainMail();
    const mail = smtp.received.find((m) => m.rcpt.includes('karine@bureau-controle.example'));
    expect(mail).toBeDefined();
    const body = decodedBody(mail!.raw);
    expect(body).toContain(link.url);
    expect(body).toContain('Pour jeudi');
    expect(body).toContain(lyonSite.name);
  });

  it('refuses items of a kind nobody registered, of another district, an expiry beyond the maximum, and readers without the right', async () => {
    expect((await share({ items: [{ kind: 'nothing', id: lyonSite.id }] })).body.message).toBe('thirdParty.links.kind_unknown');
    const foreign = await share({ items: [{ kind: 'testDocument', id: marseilleFile }] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('thirdParty.links.item_not_found');
    expect((await share({ siteId: marseilleSite.id, items: [{ kind: 'site', id: marseilleSite.id }] })).body.message).toBe('thirdParty.links.site_not_found');
    const far = await share({ expiresAt: new Date(Date.now() + 91 * 86_400_000).toISOString() });
    expect(far.status).toBe(400);
    expect(far.body.message).toBe('thirdParty.links.expiry_invalid');
    expect((await share({ expiresAt: new Date(Date.now() - 60_000).toISOString() })).status).toBe(400);
    expect((await share({}, field)).status).toBe(403);
    expect((await call('GET', '/links', field)).status).toBe(403);
  });

  it('shows the outsider only what it shares, read now, and serves only the files its items list', async () => {
    const link = (await share({ items: [{ kind: 'site', id: lyonSite.id }, { kind: 'testDocument', id: otherLyonFile }] })).data;
    const view = await open(link.token, '', { 'accept-language': 'en-GB,en;q=0.8' });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.headers['cache-control']).toBe('private, no-store');
    expect(view.headers['referrer-policy']).toBe('no-referrer');
    const data = view.json<Envelope<SharedLinkView>>().data;
    expect(data).toMatchObject({ kind: 'link', siteName: lyonSite.name, recipientName: 'Karine Lemoine', codeRequired: false, senderName: 'operator@demo.vigie.test' });
    const site = data.items.find((i) => i.kind === 'site')!;
    expect(site.title).toBe(lyonSite.name);
    expect(site.fields.map((f) => f.label)).toContain('Address');
    expect(site.files.map((f) => f.id).sort()).toEqual([lyonPdf, lyonSvg].sort());
    expect(data.items.find((i) => i.kind === 'testDocument')!.files.map((f) => f.id)).toEqual([otherLyonFile]);

    const pdf = await open(link.token, `/files/${lyonPdf}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    expect(pdf.headers['content-disposition']).toContain('inline');
    expect(pdf.body).toContain('% plan');
    // An SVG is a download, never rendered on the app's origin.
    const svg = await open(link.token, `/files/${lyonSvg}`);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''sch%C3%A9ma\.svg$/);
    expect(svg.headers['x-content-type-options']).toBe('nosniff');
    // Another district's file, a file of the district no item lists, a made-up id: 404.
    for (const id of [marseilleFile, randomUUID(), 'not-a-uuid']) {
      const refused = await open(link.token, `/files/${id}`);
      expect(refused.statusCode, id).toBe(404);
    }
    const decl = await acme.query<{ id: string }>(`select id from attachments where district_id = $1 and module <> 'sites' and state = 'complete' limit 1`, [lyon]);
    if (decl.rows[0]) expect((await open(link.token, `/files/${decl.rows[0].id}`)).statusCode).toBe(404);

    // Read now: a file deleted since is gone from the link, and no longer served.
    await acme.query('update attachments set deleted_at = now() where id = $1', [lyonSvg]);
    const after = (await open(link.token)).json<Envelope<SharedLinkView>>().data;
    expect(after.items.find((i) => i.kind === 'site')!.files.map((f) => f.id)).toEqual([lyonPdf]);
    expect((await open(link.token, `/files/${lyonSvg}`)).statusCode).toBe(404);
    await acme.query('update attachments set deleted_at = null where id = $1', [lyonSvg]);

    // The access log: two openings and two downloads, with the address and the browser.
    const detail = await call<LinkDetail>('GET', `/links/${link.id}`);
    const actions = detail.data.access.map((a) => a.action);
    expect(actions.filter((a) => a === 'open')).toHaveLength(2);
    expect(actions.filter((a) => a === 'download')).toHaveLength(2);
    const download = detail.data.access.find((a) => a.action === 'download' && a.itemKind === 'site' && a.fileName === 'Plan d’évacuation.pdf')!;
    expect(download).toMatchObject({ itemId: lyonSite.id, userAgent: 'Outsider/1.0 (Phone)', address: '127.0.0.1' });
    expect(detail.data.accessCount).toBe(4);
    expect(detail.data.lastAccessAt).not.toBeNull();
  });

  it('answers 404 for an unknown token, 410 expired once past its expiry, and comes back when extended', async () => {
    expect((await open('x'.repeat(65))).statusCode).toBe(404);
    expect((await open('short')).json<{ message: string }>().message).toBe('thirdParty.links.not_found');
    const link = (await share()).data;
    await acme.query(`update third_party_links set expires_at = now() - interval '1 minute' where id = $1`, [link.id]);
    const expired = await open(link.token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json<{ message: string }>().message).toBe('thirdParty.links.expired');
    expect((await open(link.token, `/files/${lyonPdf}`)).statusCode).toBe(410);
    expect((await call<Link[]>('GET', '/links?state=expired')).data.some((l) => l.id === link.id)).toBe(true);
    const extended = await call<Link>('POST', `/links/${link.id}/extend`, manager, { expiresAt: new Date(Date.now() + 3 * 86_400_000).toISOString() });
    expect(extended.status).toBe(200);
    expect(extended.data.state).toBe('active');
    expect((await open(link.token)).statusCode).toBe(200);
  });

  it('is revoked at once: 410 revoked, its files refused, its queued e-mail withdrawn, never extended again', async () => {
    const link = (await share({ recipientEmail: 'revoked@example.org' })).data;
    expect((await open(link.token)).statusCode).toBe(200);
    const revoked = await call<Link>('POST', `/links/${link.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.data).toMatchObject({ state: 'revoked', revokedBy: { name: 'operator@demo.vigie.test' } });
    const answer = await open(link.token);
    expect(answer.statusCode).toBe(410);
    expect(answer.json<{ message: string }>().message).toBe('thirdParty.links.revoked');
    expect((await open(link.token, `/files/${lyonPdf}`)).statusCode).toBe(410);
    const { rows } = await acme.query<{ state: string }>(`select state from mail_outbox where regarding = $1`, [`thirdParty.link:${link.id}`]);
    expect(rows.map((r) => r.state)).toEqual(['failed']);
    expect((await call('POST', `/links/${link.id}/extend`, manager, { expiresAt: new Date(Date.now() + 86_400_000).toISOString() })).status).toBe(409);
    // Revoking again changes nothing.
    expect((await call<Link>('POST', `/links/${link.id}/revoke`)).data.revokedAt).toBe(revoked.data.revokedAt);
  });

  it('asks for a one-time code e-mailed to the recipient; a wrong one counts, too many lock it, an old one expires', async () => {
    const link = (await share({ otp: true, recipientEmail: 'code@example.org' })).data;
    const locked = (await open(link.token)).json<Envelope<SharedLinkView>>().data;
    expect(locked).toMatchObject({ codeRequired: true, items: [], email: 'c***@example.org' });
    expect((await open(link.token, `/files/${lyonPdf}`)).statusCode).toBe(401);

    smtp.received.length = 0;
    const sent = await publicPost(link.token, '/code');
    expect(sent.statusCode, sent.body).toBe(200);
    await drainMail();
    const mail = smtp.received.find((m) => m.rcpt.includes('code@example.org') && /code/i.test(decodedBody(m.raw)) && /\b\d{6}\b/.test(decodedBody(m.raw)) && !decodedBody(m.raw).includes(link.url));
    expect(mail).toBeDefined();
    const code = /\b(\d{6})\b/.exec(decodedBody(mail!.raw))![1]!;

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await publicPost(link.token, '/code/check', { code: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string; attemptsLeft: number }>()).toMatchObject({ message: 'thirdParty.links.code_wrong', attemptsLeft: OTP_MAX_ATTEMPTS - 1 });

    const right = await publicPost(link.token, '/code/check', { code });
    expect(right.statusCode, right.body).toBe(200);
    const cookie = String(right.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toContain(`Path=/api/shared/links/${link.token}`);
    const pass = /vigie_link_pass=([^;]+)/.exec(cookie)![1]!;
    const opened = (await open(link.token, '', { cookie: `vigie_link_pass=${pass}` })).json<Envelope<SharedLinkView>>().data;
    expect(opened.codeRequired).toBe(false);
    expect(opened.items.length).toBeGreaterThan(0);
    expect((await open(link.token, `/files/${lyonPdf}`, { cookie: `vigie_link_pass=${pass}` })).statusCode).toBe(200);
    // The code is used: typing it again is an expired code.
    expect((await publicPost(link.token, '/code/check', { code })).json<{ message: string }>().message).toBe('thirdParty.links.code_expired');
    // A pass of one link opens no other.
    const other = (await share({ otp: true })).data;
    expect((await open(other.token, '', { cookie: `vigie_link_pass=${pass}` })).json<Envelope<SharedLinkView>>().data.codeRequired).toBe(true);

    // Too many wrong codes: locked, even for the right one, and no new code is sent meanwhile.
    await publicPost(link.token, '/code');
    for (let n = 1; n < OTP_MAX_ATTEMPTS; n += 1) expect((await publicPost(link.token, '/code/check', { code: '999999' })).statusCode).toBe(400);
    const lock = await publicPost(link.token, '/code/check', { code: '999999' });
    expect(lock.statusCode).toBe(423);
    expect(lock.json<{ message: string }>().message).toBe('thirdParty.links.code_locked');
    expect((await publicPost(link.token, '/code')).statusCode).toBe(423);
    // Once the lock is over, a new code may be asked; one left past its time has expired.
    await acme.query(`update third_party_links set code_locked_until = now() - interval '1 second' where id = $1`, [link.id]);
    expect((await publicPost(link.token, '/code')).statusCode).toBe(200);
    await acme.query(`update third_party_links set code_expires_at = now() - interval '1 second' where id = $1`, [link.id]);
    expect((await publicPost(link.token, '/code/check', { code: '123456' })).json<{ message: string }>().message).toBe('thirdParty.links.code_expired');

    const log = (await call<LinkDetail>('GET', `/links/${link.id}`)).data.access.map((a) => a.action);
    expect(log).toEqual(expect.arrayContaining(['codeSent', 'codeWrong', 'codeRight', 'codeLocked', 'open', 'download']));
    // A link without a code asks none.
    expect((await publicPost((await share()).data.token, '/code')).statusCode).toBe(409);
  });

  it('is created once per Idempotency-Key (a replay answers the same link) and offered choices by site', async () => {
    const key = randomUUID();
    const id = randomUUID();
    const first = await share({ id }, manager, key);
    const again = await share({ id }, manager, key);
    expect(again.status).toBe(201);
    expect(again.raw.headers['idempotent-replayed']).toBe('true');
    expect(again.data.id).toBe(first.data.id);
    const { rows } = await acme.query<{ n: number }>('select count(*)::int as n from third_party_links where id = $1', [id]);
    expect(rows[0]!.n).toBe(1);

    const choices = await call<ItemChoices>('GET', `/links/items?siteId=${lyonSite.id}&items=testDocument:${lyonPdf},testDocument:${marseilleFile},bogus`);
    expect(choices.status).toBe(200);
    expect(choices.data.siteName).toBe(lyonSite.name);
    expect(choices.data.siteKinds).toEqual(expect.arrayContaining(['site', 'stages', 'contacts']));
    expect(choices.data.items).toEqual([
      { kind: 'testDocument', id: lyonPdf, title: 'Plan d’évacuation.pdf' },
      { kind: 'testDocument', id: marseilleFile, title: null },
    ]);

    const csv = await call('GET', '/links/export.csv');
    expect(csv.status).toBe(200);
    expect(csv.raw.headers['content-disposition']).toContain('attachment');
    expect(csv.raw.body).toContain('Karine Lemoine');
  });
});

describe('tenant isolation of the links', () => {
  it('another district or client neither lists, reads, extends nor revokes a link; its token still reads only its own district', async () => {
    const link = (await share()).data;
    // The district administrator of the same district sees it (the right is the district's).
    expect((await call<Link[]>('GET', '/links', admin)).data.some((l) => l.id === link.id)).toBe(true);
    for (const token of [marseille, bellevue]) {
      expect((await call<Link[]>('GET', '/links', token)).data.some((l) => l.id === link.id)).toBe(false);
      expect((await call('GET', `/links/${link.id}`, token)).status).toBe(404);
      expect((await call('POST', `/links/${link.id}/revoke`, token)).status).toBe(404);
      expect((await call('POST', `/links/${link.id}/extend`, token, { expiresAt: new Date(Date.now() + 86_400_000).toISOString() })).status).toBe(404);
    }
    // Bellevue's sites are not Acme's.
    expect((await share({}, bellevue)).status).toBe(404);
    expect((await open(link.token)).statusCode).toBe(200);
  });
});
