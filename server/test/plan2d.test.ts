/**
 * The 2D plans (/api/plan2d): the demo plans with pins of every layer and zones; a plan made
 * from an uploaded image, a new revision from a PDF page rasterised on the server, the pins and
 * zones kept across revisions (moved by a registration when one is given); a field user's pin
 * of the declaration it reports; the district's scope; bad input refused with its key.
 */
import { randomUUID } from 'node:crypto';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Candidate, Pin, Plan, PlanSheet } from '../../common/modules/plan2d/schemas.js';
import { accountId, districtId, setRights } from './actions-fixtures.js';
import { TusClient } from './attachments-tus.js';
import { apiCaller, bearer, listenOnLoopback, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
let base: string;
let manager: string;
let field: string;
let fieldId: string;
let lyon: string;
let siteId: string;

const call = apiCaller(() => server, '/api/plan2d', () => manager);

/** Uploads `data` with tus as a source of plan `planId`; answers its attachment id. */
async function upload(planId: string, name: string, type: string, data: Buffer, token = manager): Promise<string> {
  const attachmentId = randomUUID();
  const tus = new TusClient(base, token);
  const created = await tus.createWith({ attachmentId, module: 'plan2d', recordId: planId, name, type }, data.length, data);
  expect(created.status).toBe(201);
  return attachmentId;
}

const floorPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="20" y="20" width="${width - 40}" height="${height - 40}" fill="none" stroke="black" stroke-width="6"/></svg>`) }])
    .png()
    .toBuffer();

async function twoPagePdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape' });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => doc.on('end', resolve));
  doc.text('Sommaire');
  doc.addPage({ size: 'A4', layout: 'landscape' });
  doc.rect(40, 40, 760, 515).lineWidth(4).stroke();
  doc.text('Rez-de-chaussée, indice B', 60, 60);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

async function newPlan(): Promise<Plan> {
  const id = randomUUID();
  const sourceId = await upload(id, 'plan.png', 'image/png', await floorPng(800, 500));
  const made = await call<Plan>({ method: 'POST', url: '/plans', payload: { id, siteId, level: 'R+2', name: 'Deuxième étage', sourceId } });
  expect(made.status, made.text).toBe(201);
  return made.data;
}

beforeAll(async () => {
  server = await startTestServer();
  base = await listenOnLoopback(server);
  manager = (await login(server, 'operator@demo.vigie.test')).token;
  field = (await login(server, 'field@demo.vigie.test')).token;
  fieldId = await accountId(server, 'field@demo.vigie.test');
  lyon = await districtId(server, 'Lyon');
  const acme = await server.databases.client('acme');
  siteId = (await acme.query<{ id: string }>('select site_id as id from plan2d_plans where district_id = $1 and level = $2 order by created_at limit 1', [lyon, 'R+1'])).rows[0]!.id;
});
afterAll(() => server?.destroy());

describe('the demo plans', () => {
  it('has two levels on the first site, pins of every layer with their titles, and the three kinds of zones', async () => {
    const plans = await call<Plan[]>({ url: `/sites/${siteId}/plans` });
    expect(plans.data.map((p) => p.level)).toEqual(['R+1', 'RDC']);
    const ground = plans.data.find((p) => p.level === 'RDC')!;
    const sheet = await call<PlanSheet>({ url: `/plans/${ground.id}` });
    expect(sheet.status).toBe(200);
    expect(new Set(sheet.data.pins.map((p) => p.kind))).toEqual(new Set(['equipment', 'poi', 'declaration', 'action', 'stage', 'contact']));
    expect(sheet.data.pins.every((p) => typeof p.title === 'string' && p.title.length > 0)).toBe(true);
    expect(sheet.data.zones.map((z) => z.type).sort()).toEqual(['assembly', 'risk', 'route']);
    // The image is served to a reader of the sites.
    const image = await server.app.inject({ method: 'GET', url: `/api/attachments/${ground.imageId}`, headers: bearer(field) });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);
  });

  it('shows a reader only the layers of the modules it reads', async () => {
    const reader = await accountId(server, 'districts@demo.vigie.test');
    await setRights(server, reader, lyon, ['sites.read']);
    const token = (await login(server, 'districts@demo.vigie.test')).token;
    const plans = await call<Plan[]>({ url: `/sites/${siteId}/plans`, token });
    const sheet = await call<PlanSheet>({ url: `/plans/${plans.data.find((p) => p.level === 'RDC')!.id}`, token });
    expect(new Set(sheet.data.pins.map((p) => p.kind))).toEqual(new Set(['stage']));
    const candidates = await call<Candidate[]>({ url: `/sites/${siteId}/candidates`, token });
    expect(new Set(candidates.data.map((c) => c.kind))).toEqual(new Set(['stage']));
  });
});

describe('revisions', () => {
  it('keeps the pins and zones across a new revision rasterised from a PDF page', async () => {
    const plan = await newPlan();
    expect(plan).toMatchObject({ revision: 1, width: 800, height: 500, pins: 0, calibration: null });
    const candidates = await call<Candidate[]>({ url: `/sites/${siteId}/candidates` });
    const equipment = candidates.data.find((c) => c.kind === 'equipment')!;
    const pin = await call<Pin>({ method: 'POST', url: `/plans/${plan.id}/pins`, payload: { id: randomUUID(), kind: 'equipment', recordId: equipment.id, x: 0.25, y: 0.5 } });
    expect([pin.status, pin.data.title]).toEqual([201, equipment.title]);
    const zone = await call({ method: 'POST', url: `/plans/${plan.id}/zones`, payload: { id: randomUUID(), type: 'route', name: 'Sortie ouest', colour: '#2E7D32', points: [{ x: 0.5, y: 0.5 }, { x: 0.1, y: 0.5 }] } });
    expect(zone.status, zone.text).toBe(201);
    const calibrated = await call<Plan>({ method: 'PATCH', url: `/plans/${plan.id}`, payload: { baseVersion: plan.version, changes: { calibration: { a: { x: 0.1, y: 0.1 }, b: { x: 0.9, y: 0.1 }, meters: 32 } } } });
    expect(calibrated.status, calibrated.text).toBe(200);

    const sourceId = await upload(plan.id, 'plan-indice-B.pdf', 'application/pdf', await twoPagePdf());
    const next = await call<Plan>({ method: 'POST', url: `/plans/${plan.id}/revisions`, payload: { baseVersion: calibrated.data.version, sourceId, page: 2 } });
    expect(next.status, next.text).toBe(200);
    // The page, rasterised to the long edge, landscape as the page is.
    expect(next.data).toMatchObject({ revision: 2, width: 4096, pins: 1 });
    expect(next.data.height).toBeGreaterThan(2800);
    expect(next.data.imageId).not.toBe(sourceId);
    const image = await server.app.inject({ method: 'GET', url: `/api/attachments/${next.data.imageId}`, headers: bearer(manager) });
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(4096);

    const sheet = await call<PlanSheet>({ url: `/plans/${plan.id}` });
    expect(sheet.data.revisions.map((r) => [r.revision, r.page])).toEqual([
      [2, 2],
      [1, null],
    ]);
    expect(sheet.data.pins.map((p) => [p.id, p.x, p.y])).toEqual([[pin.data.id, 0.25, 0.5]]);
    expect(sheet.data.zones[0]!.points).toEqual([{ x: 0.5, y: 0.5 }, { x: 0.1, y: 0.5 }]);

    // A third revision registered on two points (the drawing moved and shrank by half): pins, zones and scale follow.
    const third = await upload(plan.id, 'plan-indice-C.png', 'image/png', await floorPng(800, 500));
    const registration = { from: [{ x: 0, y: 0 }, { x: 1, y: 0 }], to: [{ x: 0.5, y: 0.5 }, { x: 1, y: 0.5 }] };
    const moved = await call<Plan>({ method: 'POST', url: `/plans/${plan.id}/revisions`, payload: { baseVersion: next.data.version, sourceId: third, registration } });
    expect(moved.status, moved.text).toBe(200);
    const after = await call<PlanSheet>({ url: `/plans/${plan.id}` });
    expect(after.data.pins.map((p) => p.id)).toEqual([pin.data.id]);
    expect(after.data.pins[0]!.x).toBeCloseTo(0.625, 3);
    // A similarity keeps the drawing's shape: the page's height scaled as its width, in the new image's pixels.
    expect(after.data.pins[0]!.y).toBeCloseTo((250 + 0.5 * next.data.height * (400 / 4096)) / 500, 3);
    expect(after.data.zones[0]!.points[1]!.x).toBeCloseTo(0.55, 3);
    expect(after.data.plan.calibration!.b.x).toBeCloseTo(0.95, 3);

    // A revision from an outdated version is a conflict with the plan as it is.
    const stale = await call<Plan>({ method: 'POST', url: `/plans/${plan.id}/revisions`, payload: { baseVersion: plan.version, sourceId: third } });
    expect([stale.status, stale.body.message, stale.body.current?.revision]).toEqual([409, 'record.version_conflict', 3]);
  });

  it('refuses a page the PDF does not have, a file of another plan, a pin off the plan, a zone short of points, a record of nowhere', async () => {
    const plan = await newPlan();
    const pdf = await upload(plan.id, 'plan.pdf', 'application/pdf', await twoPagePdf());
    const other = await newPlan();
    const answers = await Promise.all([
      call({ method: 'POST', url: `/plans/${plan.id}/revisions`, payload: { baseVersion: plan.version, sourceId: pdf, page: 3 } }),
      call({ method: 'POST', url: `/plans/${plan.id}/revisions`, payload: { baseVersion: plan.version, sourceId: other.imageId } }),
      call({ method: 'POST', url: `/plans/${plan.id}/pins`, payload: { id: randomUUID(), kind: 'equipment', recordId: randomUUID(), x: 1.5, y: 0.5 } }),
      call({ method: 'POST', url: `/plans/${plan.id}/zones`, payload: { id: randomUUID(), type: 'risk', name: 'Zone', colour: '#ff0000', points: [{ x: 0.1, y: 0.1 }, { x: 0.2, y: 0.2 }] } }),
      call({ method: 'POST', url: `/plans/${plan.id}/pins`, payload: { id: randomUUID(), kind: 'equipment', recordId: randomUUID(), x: 0.5, y: 0.5 } }),
      call({ method: 'POST', url: `/plans/${plan.id}/pins`, payload: { id: randomUUID(), kind: 'drawing', recordId: randomUUID(), x: 0.5, y: 0.5 } }),
      call({ method: 'PATCH', url: `/plans/${plan.id}`, payload: { baseVersion: plan.version, changes: { calibration: { a: { x: 0.1, y: 0.1 }, b: { x: 0.1, y: 0.1 }, meters: 3 } } } }),
      call({ method: 'POST', url: '/plans', payload: { id: randomUUID(), siteId: randomUUID(), level: '', name: 'Nulle part', sourceId: pdf } }),
    ]);
    expect(answers.map((a) => [a.status, a.body.message])).toEqual([
      [400, 'plan2d.page_out_of_range'],
      [400, 'attachments.not_this_record'],
      [400, expect.stringMatching(/^validation\./)],
      [400, 'plan2d.zone_points'],
      [400, 'plan2d.record_not_found'],
      [400, expect.stringMatching(/^validation\./)],
      [400, 'plan2d.calibration_same_points'],
      [404, 'plan2d.site_not_found'],
    ]);
  });
});

describe('a field user reporting from the plan', () => {
  it('pins its own declaration (even before the declaration arrives), never another one, and changes nothing else', async () => {
    const plans = await call<Plan[]>({ url: `/sites/${siteId}/plans`, token: field });
    const plan = plans.data.find((p) => p.level === 'RDC')!;
    const acme = await server.databases.client('acme');
    const template = (await acme.query<{ id: string }>('select id from declaration_templates where district_id = $1 and deleted_at is null limit 1', [lyon])).rows[0]!.id;
    const declare = async (author: string, title: string) => {
      const id = randomUUID();
      await acme.query(
        `insert into declarations (id, district_id, template_id, template_version, site_id, occurred_at, captured_at, severity, title, search_text, created_by)
         values ($1, $2, $3, 1, $4, now(), now(), 'medium', $5, vigie_fold($5), $6)`,
        [id, lyon, template, siteId, title, author],
      );
      return id;
    };
    // The pin first: the outbox may deliver it before its declaration.
    const coming = randomUUID();
    const early = await call<Pin>({ method: 'POST', url: `/plans/${plan.id}/declaration-pins`, token: field, payload: { id: randomUUID(), recordId: coming, x: 0.4, y: 0.6 } });
    expect([early.status, early.data.title]).toEqual([201, null]);
    const mine = await declare(fieldId, 'Extincteur manquant couloir B');
    const pinned = await call<Pin>({ method: 'POST', url: `/plans/${plan.id}/declaration-pins`, token: field, payload: { id: randomUUID(), recordId: mine, x: 0.3, y: 0.7 } });
    expect([pinned.status, pinned.data.title]).toEqual([201, 'Extincteur manquant couloir B']);

    const theirs = await declare(await accountId(server, 'operator@demo.vigie.test'), 'Signalement d’un autre');
    const refused = await Promise.all([
      call({ method: 'POST', url: `/plans/${plan.id}/declaration-pins`, token: field, payload: { id: randomUUID(), recordId: theirs, x: 0.3, y: 0.7 } }),
      call({ method: 'POST', url: `/plans/${plan.id}/declaration-pins`, token: field, payload: { id: randomUUID(), recordId: mine, x: 0.5, y: 0.5 } }),
      call({ method: 'POST', url: `/plans/${plan.id}/pins`, token: field, payload: { id: randomUUID(), kind: 'declaration', recordId: mine, x: 0.5, y: 0.5 } }),
      call({ method: 'PATCH', url: `/pins/${pinned.data.id}`, token: field, payload: { baseVersion: 1, x: 0.5, y: 0.5 } }),
    ]);
    expect(refused.map((a) => [a.status, a.body.message])).toEqual([
      [403, 'plan2d.not_your_declaration'],
      [409, 'plan2d.already_pinned'],
      [403, 'auth.missing_rights'],
      [403, 'auth.missing_rights'],
    ]);
  });
});

describe('the district', () => {
  it('finds no plan, site or pin of another district', async () => {
    const marseille = await districtId(server, 'Marseille');
    const acme = await server.databases.client('acme');
    const theirs = (await acme.query<{ id: string; site: string; pin: string }>(
      'select p.id, p.site_id as site, (select id from plan2d_pins where plan_id = p.id limit 1) as pin from plan2d_plans p where p.district_id = $1 and exists (select 1 from plan2d_pins where plan_id = p.id) limit 1',
      [marseille],
    )).rows[0]!;
    const answers = await Promise.all([
      call({ url: `/plans/${theirs.id}` }),
      call({ url: `/sites/${theirs.site}/plans` }),
      call({ method: 'DELETE', url: `/pins/${theirs.pin}` }),
      call({ method: 'PATCH', url: `/plans/${theirs.id}`, payload: { baseVersion: 1, changes: { name: 'Pris' } } }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404]);
  });
});
