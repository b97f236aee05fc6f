/**
 * Labels by the equipment list's filters: the label routes take the list's own query (search,
 * site, article, category, status, check), so "Print labels" on a filtered list prints what the
 * list shows, in its order; a filter matching nothing is refused with its key, a bad one with 400.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabelItem } from '../../common/modules/inventory/audit.js';
import type { EquipmentRow } from '../../common/modules/inventory/catalog.js';
import type { Page } from '../../common/schemas/platform.js';
import { accountId, districtId } from './actions-fixtures.js';
import { apiCaller, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
let manager: string;
let lyon: string;
let operatorId: string;
let siteA: string;
let defibrillator: string;
const tags: Record<'accueil' | 'gymnase' | 'ancien' | 'hall', string> = { accueil: '', gymnase: '', ancien: '', hall: '' };
const tagOf = (id: string) => `T-${id.slice(0, 6)}`;
const marker = randomUUID().slice(0, 6);

const call = apiCaller(() => server, '/api/inventory', () => manager);

async function insertItem(name: string, articleId: string, siteId: string, status = 'inService'): Promise<string> {
  const id = randomUUID();
  await (await server.databases.client('acme')).query(
    `insert into inventory_equipment (id, district_id, article_id, name, tag, site_id, room, status, created_by) values ($1, $2, $3, $4, $5, $6, 'Hall', $7, $8)`,
    [id, lyon, articleId, name, tagOf(id), siteId, status, operatorId],
  );
  return id;
}

beforeAll(async () => {
  server = await startTestServer();
  lyon = await districtId(server, 'Lyon');
  operatorId = await accountId(server, 'operator@demo.vigie.test');
  manager = (await login(server, 'operator@demo.vigie.test')).token;
  const acme = await server.databases.client('acme');
  const sites = await acme.query<{ id: string }>('select id from sites where district_id = $1 and deleted_at is null order by name limit 2', [lyon]);
  siteA = sites.rows[0]!.id;
  defibrillator = randomUUID();
  await acme.query(`insert into inventory_articles (id, district_id, name, created_by) values ($1, $2, $3, $4)`, [defibrillator, lyon, `DAE ${marker}`, operatorId]);
  const extinguisher = randomUUID();
  await acme.query(`insert into inventory_articles (id, district_id, name, created_by) values ($1, $2, $3, $4)`, [extinguisher, lyon, `Extincteur ${marker}`, operatorId]);
  tags.accueil = tagOf(await insertItem(`DAE accueil ${marker}`, defibrillator, siteA));
  tags.gymnase = tagOf(await insertItem(`DAE gymnase ${marker}`, defibrillator, sites.rows[1]!.id));
  tags.ancien = tagOf(await insertItem(`DAE ancien ${marker}`, defibrillator, siteA, 'retired'));
  tags.hall = tagOf(await insertItem(`Extincteur hall ${marker}`, extinguisher, siteA));
});
afterAll(() => server?.destroy());

describe('labels by the equipment list’s filters', () => {
  it('hold the items the filtered list shows, in its order, and print them', async () => {
    const filters = { article: defibrillator, status: 'inService' };
    const query = new URLSearchParams(filters).toString();
    const list = await call<Page<EquipmentRow>>({ url: `/equipment?${query}` });
    expect(list.data.items.map((i) => i.name).sort()).toEqual([`DAE accueil ${marker}`, `DAE gymnase ${marker}`]);
    const preview = await call<LabelItem[]>({ url: `/labels/items?${query}` });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.data.map((i) => i.id)).toEqual(list.data.items.map((i) => i.id));

    const bySearch = await call<LabelItem[]>({ url: `/labels/items?search=${encodeURIComponent(`hall ${marker}`)}&site=${siteA}` });
    expect(bySearch.data.map((i) => i.name)).toEqual([`Extincteur hall ${marker}`]);

    const answer = await call({ method: 'POST', url: '/labels.pdf', payload: { format: 'L7160', filter: filters } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'vigie-labels-filter-'));
    try {
      writeFileSync(join(dir, 'labels.pdf'), answer.raw);
      const text = execFileSync('pdftotext', [join(dir, 'labels.pdf'), '-'], { encoding: 'utf8' });
      expect(text).toContain(tags.accueil);
      expect(text).toContain(tags.gymnase);
      expect(text).not.toContain(tags.ancien);
      expect(text).not.toContain(tags.hall);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a filter matching nothing with its key, and a malformed filter with 400', async () => {
    const none = await call({ method: 'POST', url: '/labels.pdf', payload: { format: 'L7160', filter: { search: `personne ${randomUUID()}` } } });
    expect([none.status, none.body.message]).toEqual([400, 'inventory.audit.no_labels']);
    expect((await call({ method: 'POST', url: '/labels.pdf', payload: { format: 'L7160', filter: { colour: 'red' } } })).status).toBe(400);
    expect((await call({ url: '/labels/items?site=not-a-uuid' })).status).toBe(400);
  });
});
