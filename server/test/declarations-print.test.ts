/**
 * A declaration printed as a PDF (GET /api/declarations/:id/print.pdf): a declaration reported
 * by the field user with photos and a signature uploaded through tus, followed up by a manager,
 * is printed in French and in English; the PDF's text is read back from its content streams
 * (inflated as any PDF reader does, decoded from WinAnsi), its pages and its images counted.
 * Another district's or an unknown declaration is 404; a call without a session is 401. The
 * demo seed gives some declarations photos, printed as well.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../common/api-types.js';
import type { Declaration, Template, TemplateField } from '../../common/modules/declarations/schemas.js';
import { printable } from '../src/modules/_platform/pdf.js';
import { printFileName, printLanguage } from '../src/modules/declarations/print.js';
import { noiseJpeg, TusClient } from './attachments-tus.js';
import { bearer, listenOnLoopback, login, startTestServer, type TestServer } from './helper.js';
import { imageSizes, pageCount, pdfText } from './pdf-text.js';

let server: TestServer;
let base: string;
/** The operator: declarations.admin, in Acme / Lyon. */
let manager: string;
/** The field user: declarations.read, in Acme / Lyon. */
let reader: string;
let lyonSite: string;

const FIELDS: TemplateField[] = [
  { key: 'zone', label: 'Zone concernée', kind: 'text', required: true },
  { key: 'injured', label: 'Personne blessée', kind: 'yesNo', required: true },
  { key: 'count', label: 'Nombre de personnes', kind: 'number', required: false },
  { key: 'day', label: 'Date de constat', kind: 'date', required: false },
  { key: 'ppe', label: 'EPI portés', kind: 'multiChoice', required: false, options: ['Casque', 'Gants', 'Lunettes'] },
  { key: 'photos', label: 'Photos du constat', kind: 'photo', required: false },
  { key: 'signature', label: 'Signature du témoin', kind: 'signature', required: false },
];

async function call<T>(method: 'GET' | 'POST', url: string, token: string, payload?: object, headers: Record<string, string> = {}) {
  const response = await server.app.inject({ method, url, headers: { ...bearer(token), ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}), ...headers }, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, data: response.headers['content-type']?.toString().startsWith('application/json') ? response.json<Envelope<T>>().data : (undefined as T), response };
}

const print = (id: string, language: string | null, token = reader) =>
  server.app.inject({ method: 'GET', url: `/api/declarations/${id}/print.pdf`, headers: { ...bearer(token), ...(language ? { 'accept-language': language } : {}) } });

/** Uploads `data` with tus as an attachment of declaration `recordId`; answers its id. */
async function upload(recordId: string, name: string, type: string, data: Buffer): Promise<string> {
  const tus = new TusClient(base, reader);
  const attachmentId = randomUUID();
  const created = await tus.create({ attachmentId, module: 'declarations', recordId, name, type, takenAt: '2026-03-02T08:12:00.000Z' }, data.length);
  expect(created.status).toBe(201);
  expect((await tus.send(attachmentId, data, 0, data.length)).status).toBe(204);
  return attachmentId;
}

let withPhotos: Declaration;
let withoutPhotos: Declaration;

beforeAll(async () => {
  server = await startTestServer();
  base = await listenOnLoopback(server);
  manager = (await login(server, 'operator@demo.vigie.test')).token;
  reader = (await login(server, 'field@demo.vigie.test')).token;
  const acme = await server.databases.client('acme');
  lyonSite = (await acme.query<{ id: string }>(`select s.id from sites s join districts d on d.id = s.district_id where d.name = 'Lyon' order by s.name limit 1`)).rows[0]!.id;

  const template = await call<Template>('POST', '/api/declarations/templates', manager, {
    id: randomUUID(),
    name: 'Incident imprimé',
    icon: 'warning',
    defaultSeverity: 'medium',
    fields: FIELDS,
    notify: [],
  });
  expect(template.status).toBe(201);
  const report = (id: string, overrides: object) => ({
    id,
    templateId: template.data.id,
    templateVersion: template.data.version,
    capturedAt: '2026-03-02T08:15:00.000Z',
    siteId: lyonSite,
    position: { lat: 45.75, lng: 4.85, accuracy: 12, source: 'device' },
    occurredAt: '2026-03-02T08:10:00.000Z',
    severity: 'high',
    title: 'Fuite d’huile près du quai 3',
    description: 'Flaque d’environ deux mètres, balisée. Coût estimé : 300 € « à vérifier ».',
    values: { zone: 'Quai 3', injured: true, count: 2, day: '2026-03-01', ppe: ['Casque', 'Gants'] },
    photos: [],
    ...overrides,
  });

  // Four photos of the declaration (one of 12 MP, downscaled in the PDF), one in its photo field, a signature.
  const id = randomUUID();
  const photos = [
    await upload(id, 'Vue générale.jpg', 'image/jpeg', await noiseJpeg(4000, 3000)),
    ...(await Promise.all([1, 2, 3].map(async (n) => upload(id, `Détail ${n}.jpg`, 'image/jpeg', await noiseJpeg(800, 600))))),
  ];
  const fieldPhoto = await upload(id, 'Constat.jpg', 'image/jpeg', await noiseJpeg(640, 480));
  const signature = await upload(
    id,
    'signature.png',
    'image/png',
    await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: Buffer.from('<svg width="300" height="100"><path d="M10 80 C 60 10, 120 90, 290 20" stroke="navy" stroke-width="4" fill="none"/></svg>') }])
      .png()
      .toBuffer(),
  );
  const created = await call<Declaration>('POST', '/api/declarations', reader, report(id, { photos, values: { ...report(id, {}).values, photos: [fieldPhoto], signature } }));
  expect(created.status).toBe(201);
  expect(await call('POST', `/api/declarations/${id}/comments`, manager, { id: randomUUID(), text: 'Absorbant posé, à surveiller demain.' })).toMatchObject({ status: 201 });
  const seen = await call<Declaration>('GET', `/api/declarations/${id}`, manager);
  const stepped = await call<Declaration>('POST', `/api/declarations/${id}/status`, manager, { baseVersion: seen.data.version, status: 'investigating', reason: 'Joint du compresseur à changer' });
  expect(stepped.status).toBe(200);
  withPhotos = stepped.data;

  const plain = await call<Declaration>('POST', '/api/declarations', reader, report(randomUUID(), { title: 'Sans photo' }));
  expect(plain.status).toBe(201);
  withoutPhotos = plain.data;
}, 120_000);
afterAll(() => server?.destroy());

describe('GET /api/declarations/:id/print.pdf', () => {
  it('prints the declaration in French by default: its fields, photos, signature, investigation, comments and status history', async () => {
    const response = await print(withPhotos.id, null);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="declaration-fuite-d-huile-pres-du-quai-3.pdf"');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(pdf)).toBeGreaterThanOrEqual(2);
    const text = pdfText(pdf);
    for (const expected of [
      'Fuite d’huile près du quai 3',
      'Incident imprimé (révision 1)',
      'Statut',
      'En cours d’analyse',
      'Élevée',
      // Times in Paris (UTC+1 in March), day/month/year.
      '02/03/2026 09:10',
      'Zone concernée',
      'Quai 3',
      'Personne blessée',
      'Oui',
      '01/03/2026',
      'Casque, Gants',
      'Photos du constat',
      'Signature du témoin',
      'Coût estimé : 300 € « à vérifier ».',
      'Absorbant posé, à surveiller demain.',
      'Historique du statut',
      'Motif : Joint du compresseur à changer',
      'Vue générale.jpg',
      'Page 1 / ',
    ]) {
      expect(text).toContain(expected);
    }
    // Six images: four photos, the field's photo, the signature; the 4000 × 3000 one downscaled to 1200 px.
    const sizes = imageSizes(pdf);
    expect(sizes).toHaveLength(6);
    expect(sizes).toContainEqual([1200, 900]);
    expect(Math.max(...sizes.flat())).toBeLessThanOrEqual(1200);
    const plain = await print(withoutPhotos.id, null);
    console.log(`PDF sizes: 0 photos ${plain.rawPayload.length} bytes (${pageCount(plain.rawPayload)} page(s)), 5 photos and a signature ${pdf.length} bytes (${pageCount(pdf)} pages)`);
    expect(pdf.length).toBeLessThan(5 * 1024 * 1024);
  });

  it('prints in English when the request prefers it', async () => {
    const response = await print(withPhotos.id, 'en-GB,en;q=0.9,fr;q=0.5');
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    for (const expected of ['Status', 'Under investigation', 'Severity', 'High', 'Yes', '03/02/2026', 'Status history', 'Reason: Joint du compresseur à changer', 'Page 1 of ']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Historique du statut');
  });

  it('prints without photos on one page or more, and any text (curly quotes, euro, emoji, other scripts) without failing', async () => {
    const plain = await print(withoutPhotos.id, 'fr');
    expect(plain.statusCode).toBe(200);
    expect(pdfText(plain.rawPayload)).toContain('Sans photo');
    const patched = await server.app.inject({
      method: 'PATCH',
      url: `/api/declarations/${withoutPhotos.id}`,
      headers: { ...bearer(reader), 'idempotency-key': randomUUID() },
      payload: { baseVersion: withoutPhotos.version, changes: { title: '“Fuite” – 5 € ✓ 😀 中文 Łódź', description: 'Ligne 1\r\nLigne\t2' } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const response = await print(withoutPhotos.id, 'fr');
    expect(response.statusCode).toBe(200);
    expect(pdfText(response.rawPayload)).toContain('“Fuite” – 5 € ? ? ?? Lódz');
    expect(response.headers['content-disposition']).toBe('attachment; filename="declaration-fuite-5-lodz.pdf"');
  });

  it('is 404 for another district\'s or an unknown declaration, 401 without a session', async () => {
    const acme = await server.databases.client('acme');
    const { rows } = await acme.query<{ id: string }>(`select x.id from declarations x join districts d on d.id = x.district_id where d.name = 'Marseille' limit 1`);
    expect(rows).toHaveLength(1);
    expect((await print(rows[0]!.id, null, manager)).statusCode).toBe(404);
    expect((await print(randomUUID(), null)).statusCode).toBe(404);
    const anonymous = await server.app.inject({ method: 'GET', url: `/api/declarations/${withPhotos.id}/print.pdf` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('prints a seeded declaration with its demo photos', async () => {
    const acme = await server.databases.client('acme');
    const { rows } = await acme.query<{ id: string; photos: number }>(
      `select x.id, cardinality(x.photos) as photos from declarations x join districts d on d.id = x.district_id
        where d.name = 'Lyon' and cardinality(x.photos) > 0 order by x.occurred_at`,
    );
    // About one in four of the forty.
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.length).toBeLessThanOrEqual(12);
    const response = await print(rows[0]!.id, null);
    expect(response.statusCode).toBe(200);
    expect(imageSizes(response.rawPayload)).toHaveLength(rows[0]!.photos);
  });
});

describe('the print helpers', () => {
  it('take the language from Accept-Language, French by default', () => {
    expect(printLanguage(undefined)).toBe('fr');
    expect(printLanguage('de-DE, en;q=0.8')).toBe('en');
    expect(printLanguage('en;q=0.5, fr-CA;q=0.8')).toBe('fr');
    expect(printLanguage('fr;q=0, en')).toBe('en');
    expect(printLanguage('de, it')).toBe('fr');
  });

  it('name the file after the title, or the id', () => {
    expect(printFileName({ id: 'x', title: 'Œuvre à « risque » n°3' })).toBe('declaration-oeuvre-a-risque-n-3.pdf');
    expect(printFileName({ id: '0f8a', title: '中文' })).toBe('declaration-0f8a.pdf');
  });

  it('keep what Helvetica draws and replace the rest', () => {
    expect(printable('é è à ç œ Œ « » ’ “ ” € – —')).toBe('é è à ç œ Œ « » ’ “ ” € – —');
    expect(printable('ą ✓\t😀 Łódź')).toBe('a ?    ? Lódz');
  });
});
