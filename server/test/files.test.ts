/**
 * The Files module (/api/files): its own rules. The demo's templates applied to the sites; a
 * template folder reaching the sites of its type, a site created later included; versions (a
 * second upload of the same name in the same folder); rename, move, delete and restore; search
 * by tag and validity; what is served of an SVG or HTML upload; a sites reader reading a site's
 * files but not changing them nor reading the templates; another district's folder refused; the
 * expiry reminder sent once; the share links' kinds answering the district's items only.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentSheet, FileDocument, Folder, FolderTree } from '../../common/modules/files/schemas.js';
import { addDays, districtToday } from '../src/modules/_platform/dates.js';
import { shareableKind } from '../src/modules/_platform/shareables.js';
import { runFilesJob } from '../src/modules/files/jobs.js';
import { districtId } from './actions-fixtures.js';
import { TusClient } from './attachments-tus.js';
import { apiCaller, listenOnLoopback, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
let base: string;
let admin: string;
let field: string;
let lyon: string;
let marseille: string;
let siteId: string;
let siteTypeId: string;

const call = apiCaller(() => server, '/api/files', () => admin);

const acme = () => server.databases.client('acme');

async function tree(site: string, token = admin) {
  const answer = await call<FolderTree>({ url: `/sites/${site}/folders`, token });
  expect(answer.status, answer.text).toBe(200);
  return answer.data.folders;
}

const named = (folders: Folder[], name: string) => folders.find((f) => f.name === name)!;

/** Uploads `bytes` as an attachment of module files (tus, one request), then files it in `folderId` as `name`. */
async function upload(folderId: string, name: string, bytes: Buffer, type = 'application/pdf', extra: Record<string, unknown> = {}, token = admin) {
  const attachmentId = randomUUID();
  const documentId = randomUUID();
  const filed = await call<DocumentSheet>({ method: 'POST', url: '/documents/upload', token, payload: { attachmentId, documentId, folderId, name, ...extra } });
  expect(filed.status, filed.text).toBe(200);
  const tus = new TusClient(base, token);
  const created = await tus.createWith({ attachmentId, module: 'files', recordId: filed.data.id, name, type }, bytes.length, bytes);
  expect(created.status, await created.text()).toBe(201);
  return { attachmentId, document: filed.data };
}

beforeAll(async () => {
  server = await startTestServer();
  base = await listenOnLoopback(server);
  admin = (await login(server, 'district-admin@demo.vigie.test')).token;
  field = (await login(server, 'field@demo.vigie.test')).token;
  lyon = await districtId(server, 'Lyon');
  marseille = await districtId(server, 'Marseille');
  const db = await acme();
  const site = (await db.query<{ id: string; site_type_id: string }>('select id, site_type_id from sites where district_id = $1 and site_type_id is not null and deleted_at is null order by name limit 1', [lyon])).rows[0]!;
  siteId = site.id;
  siteTypeId = site.site_type_id;
});
afterAll(() => server?.destroy());

describe('templates and site folders', () => {
  it('gives every demo site its type’s folders, with documents, some expiring and expired', async () => {
    const template = await call<FolderTree>({ url: `/siteTypes/${siteTypeId}/folders` });
    expect(template.status).toBe(200);
    expect(template.data.folders.filter((f) => f.parentId === null).map((f) => f.name).sort()).toEqual(
      ['DUERP', 'Plans de prévention', "Plans d'évacuation", 'Registre de sécurité', 'Vérifications périodiques'].sort(),
    );
    const folders = await tree(siteId);
    expect(folders.filter((f) => f.templateId !== null)).toHaveLength(template.data.folders.length);
    const expiring = await call<FileDocument[]>({ url: `/search?site=${siteId}&validity=expiring` });
    expect(expiring.data.map((d) => d.name)).toEqual(['Rapport de vérification électrique.pdf']);
    expect(expiring.data[0]!.path).toBe('Vérifications périodiques/Électricité');
    const expired = await call<FileDocument[]>({ url: `/search?site=${siteId}&validity=expired` });
    expect(expired.data.map((d) => d.name)).toEqual(['DUERP.pdf']);
  });

  it('adds a template folder to the sites of its type at once, and to a site of that type created later when its tree is read', async () => {
    const id = randomUUID();
    const made = await call<Folder>({ method: 'POST', url: '/folders', payload: { id, siteTypeId, name: 'Permis de feu' } });
    expect(made.status, made.text).toBe(201);
    expect(named(await tree(siteId), 'Permis de feu').templateId).toBe(id);
    const later = randomUUID();
    await (await acme()).query('insert into sites (id, district_id, name, site_type_id, created_by) values ($1, $2, $3, $4, $5)', [later, lyon, 'Site ouvert plus tard', siteTypeId, randomUUID()]);
    const folders = await tree(later);
    expect(folders.map((f) => f.name)).toContain('Permis de feu');
    expect(folders.map((f) => f.name)).toContain('Registre de sécurité');
    // Applied twice, nothing doubles.
    const again = await call<FolderTree>({ method: 'POST', url: `/sites/${later}/apply` });
    expect(again.data.folders).toHaveLength(folders.length);
    // A rename of the template reaches the sites' folders that kept its name.
    const renamed = await call<Folder>({ method: 'PATCH', url: `/folders/${id}`, payload: { baseVersion: 1, changes: { name: 'Permis de feu et travaux' } } });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await tree(later)).map((f) => f.name)).toContain('Permis de feu et travaux');
  });
});

describe('documents', () => {
  it('keeps every version of a name uploaded twice in a folder, the last one current', async () => {
    const folder = named(await tree(siteId), 'Plans de prévention');
    const first = await upload(folder.id, 'Plan de prévention Acme.pdf', Buffer.from('%PDF-1.4 first'));
    const second = await upload(folder.id, 'plan de prévention acme.pdf', Buffer.from('%PDF-1.4 second, longer'));
    expect(second.document.id).toBe(first.document.id);
    const sheet = await call<DocumentSheet>({ url: `/documents/${first.document.id}` });
    expect(sheet.data.allVersions.map((v) => [v.number, v.id, v.complete])).toEqual([
      [2, second.attachmentId, true],
      [1, first.attachmentId, true],
    ]);
    expect(sheet.data.current!.size).toBe(23);
    // A replay of the same filing adds nothing.
    const replay = await call<DocumentSheet>({ method: 'POST', url: '/documents/upload', payload: { attachmentId: second.attachmentId, documentId: randomUUID(), folderId: folder.id, name: 'x.pdf' } });
    expect(replay.data.versions).toBe(2);
    const bytes = await call({ url: `/api/attachments/${first.attachmentId}` });
    expect(bytes.text).toBe('%PDF-1.4 first');
  });

  it('renames, moves, tags, deletes and restores a document; searches by tag; exports the list', async () => {
    const folders = await tree(siteId);
    const from = named(folders, 'DUERP');
    const to = named(folders, 'Registre de sécurité');
    const { document } = await upload(from.id, 'Note.txt', Buffer.from('bonjour'), 'text/plain', { tags: ['Consignes'] });
    const moved = await call<DocumentSheet>({ method: 'PATCH', url: `/documents/${document.id}`, payload: { baseVersion: document.version, changes: { name: 'Consignes.txt', folderId: to.id, tags: ['consignes', 'Accueil', 'accueil'], validUntil: addDays(districtToday(), 400) } } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.data).toMatchObject({ name: 'Consignes.txt', folderId: to.id, tags: ['consignes', 'Accueil'], validity: 'valid', path: 'Registre de sécurité' });
    const stale = await call({ method: 'PATCH', url: `/documents/${document.id}`, payload: { baseVersion: document.version, changes: { name: 'Autre.txt' } } });
    expect([stale.status, stale.body.message]).toEqual([409, 'record.version_conflict']);
    const byTag = await call<FileDocument[]>({ url: '/search?tag=ACCUEIL' });
    expect(byTag.data.map((d) => d.id)).toEqual([document.id]);
    const csv = await call({ url: `/export.csv?tag=accueil` });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text).toContain('"Consignes.txt"');
    const deleted = await call<DocumentSheet>({ method: 'DELETE', url: `/documents/${document.id}`, payload: { baseVersion: moved.data.version } });
    expect(deleted.data.deletedAt).not.toBeNull();
    expect((await call<FileDocument[]>({ url: '/search?tag=accueil' })).data).toEqual([]);
    expect((await call<FileDocument[]>({ url: `/folders/${to.id}/documents?deleted=true` })).data.map((d) => d.id)).toContain(document.id);
    const restored = await call<DocumentSheet>({ method: 'POST', url: `/documents/${document.id}/restore`, payload: { baseVersion: deleted.data.version } });
    expect(restored.data.deletedAt).toBeNull();
    const history = await call<{ action: string }[]>({ url: `/documents/${document.id}/history` });
    expect(history.data.map((h) => h.action)).toEqual(expect.arrayContaining(['create', 'update', 'delete', 'restore']));
  });

  it('moves, deletes and restores a folder with what it holds; refuses a move into itself', async () => {
    const top = randomUUID();
    const child = randomUUID();
    expect((await call({ method: 'POST', url: '/folders', payload: { id: top, siteId, name: 'Archives' } })).status).toBe(201);
    expect((await call({ method: 'POST', url: '/folders', payload: { id: child, siteId, parentId: top, name: '2024' } })).status).toBe(201);
    const { document } = await upload(child, 'Ancien rapport.pdf', Buffer.from('%PDF-old'), 'application/pdf', { tags: ['archive-2024'] });
    const loop = await call({ method: 'PATCH', url: `/folders/${top}`, payload: { baseVersion: 1, changes: { parentId: child } } });
    expect([loop.status, loop.body.message]).toEqual([400, 'files.move_into_itself']);
    const otherTree = await call({ method: 'POST', url: '/folders', payload: { id: randomUUID(), siteId, parentId: named(await call<FolderTree>({ url: `/siteTypes/${siteTypeId}/folders` }).then((a) => a.data.folders), 'DUERP').id, name: 'X' } });
    expect([otherTree.status, otherTree.body.message]).toEqual([400, 'files.parent_other_tree']);
    const moved = await call<Folder>({ method: 'PATCH', url: `/folders/${child}`, payload: { baseVersion: 1, changes: { parentId: null, name: 'Archives 2024' } } });
    expect(moved.data).toMatchObject({ parentId: null, name: 'Archives 2024' });
    expect((await call<DocumentSheet>({ url: `/documents/${document.id}` })).data.path).toBe('Archives 2024');
    const gone = await call<Folder>({ method: 'DELETE', url: `/folders/${child}`, payload: { baseVersion: moved.data.version } });
    expect(gone.data.deletedAt).not.toBeNull();
    expect((await tree(siteId)).map((f) => f.id)).not.toContain(child);
    expect((await call<FileDocument[]>({ url: '/search?tag=archive-2024' })).data).toEqual([]);
    const back = await call<Folder>({ method: 'POST', url: `/folders/${child}/restore`, payload: { baseVersion: gone.data.version } });
    expect(back.data.deletedAt).toBeNull();
    expect((await call<FileDocument[]>({ url: '/search?tag=archive-2024' })).data.map((d) => d.id)).toEqual([document.id]);
  });

  it('serves an SVG or HTML upload as a download with nosniff', async () => {
    const folder = named(await tree(siteId), 'DUERP');
    for (const [name, type, bytes] of [
      ['dessin.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ['page.html', 'text/html', '<script>alert(1)</script>'],
    ] as const) {
      const { attachmentId } = await upload(folder.id, name, Buffer.from(bytes), type);
      const served = await call({ url: `/api/attachments/${attachmentId}` });
      expect(served.status).toBe(200);
      expect(served.headers['content-disposition']).toMatch(/^attachment/);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('who reaches what', () => {
  it('lets a sites reader read a site’s folders and files, not change them nor read the templates', async () => {
    const folders = await tree(siteId, field);
    const register = named(folders, 'Registre de sécurité');
    const docs = await call<FileDocument[]>({ url: `/folders/${register.id}/documents`, token: field });
    expect(docs.status).toBe(200);
    const doc = docs.data.find((d) => d.name === 'Registre de sécurité.pdf')!;
    const bytes = await call({ url: doc.current!.url, token: field });
    expect(bytes.status).toBe(200);
    expect(bytes.raw.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.headers.etag).toBeTruthy();
    expect((await call({ url: `/siteTypes/${siteTypeId}/folders`, token: field })).status).toBe(403);
    expect((await call({ method: 'POST', url: '/folders', token: field, payload: { id: randomUUID(), siteId, name: 'Non' } })).status).toBe(403);
    expect((await call({ method: 'POST', url: '/documents/upload', token: field, payload: { attachmentId: randomUUID(), documentId: randomUUID(), folderId: register.id, name: 'Non.pdf' } })).status).toBe(403);
  });

  it('does not find another district’s folder or document', async () => {
    const db = await acme();
    const other = (await db.query<{ id: string }>('select id from file_folders where district_id = $1 and site_id is not null limit 1', [marseille])).rows[0]!.id;
    const otherDoc = (await db.query<{ id: string }>('select id from file_documents where district_id = $1 limit 1', [marseille])).rows[0]!.id;
    expect((await call({ url: `/folders/${other}/documents` })).status).toBe(404);
    expect((await call({ url: `/documents/${otherDoc}` })).status).toBe(404);
    expect((await call({ method: 'PATCH', url: `/folders/${other}`, payload: { baseVersion: 1, changes: { name: 'Pris' } } })).status).toBe(404);
    const upload = await call({ method: 'POST', url: '/documents/upload', payload: { attachmentId: randomUUID(), documentId: randomUUID(), folderId: other, name: 'Intrus.pdf' } });
    expect([upload.status, upload.body.message]).toEqual([404, 'files.folder_not_found']);
  });

  it('shares a folder’s and a document’s current files, of the district only', async () => {
    const db = await acme();
    const folder = named(await tree(siteId), 'Vérifications périodiques');
    const shared = await shareableKind('folder')!.read(db, lyon, folder.id, 'fr');
    expect(shared!.files.map((f) => [f.path, f.name]).sort()).toEqual([
      ['Incendie', 'Vérification des extincteurs.pdf'],
      ['Électricité', 'Rapport de vérification électrique.pdf'],
    ]);
    expect(await shareableKind('folder')!.read(db, marseille, folder.id, 'fr')).toBeNull();
    const doc = (await call<FileDocument[]>({ url: `/search?site=${siteId}&search=extincteurs` })).data[0]!;
    const one = await shareableKind('document')!.read(db, lyon, doc.id, 'en');
    expect(one!.files.map((f) => f.attachmentId)).toEqual([doc.current!.id]);
    expect(await shareableKind('document')!.read(db, marseille, doc.id, 'en')).toBeNull();
  });
});

describe('the expiry reminder', () => {
  it('is sent once to the file managers, in their language, and again only when the date moves', async () => {
    const folder = named(await tree(siteId), 'DUERP');
    const { document } = await upload(folder.id, 'Attestation assurance.pdf', Buffer.from('%PDF-a'), 'application/pdf', { validUntil: addDays(districtToday(), 5) });
    const db = await acme();
    const bells = async () => (await db.query<{ name: string }>(`select name from notifications where actions::text like $1`, [`%${document.id}%`])).rows;
    const now = new Date();
    const report = await runFilesJob(server.ctx, now);
    expect(report.reminded).toBeGreaterThan(0);
    const first = await bells();
    expect(first.length).toBeGreaterThan(0);
    expect(first[0]!.name).toContain('Attestation assurance.pdf');
    await runFilesJob(server.ctx, now);
    expect(await bells()).toHaveLength(first.length);
    const mails = await db.query<{ subject: string }>(`select subject from mail_outbox where body_text like $1`, [`%${document.id}%`]);
    expect(mails.rows.length).toBeGreaterThan(0);
    const sheet = await call<DocumentSheet>({ url: `/documents/${document.id}` });
    await call({ method: 'PATCH', url: `/documents/${document.id}`, payload: { baseVersion: sheet.data.version, changes: { validUntil: addDays(districtToday(), 20) } } });
    await runFilesJob(server.ctx, now);
    expect((await bells()).length).toBe(first.length * 2);
  });
});
