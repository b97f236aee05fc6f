/**
 * The attachment rules of every module (server/src/attachments). Who attaches files to a
 * record (ATTACHMENT_MODULES): a manager
 * of the module, or the record's author or assignee with the read right; another reader of
 * the district is refused (403 upload.not_yours where it sees the record, 404 where its read
 * right does not reach it), uploads nothing, continues no one else's upload and deletes no
 * one's file; a locked record takes no new file (423). Walked for every module that takes
 * files, so a module added without a case here fails the first test. And the attachment ids
 * a write names (a stage's image, a declaration's photos): another district's file, or
 * another record's, is refused (400 attachments.not_this_record) and nothing is written.
 * And thumbnails: only the format an upload declared is decoded, within a pixel limit; other
 * bytes get none (404 attachments.no_thumbnail), never a 500.
 */
import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_RIGHTS } from '../../common/rights.js';
import { ATTACHMENT_MODULES } from '../src/attachments/index.js';
import '../src/modules/index.js';
import { noiseJpeg, TusClient } from './attachments-tus.js';
import { bearer, listenOnLoopback, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
let base: string;
let photo: Buffer;
let lyon: string;
let siteId: string;
let operatorId: string;

/** The operator (every right), and three members holding the read right of every module that takes files. */
const people = {} as Record<'manager' | 'author' | 'assignee' | 'stranger', { id: string; tus: TusClient }>;

const READ_RIGHTS = [...new Set(Object.values(ATTACHMENT_MODULES).flatMap((rule) => rule.features.flatMap((feature) => FEATURE_RIGHTS[feature].read)))];

async function member(email: string, managerToken: string): Promise<{ id: string; tus: TusClient }> {
  const created = await server.app.inject({ method: 'POST', url: '/api/users', headers: bearer(managerToken), payload: { email, password: 'a-long-password-1', rights: READ_RIGHTS } });
  if (created.statusCode !== 201) throw new Error(`POST /api/users: ${created.body}`);
  const { token } = await login(server, email, 'a-long-password-1');
  return { id: (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub, tus: new TusClient(base, token) };
}

/**
 * A record of each module written by `author` and assigned to `assignee` (where the module
 * has an assignee), in Acme / Lyon; its id. Sites name no owner: a site of the district.
 */
async function dsaArea(author: string): Promise<string> {
  const db = await server.databases.client('acme');
  const id = randomUUID();
  await db.query(`insert into dsa_areas (id, district_id, site_id, name, created_by) values ($1, $2, $3, $4, $5)`, [id, lyon, siteId, `Échange ${id.slice(0, 8)}`, author]);
  return id;
}

const RECORDS: Record<string, (author: string, assignee: string) => Promise<string>> = {
  sites: async () => siteId,
  declarations: async (author, assignee) => {
    const db = await server.databases.client('acme');
    const template = randomUUID();
    const id = randomUUID();
    await db.query(`insert into declaration_templates (id, district_id, name, icon, default_severity, fields, notify, created_by) values ($1, $2, 'Incident', 'warning', 'high', '[]', '{}', $3)`, [template, lyon, operatorId]);
    await db.query(`insert into declaration_template_versions (template_id, version, name, icon, default_severity, fields, notify) values ($1, 1, 'Incident', 'warning', 'high', '[]', '{}')`, [template]);
    await db.query(
      `insert into declarations (id, district_id, template_id, template_version, site_id, occurred_at, captured_at, severity, title, assignee_id, created_by)
       values ($1, $2, $3, 1, $4, now(), now(), 'high', 'Fuite', $5, $6)`,
      [id, lyon, template, siteId, assignee, author],
    );
    return id;
  },
  questionnaires: async (author, assignee) => {
    const db = await server.databases.client('acme');
    const template = randomUUID();
    const id = randomUUID();
    const sections = JSON.stringify([{ key: 's', title: 'Section', questions: [{ key: 'q', type: 'yesNo', label: 'Question', required: true }] }]);
    await db.query(`insert into questionnaire_templates (id, district_id, family, name, sections, question_count, created_by) values ($1, $2, 'questionnary', 'Visite', $3, 1, $4)`, [template, lyon, sections, operatorId]);
    await db.query(`insert into questionnaire_template_versions (template_id, version, name, description, sections, question_count) values ($1, 1, 'Visite', '', $2, 1)`, [template, sections]);
    await db.query(
      `insert into inspections (id, district_id, family, template_id, template_version, site_id, assignee_id, status, created_by) values ($1, $2, 'questionnary', $3, 1, $4, $5, 'inProgress', $6)`,
      [id, lyon, template, siteId, assignee, author],
    );
    return id;
  },
  actions: async (author, assignee) => {
    const db = await server.databases.client('acme');
    const id = randomUUID();
    await db.query(`insert into actions (id, district_id, title, site_id, assignee_id, priority, status, created_by) values ($1, $2, 'Réparer', $3, $4, 'high', 'todo', $5)`, [id, lyon, siteId, assignee, author]);
    return id;
  },
  // A supplier's document (its scan): the suppliers' managers' only.
  supplier: async (author) => {
    const db = await server.databases.client('acme');
    const supplier = randomUUID();
    const id = randomUUID();
    await db.query(`insert into suppliers (id, district_id, name, created_by) values ($1, $2, 'Fournisseur des pièces', $3)`, [supplier, lyon, author]);
    await db.query(`insert into supplier_documents (id, district_id, supplier_id, kind, title, created_by) values ($1, $2, $3, 'insurance', 'Attestation', $4)`, [id, lyon, supplier, author]);
    return id;
  },
  // A contract (its signed PDF), managed by `author`: the contracts' managers' only.
  contract: async (author) => {
    const db = await server.databases.client('acme');
    const supplier = randomUUID();
    const id = randomUUID();
    await db.query(`insert into suppliers (id, district_id, name, created_by) values ($1, $2, 'Fournisseur du contrat', $3)`, [supplier, lyon, author]);
    await db.query(`insert into contracts (id, district_id, supplier_id, type, name, owner_id, created_by) values ($1, $2, $3, 'maintenance', 'Contrat signé', $4, $4)`, [id, lyon, supplier, author]);
    return id;
  },
  // An article's photo and manual: the catalog's managers' only.
  inventory_article: async (author) => {
    const db = await server.databases.client('acme');
    const id = randomUUID();
    await db.query(`insert into inventory_articles (id, district_id, name, created_by) values ($1, $2, 'Extincteur 6 L', $3)`, [id, lyon, author]);
    return id;
  },
  // An item's photos: the equipment's managers' only.
  inventory_equipment: async (author) => {
    const db = await server.databases.client('acme');
    const article = randomUUID();
    const id = randomUUID();
    await db.query(`insert into inventory_articles (id, district_id, name, created_by) values ($1, $2, 'Extincteur CO2', $3)`, [article, lyon, author]);
    await db.query(`insert into inventory_equipment (id, district_id, article_id, name, site_id, created_by) values ($1, $2, $3, 'Extincteur hall', $4, $5)`, [id, lyon, article, siteId, author]);
    return id;
  },
  // A sharing bank resource's files (any type): the bank's administrators' only.
  sharingBank: async (author) => {
    const db = await server.databases.client('acme');
    const id = randomUUID();
    await db.query(`insert into sharing_resources (id, district_id, title, kind, created_by) values ($1, $2, 'Procédure d’évacuation', 'procedure', $3)`, [id, lyon, author]);
    return id;
  },
  // A document of a site's folder (its versions): the managers' of the sites or of the explorer only.
  files: async (author) => {
    const db = await server.databases.client('acme');
    const folder = randomUUID();
    const id = randomUUID();
    await db.query(`insert into file_folders (id, district_id, site_id, name, created_by) values ($1, $2, $3, $4, $5)`, [folder, lyon, siteId, `Dossier ${folder.slice(0, 8)}`, author]);
    await db.query(`insert into file_documents (id, district_id, folder_id, site_id, name, created_by) values ($1, $2, $3, $4, 'Registre.pdf', $5)`, [id, lyon, folder, siteId, author]);
    return id;
  },
  // A data-sharing area: the district's documents and the outside party's deposits, the managers' only.
  dsa: async (author) => dsaArea(author),
  dsa_deposits: async (author) => dsaArea(author),
  // A site's 2D plan (its versions' images) and a site's 360 tour (its captures): the sites' managers'.
  plan2d: async (author) => {
    const db = await server.databases.client('acme');
    const id = randomUUID();
    await db.query(`insert into plan2d_plans (id, district_id, site_id, name, image_id, width, height, created_by) values ($1, $2, $3, 'RDC', $4, 800, 600, $5)`, [id, lyon, siteId, randomUUID(), author]);
    return id;
  },
  view360: async (author) => {
    const db = await server.databases.client('acme');
    const id = randomUUID();
    await db.query(`insert into sites (id, district_id, name, created_by) values ($1, $2, $3, $4)`, [id, lyon, `Site ${id.slice(0, 8)}`, author]);
    return id;
  },
  // A prevention plan's signature: its picture is the signer's (a reader who signs) or a manager's.
  thirdPartySignatures: async (author) => {
    const db = await server.databases.client('acme');
    const [company, intervention, id] = [randomUUID(), randomUUID(), randomUUID()];
    await db.query(`insert into tp_companies (id, district_id, name, created_by) values ($1, $2, 'Elec Services Rhône', $3)`, [company, lyon, operatorId]);
    await db.query(`insert into tp_interventions (id, district_id, company_id, site_id, name, starts_on, ends_on, worker_ids, created_by) values ($1, $2, $3, $4, 'Tableau électrique', current_date, current_date, '{}', $5)`, [
      intervention, lyon, company, siteId, operatorId,
    ]);
    await db.query(`insert into tp_plan_signatures (id, district_id, intervention_id, plan_version, role, name, attachment_id, sections, signed_at, created_by) values ($1, $2, $3, 1, 'company', 'J. Martin', $4, '[]', now(), $5)`, [
      id, lyon, intervention, randomUUID(), author,
    ]);
    return id;
  },
};

/** A complete attachment row (the checks read the row, not the bytes) of a record of `district`; its id. */
async function fileOf(district: string, module: string, recordId: string): Promise<string> {
  const db = await server.databases.client('acme');
  const id = randomUUID();
  await db.query(
    `insert into attachments (id, district_id, module, record_id, name, type, size, storage_key, sha256, state, created_by)
     values ($1, $2, $3, $4, 'photo.jpg', 'image/jpeg', 3, $5, 'abc', 'complete', $6)`,
    [id, district, module, recordId, `acme/${id}`, operatorId],
  );
  return id;
}

const meta = (module: string, recordId: string, attachmentId = randomUUID()) => ({ attachmentId, module, recordId, name: 'photo.jpg', type: 'image/jpeg' });

async function attachmentRows(recordId: string): Promise<{ id: string; created_by: string }[]> {
  const db = await server.databases.client('acme');
  return (await db.query<{ id: string; created_by: string }>('select id, created_by from attachments where record_id = $1 order by created_at', [recordId])).rows;
}

beforeAll(async () => {
  server = await startTestServer();
  base = await listenOnLoopback(server);
  photo = await noiseJpeg(40, 30);
  const operator = await login(server, 'operator@demo.vigie.test');
  operatorId = (JSON.parse(Buffer.from(operator.token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
  lyon = operator.session.district._id;
  const db = await server.databases.client('acme');
  siteId = (await db.query<{ id: string }>('select id from sites where district_id = $1 order by name limit 1', [lyon])).rows[0]!.id;
  people.manager = { id: operatorId, tus: new TusClient(base, operator.token) };
  people.author = await member('author@owners.test', operator.token);
  people.assignee = await member('assignee@owners.test', operator.token);
  people.stranger = await member('stranger@owners.test', operator.token);
});
afterAll(() => server?.destroy());

describe('who attaches files to a record', () => {
  it('has a record case for every module that takes files', () => {
    expect(Object.keys(RECORDS).sort()).toEqual(Object.keys(ATTACHMENT_MODULES).sort());
  });

  for (const module of Object.keys(RECORDS)) {
    it(`${module}: the author, the assignee or a manager attaches; another reader of the district neither attaches, continues an upload nor deletes`, async () => {
      const rule = ATTACHMENT_MODULES[module]!;
      const recordId = await RECORDS[module]!(people.author.id, people.assignee.id);
      // A rule naming one owner (a signature's signer) has no assignee: the assignee is then another reader.
      const owners = [people.author, people.assignee].slice(0, rule.owners.length);
      const attachers = [...owners, people.manager];
      const refused = [people.author, people.assignee, people.stranger].filter((who) => !owners.includes(who));
      for (const who of attachers) {
        const made = await who.tus.createWith(meta(module, recordId), photo.length, photo);
        expect(made.status, `${module}: ${who.id}`).toBe(201);
      }
      const rows = await attachmentRows(recordId);
      expect(rows.map((r) => r.created_by)).toEqual(attachers.map((who) => who.id));
      for (const who of refused) {
        const attempt = await who.tus.createWith(meta(module, recordId), photo.length, photo);
        const expected =
          rule.owners.length === 0 ? { status: 403, message: 'auth.missing_rights' } : rule.ownersOnly ? { status: 404, message: 'upload.record_not_found' } : { status: 403, message: 'upload.not_yours' };
        expect({ status: attempt.status, message: ((await attempt.json()) as { message: string }).message }, module).toEqual(expected);
        // An upload another member started is not continued by this one, nor is its file deleted.
        const started = rows[0]!.id;
        expect((await who.tus.head(started)).status).toBeGreaterThanOrEqual(403);
        expect((await who.tus.patch(started, photo.length, Buffer.alloc(0))).status).toBeGreaterThanOrEqual(403);
        const deleted = await fetch(`${base}/api/attachments/${started}`, { method: 'DELETE', headers: bearer(who.tus.token) });
        expect([403, 404]).toContain(deleted.status);
      }
      expect(await attachmentRows(recordId)).toEqual(rows);
    });
  }

  it('an upload in progress is continued by the account that started it only', async () => {
    const recordId = await RECORDS.declarations!(people.author.id, people.assignee.id);
    const started = meta('declarations', recordId);
    expect((await people.author.tus.create(started, photo.length)).status).toBe(201);
    // The assignee may attach to this declaration, but not into the author's upload.
    expect((await people.assignee.tus.patch(started.attachmentId, 0, photo)).status).toBe(404);
    expect((await people.assignee.tus.create(started, photo.length)).status).toBe(409);
    expect((await people.author.tus.patch(started.attachmentId, 0, photo)).status).toBe(204);
  });

  it('a locked record (a closed declaration, a submitted inspection) takes no new file, even from its author or a manager', async () => {
    const db = await server.databases.client('acme');
    for (const module of Object.keys(ATTACHMENT_MODULES).filter((m) => ATTACHMENT_MODULES[m]!.locks)) {
      const recordId = await RECORDS[module]!(people.author.id, people.assignee.id);
      await db.query(`update ${ATTACHMENT_MODULES[module]!.table} set locked_at = now() where id = $1`, [recordId]);
      for (const who of [people.author, people.manager]) {
        const attempt = await who.tus.createWith(meta(module, recordId), photo.length, photo);
        expect(attempt.status, module).toBe(423);
        expect(((await attempt.json()) as { message: string }).message).toBe('upload.record_locked');
      }
      expect(await attachmentRows(recordId)).toEqual([]);
    }
  });
});

describe('the attachment ids a write names', () => {
  let marseille: string;
  let marseilleSite: string;
  let token: string;
  const call = (method: 'POST' | 'PATCH', url: string, payload: object) => server.app.inject({ method, url, headers: bearer(token), payload });
  beforeAll(async () => {
    const db = await server.databases.client('acme');
    marseille = (await db.query<{ id: string }>(`select id from districts where name = 'Marseille'`)).rows[0]!.id;
    marseilleSite = (await db.query<{ id: string }>('select id from sites where district_id = $1 limit 1', [marseille])).rows[0]!.id;
    token = people.manager.tus.token;
  });

  it("a site stage refuses another district's or another site's file, and takes its own site's or one still to be uploaded", async () => {
    const foreign = await fileOf(marseille, 'sites', marseilleSite);
    const otherRecord = await fileOf(lyon, 'declarations', randomUUID());
    for (const attachmentId of [foreign, otherRecord]) {
      const refused = await call('POST', `/api/sites/${siteId}/stages`, { id: randomUUID(), kind: 'threeSixty', name: `Refusé ${attachmentId.slice(0, 6)}`, attachmentId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: 'attachments.not_this_record', details: 'attachmentId' });
    }
    const own = await fileOf(lyon, 'sites', siteId);
    const stage = randomUUID();
    expect((await call('POST', `/api/sites/${siteId}/stages`, { id: stage, kind: 'threeSixty', name: 'Hall', attachmentId: own })).statusCode).toBe(200);
    const patched = await call('PATCH', `/api/sites/${siteId}/stages/${stage}`, { attachmentId: foreign });
    expect(patched.statusCode).toBe(400);
    expect(patched.json()).toEqual({ message: 'attachments.not_this_record', details: 'attachmentId' });
    // The app sends a stage before its image's upload: an id no upload has taken yet is taken.
    expect((await call('PATCH', `/api/sites/${siteId}/stages/${stage}`, { attachmentId: randomUUID() })).statusCode).toBe(200);
    const db = await server.databases.client('acme');
    const stages = (await db.query<{ attachment_id: string }>('select attachment_id from site_stages where site_id = $1', [siteId])).rows.map((r) => r.attachment_id);
    expect(stages).not.toContain(foreign);
    expect(stages).not.toContain(otherRecord);
  });

  it("a declaration refuses another district's file as its photo", async () => {
    const db = await server.databases.client('acme');
    const declaration = await RECORDS.declarations!(operatorId, operatorId);
    const { rows } = await db.query<{ template_id: string }>('select template_id from declarations where id = $1', [declaration]);
    const foreign = await fileOf(marseille, 'declarations', randomUUID());
    const id = randomUUID();
    const refused = await call('POST', '/api/declarations', {
      id, templateId: rows[0]!.template_id, templateVersion: 1, capturedAt: '2026-03-02T08:15:00.000Z', siteId: null, position: null,
      occurredAt: '2026-03-02T08:10:00.000Z', severity: 'high', title: 'Photo volée', description: '', values: {}, photos: [foreign],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'attachments.not_this_record', details: 'photos' });
    expect((await db.query('select 1 from declarations where id = $1', [id])).rows).toEqual([]);
  });
});

/** A PNG header (signature and IHDR, with its CRC) claiming `width` × `height` pixels, and no pixel. */
function forgedPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const chunk = Buffer.concat([Buffer.from('IHDR', 'latin1'), ihdr]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(13);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(chunk));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), length, chunk, crc, Buffer.alloc(64)]);
}

describe('thumbnails', () => {
  const upload = async (bytes: Buffer, type: string): Promise<string> => {
    const attachmentId = randomUUID();
    const made = await people.manager.tus.createWith({ ...meta('sites', siteId, attachmentId), type }, bytes.length, bytes);
    expect(made.status).toBe(201);
    return attachmentId;
  };
  const thumbnail = (id: string) => fetch(`${base}/api/attachments/${id}/thumbnail`, { headers: bearer(people.manager.tus.token) });

  it('are made of the declared format only: HTML or an SVG declared as a PNG, or a PNG claiming 60000 × 60000 pixels, get none (404), never a 500', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="red"/></svg>');
    const cases: [string, Buffer, string][] = [
      ['HTML declared as a PNG', Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'), 'image/png'],
      ['an SVG declared as a PNG', svg, 'image/png'],
      ['an SVG declared as a JPEG', svg, 'image/jpeg'],
      ['a PNG declared as a JPEG', await sharp({ create: { width: 64, height: 48, channels: 3, background: '#08f' } }).png().toBuffer(), 'image/jpeg'],
      ['a PNG header claiming 60000 × 60000 pixels', forgedPng(60000, 60000), 'image/png'],
    ];
    for (const [what, bytes, type] of cases) {
      const response = await thumbnail(await upload(bytes, type));
      expect(response.status, what).toBe(404);
      expect(await response.json(), what).toEqual({ message: 'attachments.no_thumbnail' });
    }
    // The declared formats still get theirs.
    for (const type of ['image/png', 'image/webp']) {
      const image = sharp({ create: { width: 640, height: 480, channels: 3, background: '#0a4' } });
      const response = await thumbnail(await upload(await (type === 'image/png' ? image.png() : image.webp()).toBuffer(), type));
      expect(response.status, type).toBe(200);
      const made = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect({ format: made.format, width: made.width }, type).toEqual({ format: 'jpeg', width: 320 });
    }
  });
});
