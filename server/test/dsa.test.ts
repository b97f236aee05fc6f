/**
 * The data-sharing area (/api/dsa, public /api/shared/dsa): its own rules. The demo area; an
 * upload-only link made by a manager (token answered once, only its hash stored) that says what
 * it takes and never lists a file; deposits through the link's tus endpoint, refused beyond the
 * types and the quota, resumed from the server's offset (HEAD), recorded with who, when, address
 * and browser; the managers told once of a finished deposit (bell and e-mail, their language);
 * abandoned deposits removed after 24 h with their bytes; expired and revoked links 410, unknown
 * 404; a deposit moved into a site's folder appearing there as a document; readers reading but
 * not writing; the `dsaArea` share kind answering the district's documents only.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Area, AreaRow, DropView, LinkCreated } from '../../common/modules/dsa/schemas.js';
import type { FolderTree } from '../../common/modules/files/schemas.js';
import type { Page } from '../../common/schemas/platform.js';
import { shareableKind } from '../src/modules/_platform/shareables.js';
import { attachmentKey } from '../src/attachments/storage.js';
import { runDsaJob } from '../src/modules/dsa/jobs.js';
import { tusMetadata } from './attachments-tus.js';
import { districtId } from './actions-fixtures.js';
import { apiCaller, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
let manager: string;
let reader: string;
let lyon: string;
let marseille: string;
let siteId: string;
let areaId: string;

const call = apiCaller(() => server, '/api/dsa', () => manager);
const acme = () => server.databases.client('acme');
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n${'x'.repeat(3000)}\n%%EOF\n`);

/** A public call, without a session. */
async function open<T>(method: 'GET' | 'POST' | 'PATCH' | 'HEAD', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const response = await server.app.inject({
    method,
    url: `/api/shared/dsa${url}`,
    headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Safari/604.1', ...headers },
    ...(payload !== undefined ? { payload: payload as string } : {}),
    remoteAddress: '203.0.113.9',
  });
  const body = response.body && response.headers['content-type']?.toString().includes('json') ? response.json<{ data: T; message?: string; details?: string }>() : ({} as { data: T; message?: string; details?: string });
  return { status: response.statusCode, data: body.data, message: body.message, details: body.details, text: response.body, headers: response.headers };
}

async function newLink(fields: Record<string, unknown> = {}) {
  const answer = await call<LinkCreated>({ method: 'POST', url: `/areas/${areaId}/links`, payload: { id: randomUUID(), types: ['pdf'], quotaBytes: 2 * 1024 * 1024, ...fields } });
  expect(answer.status, answer.text).toBe(201);
  return answer.data;
}

const TUS = { 'tus-resumable': '1.0.0' };
const CHUNK = { ...TUS, 'content-type': 'application/offset+octet-stream' };
const who = { depositorName: 'Julien Marchand', depositorEmail: 'j.marchand@securifeu.example' };

/** tus creation of a deposit (its first bytes with it when `first` is given). */
function create(token: string, fields: Record<string, string>, size: number, first?: Buffer) {
  const headers = { ...(first ? CHUNK : TUS), 'upload-length': String(size), 'upload-metadata': tusMetadata(fields) };
  return open('POST', `/${token}/uploads`, first, headers);
}
const patch = (token: string, id: string, offset: number, bytes: Buffer) => open('PATCH', `/${token}/uploads/${id}`, bytes, { ...CHUNK, 'upload-offset': String(offset) });
const offsetOf = async (token: string, id: string) => {
  const head = await open('HEAD', `/${token}/uploads/${id}`, undefined, TUS);
  return head.status === 200 ? Number(head.headers['upload-offset']) : -head.status;
};

/** A whole deposit through the link's tus endpoint, in PATCHes of `chunk` bytes. */
async function deposit(token: string, name: string, bytes: Buffer, type = 'application/pdf', chunk = bytes.length) {
  const id = randomUUID();
  const started = await create(token, { id, name, type, ...who }, bytes.length);
  if (started.status !== 201) return { id, status: started.status, message: started.message };
  expect(started.headers.location).toBe(`/api/shared/dsa/${token}/uploads/${id}`);
  let offset = 0;
  while (offset < bytes.length) {
    const sent = await patch(token, id, offset, bytes.subarray(offset, offset + chunk));
    expect(sent.status, sent.text).toBe(204);
    offset = Number(sent.headers['upload-offset']);
  }
  return { id, status: 201, message: undefined };
}

beforeAll(async () => {
  server = await startTestServer();
  manager = (await login(server, 'operator@demo.vigie.test')).token;
  reader = (await login(server, 'district-admin@demo.vigie.test')).token;
  lyon = await districtId(server, 'Lyon');
  marseille = await districtId(server, 'Marseille');
  const db = await acme();
  siteId = (await db.query<{ id: string }>('select id from sites where district_id = $1 and deleted_at is null order by name limit 1', [lyon])).rows[0]!.id;
  areaId = randomUUID();
  const made = await call<Area>({ method: 'POST', url: '/areas', payload: { id: areaId, name: 'Échanges bureau de contrôle', siteId, counterpartName: 'Apave', counterpartEmail: 'k.lemoine@apave.example' } });
  expect(made.status, made.text).toBe(201);
});
afterAll(() => server?.destroy());

describe('the demo area', () => {
  it('has an area on a site with a district document, an active and an expired link, and two deposits', async () => {
    const page = await call<Page<AreaRow>>({ url: '/areas?search=maintenance' });
    expect(page.status, page.text).toBe(200);
    const demo = page.data.items[0]!;
    const area = await call<Area>({ url: `/areas/${demo.id}` });
    expect(area.data.siteName).not.toBeNull();
    expect(area.data.files).toHaveLength(1);
    expect(area.data.links.map((l) => l.state).sort()).toEqual(['active', 'expired']);
    expect(area.data.deposits.map((d) => d.depositorName)).toEqual(['Julien Marchand', 'Julien Marchand']);
  });
});

describe('an upload-only link', () => {
  it('is answered once with its token; only its hash is stored; it says what it takes and lists no file', async () => {
    const link = await newLink({ types: ['pdf', 'images'] });
    expect(link.url).toContain(`/dsaDrop/${link.token}`);
    const { rows } = await (await acme()).query<{ token_hash: string }>('select token_hash from dsa_links where id = $1', [link.id]);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(link.token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(link.token);
    await deposit(link.token, 'Plan.pdf', pdf('plan'));
    const view = await open<DropView>('GET', `/${link.token}`);
    expect(view.status).toBe(200);
    expect(view.data.areaName).toBe('Échanges bureau de contrôle');
    expect(view.data.types).toEqual(['pdf', 'images']);
    expect(view.data.leftBytes).toBe(2 * 1024 * 1024 - pdf('plan').length);
    expect(view.text).not.toContain('Plan.pdf');
    // No route reads a file through the link.
    expect((await open('GET', `/${link.token}/files`)).status).toBe(404);
  });

  it('refuses a type beyond its list and a deposit over its quota, with clear 4xx keys', async () => {
    const link = await newLink({ quotaBytes: 1024 * 1024 });
    const word = await deposit(link.token, 'Compte rendu.docx', Buffer.from('PK'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect([word.status, word.message]).toEqual([415, 'dsa.type_not_allowed']);
    const html = await deposit(link.token, 'page.pdf.html', Buffer.from('<html>'), 'text/html');
    expect(html.status).toBe(415);
    const big = await deposit(link.token, 'Gros.pdf', Buffer.alloc(1024 * 1024 + 1, 1));
    expect([big.status, big.message]).toEqual([413, 'dsa.over_quota']);
    // Within the quota it goes; the next one that would pass it is refused.
    expect((await deposit(link.token, 'Moitié.pdf', Buffer.alloc(600 * 1024, 1))).status).toBe(201);
    expect((await deposit(link.token, 'Autre moitié.pdf', Buffer.alloc(600 * 1024, 1))).message).toBe('dsa.over_quota');
  });

  it('resumes a cut deposit from the offset the server holds (tus HEAD), and records who, when, address and browser', async () => {
    const link = await newLink();
    const bytes = pdf('rapport de vérification');
    const id = randomUUID();
    const fields = { id, name: 'Rapport.pdf', type: 'application/pdf', depositorName: 'Karine Lemoine', depositorEmail: 'k.lemoine@apave.example' };
    // The creation carries the first 1000 bytes (creation-with-upload), then the network is cut.
    const first = await create(link.token, fields, bytes.length, bytes.subarray(0, 1000));
    expect([first.status, first.headers['upload-offset']]).toEqual([201, '1000']);
    expect(await offsetOf(link.token, id)).toBe(1000);
    // The page reloaded: the same creation finds the deposit at 1000 bytes; a wrong offset is a 409.
    const again = await create(link.token, fields, bytes.length);
    expect([again.status, again.headers['upload-offset']]).toEqual([201, '1000']);
    expect((await create(link.token, { ...fields, name: 'Autre.pdf' }, bytes.length)).status).toBe(409);
    expect((await patch(link.token, id, 0, bytes.subarray(0, 10))).status).toBe(409);
    const rest = await patch(link.token, id, 1000, bytes.subarray(1000));
    expect([rest.status, rest.headers['upload-offset']]).toEqual([204, String(bytes.length)]);
    // Another link's token does not reach this deposit; bad metadata is a 400 naming its field.
    const other = await newLink();
    expect(await offsetOf(other.token, id)).toBe(-404);
    const noName = await create(link.token, { id: randomUUID(), name: 'x.pdf', type: 'application/pdf', depositorName: ' ' }, 10);
    expect([noName.status, noName.message, noName.details]).toEqual([400, 'upload.invalid_metadata', 'depositorName']);

    const area = await call<Area>({ url: `/areas/${areaId}` });
    const recorded = area.data.deposits.find((d) => d.id === id)!;
    expect(recorded).toMatchObject({ name: 'Rapport.pdf', complete: true, depositorName: 'Karine Lemoine', depositorEmail: 'k.lemoine@apave.example', address: '203.0.113.9', userAgent: 'Mozilla/5.0 (iPhone) Safari/604.1' });
    expect(Date.now() - new Date(recorded.createdAt).getTime()).toBeLessThan(60_000);
    // The manager downloads it as it arrived.
    const file = await server.app.inject({ url: recorded.url, headers: { authorization: `Bearer ${manager}` } });
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, bytes)).toBe(0);
  });

  it('answers 410 once expired or revoked, 404 for an unknown token; an extended link opens again', async () => {
    const link = await newLink();
    await (await acme()).query(`update dsa_links set expires_at = now() - interval '1 minute' where id = $1`, [link.id]);
    expect(await open('GET', `/${link.token}`)).toMatchObject({ status: 410, message: 'dsa.link_expired' });
    expect((await deposit(link.token, 'Tard.pdf', pdf('tard'))).status).toBe(410);
    expect(await offsetOf(link.token, randomUUID())).toBe(-410);
    const extended = await call({ method: 'POST', url: `/areas/${areaId}/links/${link.id}/extend`, payload: { expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString() } });
    expect(extended.status, extended.text).toBe(200);
    expect((await open('GET', `/${link.token}`)).status).toBe(200);
    const tooFar = await call({ method: 'POST', url: `/areas/${areaId}/links/${link.id}/extend`, payload: { expiresAt: new Date(Date.now() + 200 * 86_400_000).toISOString() } });
    expect([tooFar.status, tooFar.body.message]).toEqual([400, 'dsa.expiry_invalid']);

    const revoked = await call<{ state: string }>({ method: 'POST', url: `/areas/${areaId}/links/${link.id}/revoke` });
    expect(revoked.data.state).toBe('revoked');
    expect(await open('GET', `/${link.token}`)).toMatchObject({ status: 410, message: 'dsa.link_revoked' });
    expect((await deposit(link.token, 'Après.pdf', pdf('après'))).status).toBe(410);

    const unknown = `${link.token.slice(0, 22)}${'A'.repeat(43)}`;
    expect(await open('GET', `/${unknown}`)).toMatchObject({ status: 404, message: 'dsa.link_not_found' });
    expect((await open('GET', '/not-a-token')).status).toBe(400);
  });
});

describe('the managers’ notice and the abandoned deposits', () => {
  it('tells the area’s managers once of a depositor’s finished batch, by bell and e-mail in each one’s language', async () => {
    const link = await newLink();
    const db = await acme();
    await server.databases.control.query(`update accounts set language = 'en' where email = 'operator@demo.vigie.test'`);
    const bells = async () => (await db.query<{ name: string }>(`select name from notifications where actions::text like $1 order by created_at`, [`%${areaId}%`])).rows.map((r) => r.name);
    const mails = async () => (await db.query<{ recipient: string; subject: string; body_text: string }>(`select recipient, subject, body_text from mail_outbox where body_text like $1`, [`%${areaId}%`])).rows;
    const [bellsBefore, mailsBefore] = [(await bells()).length, (await mails()).length];
    // Two files of one depositor: the first one finished while the second is still arriving is not told alone.
    const second = randomUUID();
    const bytes = pdf('plan B');
    expect((await create(link.token, { id: second, name: 'Plan B.pdf', type: 'application/pdf', ...who }, bytes.length, bytes.subarray(0, 100))).status).toBe(201);
    await deposit(link.token, 'Plan A.pdf', pdf('plan A'));
    expect(await bells()).toHaveLength(bellsBefore);
    expect((await patch(link.token, second, 100, bytes.subarray(100))).status).toBe(204);
    const told = (await bells()).slice(bellsBefore);
    expect(told.length).toBeGreaterThan(0);
    expect(told).toContain('Julien Marchand deposited 2 files in "Échanges bureau de contrôle"');
    const sent = (await mails()).slice(mailsBefore);
    const operator = sent.find((m) => m.recipient === 'operator@demo.vigie.test')!;
    expect(operator.subject).toBe('New deposit from Julien Marchand: Échanges bureau de contrôle');
    expect(operator.body_text).toContain('Plan A.pdf');
    expect(operator.body_text).toContain('Plan B.pdf');
    expect(sent.some((m) => m.subject.startsWith('Nouveau dépôt de Julien Marchand'))).toBe(sent.length > 1);
    // The job finds nothing more to tell: each deposit is told once.
    await runDsaJob(server.ctx, new Date());
    expect(await bells()).toHaveLength(bellsBefore + told.length);
    expect(await mails()).toHaveLength(mailsBefore + sent.length);
    await server.databases.control.query(`update accounts set language = 'fr' where email = 'operator@demo.vigie.test'`);
  });

  it('removes a deposit left unfinished for 24 hours, frees its bytes and gives its room back to the link', async () => {
    const link = await newLink({ quotaBytes: 1024 * 1024 });
    const id = randomUUID();
    const key = attachmentKey('acme', id);
    expect((await create(link.token, { id, name: 'Coupé.pdf', type: 'application/pdf', ...who }, 800 * 1024, Buffer.alloc(1000, 1))).status).toBe(201);
    const left = async () => (await open<DropView>('GET', `/${link.token}`)).data.leftBytes;
    expect(await left()).toBe(224 * 1024);
    expect((await server.ctx.storage.uploads.getUpload(key)).offset).toBe(1000);
    expect((await runDsaJob(server.ctx, new Date(Date.now() + 23 * 3_600_000))).abandoned).toBe(0);
    expect((await runDsaJob(server.ctx, new Date(Date.now() + 25 * 3_600_000))).abandoned).toBeGreaterThanOrEqual(1);
    expect(await left()).toBe(1024 * 1024);
    expect(await offsetOf(link.token, id)).toBe(-404);
    await expect(server.ctx.storage.uploads.getUpload(key)).rejects.toBeTruthy();
    expect(await server.ctx.storage.stat(key)).toBeNull();
    expect((await call<Area>({ url: `/areas/${areaId}` })).data.deposits.some((d) => d.id === id)).toBe(false);
  });
});

describe('a deposit moved into a site’s folder', () => {
  it('becomes a document of that folder, and the deposit says where it went', async () => {
    const link = await newLink();
    const bytes = pdf('attestation');
    const { id } = await deposit(link.token, 'Attestation SSI.pdf', bytes);
    const folders = await call<FolderTree>({ url: `/api/files/sites/${siteId}/folders` });
    const folder = folders.data.folders.find((f) => f.name === 'Vérifications périodiques')!;
    const documentId = randomUUID();
    const moved = await call<{ movedTo: string }>({ method: 'POST', url: `/areas/${areaId}/deposits/${id}/move`, payload: { folderId: folder.id, documentId } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.data.movedTo).toContain('Vérifications périodiques');
    const doc = await call<{ name: string; folderId: string; current: { url: string; complete: boolean } }>({ url: `/api/files/documents/${documentId}` });
    expect(doc.status, doc.text).toBe(200);
    expect(doc.data).toMatchObject({ name: 'Attestation SSI.pdf', folderId: folder.id });
    const file = await server.app.inject({ url: doc.data.current.url, headers: { authorization: `Bearer ${manager}` } });
    expect(Buffer.compare(file.rawPayload, bytes)).toBe(0);
    // Moved once: a second move is refused; the deposit stays downloadable in the area.
    const twice = await call({ method: 'POST', url: `/areas/${areaId}/deposits/${id}/move`, payload: { folderId: folder.id, documentId: randomUUID() } });
    expect([twice.status, twice.body.message]).toEqual([409, 'dsa.deposit_moved']);
    // Another district's folder is not found.
    const { id: other } = await deposit(link.token, 'Autre.pdf', pdf('autre'));
    const elsewhere = (await (await acme()).query<{ id: string }>('select id from file_folders where district_id = $1 and site_id is not null limit 1', [marseille])).rows[0]!.id;
    expect((await call({ method: 'POST', url: `/areas/${areaId}/deposits/${other}/move`, payload: { folderId: elsewhere, documentId: randomUUID() } })).status).toBe(404);
  });
});

describe('rights and sharing', () => {
  it('lets a reader read areas but not make links, move deposits or create areas', async () => {
    expect((await call({ url: `/areas/${areaId}`, token: reader })).status).toBe(200);
    expect((await call({ method: 'POST', url: `/areas/${areaId}/links`, token: reader, payload: { id: randomUUID(), types: ['pdf'], quotaBytes: 2 * 1024 * 1024 } })).status).toBe(403);
    expect((await call({ method: 'POST', url: '/areas', token: reader, payload: { id: randomUUID(), name: 'Non' } })).status).toBe(403);
  });

  it('shares an area’s district documents (never its deposits) as `dsaArea`, in its district only', async () => {
    const page = await call<Page<AreaRow>>({ url: '/areas?search=maintenance' });
    const demo = page.data.items[0]!;
    const kind = shareableKind('dsaArea')!;
    const shared = await kind.read(await acme(), lyon, demo.id, 'fr');
    expect(shared?.files.map((f) => f.name)).toEqual(['Consignes de sécurité du site.pdf']);
    expect(await kind.read(await acme(), marseille, demo.id, 'fr')).toBeNull();
  });
});
