/**
 * The inventory family's audit part (/api/inventory: scan index, labels, audits): the scan index
 * and its ETag; an audit's expected snapshot, its scans stored once however often sent, its
 * result (found, missing, misplaced, unknown) and the move of a misplaced item with its history;
 * the completion guard (a completion naming a scan the server does not hold is refused, so no
 * scan made offline is counted missing); the labels' PDF whose QR codes decode to the items'
 * codes; the rights (a field user audits, a manager moves and prints); bad input refused.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import type { Audit, AuditRow, AuditScan, LabelItem, ScanIndex } from '../../common/modules/inventory/audit.js';
import { equipmentCode } from '../../common/modules/inventory/codes.js';
import type { HistoryEntry } from '../../common/schemas/platform.js';
import { accountId, districtId, setRights } from './actions-fixtures.js';
import { apiCaller, bearer, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
let manager: string;
let field: string;
let outsider: string;
let lyon: string;
let operatorId: string;
let siteA: string;
let siteB: string;
const items = {} as Record<'hallA' | 'hallB' | 'hallC' | 'retired' | 'office' | 'elsewhere', string>;

const call = apiCaller(() => server, '/api/inventory', () => manager);

async function insertItem(name: string, fields: { siteId: string; room: string; tag?: string; serial?: string; articleId: string; status?: string }): Promise<string> {
  const acme = await server.databases.client('acme');
  const id = randomUUID();
  await acme.query(
    `insert into inventory_equipment (id, district_id, article_id, name, tag, serial, site_id, room, status, created_by) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [id, lyon, fields.articleId, name, fields.tag ?? '', fields.serial ?? '', fields.siteId, fields.room, fields.status ?? 'inService', operatorId],
  );
  return id;
}

beforeAll(async () => {
  server = await startTestServer();
  lyon = await districtId(server, 'Lyon');
  operatorId = await accountId(server, 'operator@demo.vigie.test');
  await setRights(server, operatorId, lyon, ['inventoryV2.admin', 'inventoryV2.equipment_read', 'inventoryV2.article_read']);
  manager = (await login(server, 'operator@demo.vigie.test')).token;
  await setRights(server, await accountId(server, 'field@demo.vigie.test'), lyon, ['inventoryV2.equipment_read']);
  field = (await login(server, 'field@demo.vigie.test')).token;
  await setRights(server, await accountId(server, 'districts@demo.vigie.test'), lyon, ['contract.contract_read']);
  outsider = (await login(server, 'districts@demo.vigie.test')).token;
  const acme = await server.databases.client('acme');
  const sites = await acme.query<{ id: string }>('select id from sites where district_id = $1 and deleted_at is null order by name limit 2', [lyon]);
  siteA = sites.rows[0]!.id;
  siteB = sites.rows[1]!.id;
  const article = randomUUID();
  await acme.query(`insert into inventory_articles (id, district_id, name, barcode, created_by) values ($1, $2, 'Extincteur eau 6 L', '4006381333931', $3)`, [article, lyon, operatorId]);
  const other = randomUUID();
  await acme.query(`insert into inventory_articles (id, district_id, name, created_by) values ($1, $2, 'Défibrillateur', $3)`, [other, lyon, operatorId]);
  items.hallA = await insertItem('Extincteur hall', { siteId: siteA, room: 'Local T1', tag: 'EXT-001', serial: 'SN-1001', articleId: article });
  items.hallB = await insertItem('Extincteur accueil', { siteId: siteA, room: 'Local T1', tag: 'EXT-002', articleId: article });
  items.hallC = await insertItem('Défibrillateur hall', { siteId: siteA, room: 'local t1 ', tag: 'DAE-01', articleId: other });
  items.retired = await insertItem('Ancien extincteur', { siteId: siteA, room: 'Local T1', tag: 'EXT-000', articleId: article, status: 'retired' });
  items.office = await insertItem('Extincteur bureau', { siteId: siteA, room: 'Bureau T', tag: 'EXT-003', articleId: article });
  items.elsewhere = await insertItem('Extincteur gymnase', { siteId: siteB, room: 'Vestiaire', tag: 'EXT-004', articleId: article });
});
afterAll(() => server?.destroy());

async function startAudit(room: string, token = field): Promise<Audit> {
  const answer = await call<Audit>({ method: 'POST', url: '/audits', payload: { id: randomUUID(), siteId: siteA, room }, token });
  expect(answer.status, answer.text).toBe(201);
  return answer.data;
}
const scan = (auditId: string, code: string, id = randomUUID(), token = field) =>
  call<AuditScan>({ method: 'POST', url: `/audits/${auditId}/scans`, payload: { id, code, scannedAt: new Date().toISOString() }, token });

describe('the scan index', () => {
  it("holds the district's items with their article's barcode, and answers 304 to its ETag", async () => {
    const answer = await call<ScanIndex>({ url: '/scan-index', token: field });
    expect(answer.status).toBe(200);
    const hall = answer.data.items.find((row) => row[0] === items.hallA);
    expect(hall).toEqual([items.hallA, 'Extincteur hall', 'EXT-001', 'SN-1001', answer.data.sites.findIndex(([id]) => id === siteA), 'Local T1', 'inService', '4006381333931']);
    expect(hall?.[4]).toBeGreaterThanOrEqual(0);
    expect(answer.data.sites.some(([id]) => id === siteB)).toBe(true);
    const again = await server.app.inject({ url: '/api/inventory/scan-index', headers: { ...bearer(field), 'if-none-match': String(answer.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });
});

describe('an audit', () => {
  it('expects the live items of the room (case and spaces ignored, retired ones left out)', async () => {
    const audit = await startAudit('Local T1');
    expect(new Set(audit.expectedIds)).toEqual(new Set([items.hallA, items.hallB, items.hallC]));
    expect(audit.status).toBe('open');
    expect(audit.result.missing).toHaveLength(3);
  });

  it('stores a scan sent twice once, counts an item scanned twice once, and groups the result', async () => {
    const audit = await startAudit('Local T1');
    const first = randomUUID();
    expect((await scan(audit.id, equipmentCode('https://vigie.example', items.hallA), first)).status).toBe(201);
    // The same scan again (its answer lost): stored once.
    const replay = await scan(audit.id, equipmentCode('https://vigie.example', items.hallA), first);
    expect(replay.status).toBe(201);
    expect(replay.data.equipmentId).toBe(items.hallA);
    // The same item scanned again, by its tag: kept, counted once.
    await scan(audit.id, 'EXT-001');
    // The model's EAN names the model's expected item not scanned yet.
    expect((await scan(audit.id, '4006381333931')).data.equipmentId).toBe(items.hallB);
    // Another room's item: misplaced; a code naming nothing: unknown.
    expect((await scan(audit.id, 'EXT-004')).data.equipmentId).toBe(items.elsewhere);
    expect((await scan(audit.id, 'UNKNOWN-42')).data.equipmentId).toBeNull();
    const read = await call<Audit>({ url: `/audits/${audit.id}`, token: field });
    expect(read.data.scans).toHaveLength(5);
    expect(new Set(read.data.result.found)).toEqual(new Set([items.hallA, items.hallB]));
    expect(read.data.result.missing).toEqual([items.hallC]);
    expect(read.data.result.misplaced).toEqual([items.elsewhere]);
    expect(read.data.result.unknown).toEqual(['UNKNOWN-42']);
    const list = await call<AuditRow[]>({ url: '/audits', token: field });
    expect(list.data.find((a) => a.id === audit.id)).toMatchObject({ expectedCount: 3, foundCount: 2, status: 'open', siteId: siteA, room: 'Local T1' });
  });

  it('refuses to complete while a scan the device made is not on the server, then completes once it arrives', async () => {
    const audit = await startAudit('Local T1');
    const sent = randomUUID();
    const late = randomUUID();
    await scan(audit.id, 'EXT-001', sent);
    const early = await call<Audit>({ method: 'POST', url: `/audits/${audit.id}/complete`, payload: { scanIds: [sent, late] }, token: field });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('inventory.audit.scans_missing');
    expect(early.body.details).toBe('1');
    expect((await call<Audit>({ url: `/audits/${audit.id}`, token: field })).data.status).toBe('open');
    await scan(audit.id, 'EXT-002', late);
    const done = await call<Audit>({ method: 'POST', url: `/audits/${audit.id}/complete`, payload: { scanIds: [sent, late] }, token: field });
    expect(done.status, done.text).toBe(200);
    expect(done.data.status).toBe('completed');
    expect(done.data.completedBy?.name).toBe('field@demo.vigie.test');
    expect(done.data.result.found).toHaveLength(2);
    expect(done.data.result.missing).toEqual([items.hallC]);
    // Completed: a later scan is refused, a completion again answers it as it is.
    const after = await scan(audit.id, 'DAE-01');
    expect(after.status).toBe(409);
    expect(after.body.message).toBe('inventory.audit.completed');
    expect((await call<Audit>({ method: 'POST', url: `/audits/${audit.id}/complete`, payload: { scanIds: [] }, token: field })).status).toBe(200);
  });

  it("moves a misplaced item here on a manager's word, in the item's history", async () => {
    const audit = await startAudit('Local T1');
    await scan(audit.id, 'EXT-003');
    const before = await call<Audit>({ url: `/audits/${audit.id}`, token: field });
    expect(before.data.result.misplaced).toEqual([items.office]);
    // Moving an item changes the catalog: not a field user's right.
    expect((await call({ method: 'POST', url: `/audits/${audit.id}/move`, payload: { equipmentId: items.office }, token: field })).status).toBe(403);
    const moved = await call<Audit>({ method: 'POST', url: `/audits/${audit.id}/move`, payload: { equipmentId: items.office } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.data.result.misplaced).toEqual([]);
    expect(moved.data.result.found).toContain(items.office);
    expect(moved.data.items.find((i) => i.id === items.office)).toMatchObject({ siteId: siteA, room: 'Local T1' });
    const acme = await server.databases.client('acme');
    const history = await acme.query<Pick<HistoryEntry, 'changes'> & { version: number }>(
      `select version, changes from record_history where module = 'inventory_equipment' and record_id = $1`,
      [items.office],
    );
    expect(history.rows).toEqual([{ version: 2, changes: [{ field: 'room', before: 'Bureau T', after: 'Local T1' }] }]);
  });

  it('audits a whole site when no room is given', async () => {
    const audit = await startAudit('');
    expect(audit.expectedIds).toEqual(expect.arrayContaining([items.hallA, items.hallB, items.hallC, items.office]));
    expect(audit.expectedIds).not.toContain(items.elsewhere);
  });
});

describe('rights and bad input', () => {
  it('refuses a member without the inventory rights, and a manager right for labels', async () => {
    expect((await call({ url: '/audits', token: outsider })).status).toBe(403);
    expect((await call({ url: '/scan-index', token: outsider })).status).toBe(403);
    expect((await call({ method: 'POST', url: '/audits', payload: { id: randomUUID(), siteId: siteA }, token: outsider })).status).toBe(403);
    expect((await call({ method: 'POST', url: '/labels.pdf', payload: { format: 'L7160', ids: [items.hallA] }, token: field })).status).toBe(403);
  });

  it('answers 4xx with a key to bad input, never 500', async () => {
    const unknownSite = await call({ method: 'POST', url: '/audits', payload: { id: randomUUID(), siteId: randomUUID() }, token: field });
    expect(unknownSite.status).toBe(404);
    expect(unknownSite.body.message).toBe('inventory.audit.site_not_found');
    expect((await call({ url: `/audits/${randomUUID()}`, token: field })).status).toBe(404);
    expect((await scan(randomUUID(), 'EXT-001')).status).toBe(404);
    const audit = await startAudit('Local T1');
    expect((await call({ method: 'POST', url: `/audits/${audit.id}/scans`, payload: { id: randomUUID(), code: '', scannedAt: new Date().toISOString() }, token: field })).status).toBe(400);
    expect((await call({ method: 'POST', url: `/audits/${audit.id}/scans`, payload: { id: 'nope', code: 'x', scannedAt: 'yesterday' }, token: field })).status).toBe(400);
    expect((await call({ method: 'POST', url: `/audits/${audit.id}/complete`, payload: { scanIds: ['nope'] }, token: field })).status).toBe(400);
    expect((await call({ method: 'POST', url: `/audits/${audit.id}/move`, payload: { equipmentId: randomUUID() } })).status).toBe(404);
    expect((await call({ method: 'POST', url: '/labels.pdf', payload: { format: 'A5', ids: [items.hallA] } })).status).toBe(400);
    const none = await call({ method: 'POST', url: '/labels.pdf', payload: { format: 'L7160', ids: [randomUUID()] } });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('inventory.audit.no_labels');
  });
});

describe('the labels', () => {
  it("prints an A4 sheet whose QR codes decode to the items' codes, each with its name and tag", async () => {
    const ids = [items.hallA, items.hallB, items.elsewhere];
    const preview = await call<LabelItem[]>({ url: `/labels/items?ids=${ids.join(',')}` });
    expect(preview.data.map((i) => i.tag)).toEqual(['EXT-001', 'EXT-002', 'EXT-004']);
    const answer = await call({ method: 'POST', url: '/labels.pdf', payload: { format: 'L7163', ids, start: 2 } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'vigie-labels-'));
    try {
      writeFileSync(join(dir, 'labels.pdf'), answer.raw);
      const text = execFileSync('pdftotext', [join(dir, 'labels.pdf'), '-'], { encoding: 'utf8' });
      for (const name of ['Extincteur hall', 'EXT-001', 'Extincteur gymnase', 'EXT-004', 'Lyon']) expect(text).toContain(name);
      execFileSync('pdftoppm', ['-r', '150', '-png', join(dir, 'labels.pdf'), join(dir, 'page')]);
      const pages = readdirSync(dir).filter((f) => f.startsWith('page'));
      expect(pages).toHaveLength(1);
      const require = createRequire(import.meta.url);
      prepareZXingModule({ overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer } });
      const found = await readBarcodes(new Uint8Array(readFileSync(join(dir, pages[0]!))), { formats: ['QRCode'], maxNumberOfSymbols: 20 });
      const origin = server.ctx.config.publicUrl;
      expect(new Set(found.map((f) => f.text))).toEqual(new Set(ids.map((id) => equipmentCode(origin, id))));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints a site’s room on every format, starting further on a used sheet', async () => {
    for (const format of ['L7160', 'L7163', 'L7651', 'A4_24']) {
      const answer = await call({ method: 'POST', url: '/labels.pdf', payload: { format, siteId: siteA, room: 'Local T1', start: 5 } });
      expect(answer.status, `${format}: ${answer.text}`).toBe(200);
      expect(answer.raw.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });
});
