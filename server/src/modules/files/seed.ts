/**
 * The Files demo data for one district (seed/demo.ts calls it inside the district's
 * transaction, after the sites' seed), in French: the same template on every site type
 * ("Registre de sécurité", "Plans d'évacuation" with a folder per level, "Vérifications
 * périodiques", "DUERP", "Plans de prévention"), applied to every site, and on each site a few
 * documents (small generated PDFs and a plan image): one valid, one expiring within the
 * reminder window, one expired, one with two versions.
 */
import { randomUUID } from 'node:crypto';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { FILES_ATTACHMENT_MODULE } from '../../../../common/modules/files/schemas.js';
import { attachmentKey } from '../../attachments/storage.js';
import type { Queryable } from '../../db/types.js';
import { addDays, districtToday } from '../_platform/dates.js';
import type { DistrictSeed } from '../_platform/module.js';
import { applyTemplate } from './repository.js';

/** The template of every demo site type: top folders and their sub-folders. */
export const DEMO_TEMPLATE: readonly [string, readonly string[]][] = [
  ['Registre de sécurité', []],
  ["Plans d'évacuation", ['Rez-de-chaussée', 'Étage 1']],
  ['Vérifications périodiques', ['Électricité', 'Incendie']],
  ['DUERP', []],
  ['Plans de prévention', []],
];

/** A small PDF of `pages` pages: a title, the site, lines of text. */
export function demoPdf(title: string, site: string, pages = 2): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (let page = 1; page <= pages; page += 1) {
      if (page > 1) doc.addPage();
      doc.fontSize(20).text(title);
      doc.moveDown().fontSize(12).text(`Site : ${site}`);
      doc.text(`Page ${page} sur ${pages}`);
      doc.moveDown();
      for (let line = 1; line <= 12; line += 1) doc.text(`${line}. Point de contrôle vérifié conformément à la réglementation en vigueur.`);
    }
    doc.end();
  });
}

/** A plan image: a floor outline with its exits. */
export async function demoPlan(label: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="560"><rect width="800" height="560" fill="#ffffff"/>
    <rect x="40" y="60" width="720" height="440" fill="none" stroke="#1f2937" stroke-width="8"/>
    <rect x="380" y="490" width="60" height="20" fill="#15803d"/><rect x="30" y="250" width="20" height="60" fill="#15803d"/>
    <text x="40" y="40" font-family="sans-serif" font-size="28" fill="#111827">${label.replace(/[<&>]/g, '')}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

interface Stored {
  bytes: Buffer;
  type: string;
}

/** Writes a complete attachment and its document version (a new document when `documentId` is new). */
export async function storeDemoFile(
  seed: Pick<DistrictSeed, 'tx' | 'clientDb' | 'districtId' | 'actorId' | 'actorName' | 'storage'>,
  doc: { documentId: string; folderId: string; siteId: string; name: string; tags: string[]; validUntil: string | null; number: number; file: Stored; at: Date },
): Promise<void> {
  const { tx } = seed;
  const id = randomUUID();
  const key = attachmentKey(seed.clientDb, id);
  await seed.storage.put(key, doc.file.bytes, doc.file.type);
  const { createHash } = await import('node:crypto');
  await tx.query(
    `insert into attachments (id, district_id, module, record_id, name, type, size, storage_key, sha256, state, created_at, created_by, created_by_name, completed_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'complete', $10, $11, $12, $10)`,
    [id, seed.districtId, FILES_ATTACHMENT_MODULE, doc.documentId, doc.name, doc.file.type, doc.file.bytes.length, key, createHash('sha256').update(doc.file.bytes).digest('hex'), doc.at, seed.actorId, seed.actorName],
  );
  if (doc.number === 1) {
    await tx.query(
      `insert into file_documents (id, district_id, folder_id, site_id, name, tags, valid_until, current_version_id, created_at, created_by, updated_at, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $9, $10)`,
      [doc.documentId, seed.districtId, doc.folderId, doc.siteId, doc.name, doc.tags, doc.validUntil, id, doc.at, seed.actorId],
    );
  } else {
    await tx.query('update file_documents set current_version_id = $2, version = version + 1, updated_at = $3 where id = $1', [doc.documentId, id, doc.at]);
  }
  await tx.query('insert into file_versions (id, district_id, document_id, number, created_at, created_by) values ($1, $2, $3, $4, $5, $6)', [id, seed.districtId, doc.documentId, doc.number, doc.at, seed.actorId]);
}

async function siteFolder(tx: Queryable, siteId: string, path: string[]): Promise<string> {
  let parent: string | null = null;
  for (const name of path) {
    const result: { rows: { id: string }[] } = await tx.query<{ id: string }>('select id from file_folders where site_id = $1 and parent_id is not distinct from $2 and name = $3 and deleted_at is null', [siteId, parent, name]);
    parent = result.rows[0]!.id;
  }
  return parent!;
}

export async function seedFiles(seed: DistrictSeed): Promise<void> {
  const { tx, districtId, actorId } = seed;
  const { rows: types } = await tx.query<{ id: string }>('select id from site_types where district_id = $1 and deleted_at is null order by name', [districtId]);
  for (const type of types) {
    for (const [name, children] of DEMO_TEMPLATE) {
      const id = randomUUID();
      await tx.query('insert into file_folders (id, district_id, site_type_id, name, created_by, updated_by) values ($1, $2, $3, $4, $5, $5)', [id, districtId, type.id, name, actorId]);
      for (const child of children) {
        await tx.query('insert into file_folders (id, district_id, parent_id, site_type_id, name, created_by, updated_by) values ($1, $2, $3, $4, $5, $6, $6)', [randomUUID(), districtId, id, type.id, child, actorId]);
      }
    }
  }
  const { rows: sites } = await tx.query<{ id: string; name: string; site_type_id: string | null }>('select id, name, site_type_id from sites where district_id = $1 and deleted_at is null order by name', [districtId]);
  const today = districtToday();
  const plan = { bytes: await demoPlan('Plan d’évacuation – rez-de-chaussée'), type: 'image/png' };
  const pdf = async (title: string, site: string, pages = 2) => ({ bytes: await demoPdf(title, site, pages), type: 'application/pdf' });
  const now = Date.now();
  const ago = (days: number) => new Date(now - days * 86_400_000);
  for (const site of sites) {
    if (!site.site_type_id) continue;
    await applyTemplate(tx, districtId, site.id, actorId);
    const register = await siteFolder(tx, site.id, ['Registre de sécurité']);
    const ground = await siteFolder(tx, site.id, ["Plans d'évacuation", 'Rez-de-chaussée']);
    const electricity = await siteFolder(tx, site.id, ['Vérifications périodiques', 'Électricité']);
    const fire = await siteFolder(tx, site.id, ['Vérifications périodiques', 'Incendie']);
    const duerp = await siteFolder(tx, site.id, ['DUERP']);
    const base = { siteId: site.id };
    await storeDemoFile(seed, { ...base, documentId: randomUUID(), folderId: register, name: 'Registre de sécurité.pdf', tags: ['registre'], validUntil: null, number: 1, file: await pdf('Registre de sécurité', site.name, 3), at: ago(200) });
    await storeDemoFile(seed, { ...base, documentId: randomUUID(), folderId: ground, name: 'Plan RDC.png', tags: ['plan', 'évacuation'], validUntil: null, number: 1, file: plan, at: ago(120) });
    await storeDemoFile(seed, {
      ...base,
      documentId: randomUUID(),
      folderId: electricity,
      name: 'Rapport de vérification électrique.pdf',
      tags: ['électricité', 'rapport'],
      validUntil: addDays(today, 12),
      number: 1,
      file: await pdf('Rapport de vérification électrique', site.name),
      at: ago(350),
    });
    const extinguishers = randomUUID();
    await storeDemoFile(seed, { ...base, documentId: extinguishers, folderId: fire, name: 'Vérification des extincteurs.pdf', tags: ['incendie', 'rapport'], validUntil: addDays(today, 180), number: 1, file: await pdf('Vérification des extincteurs 2025', site.name), at: ago(380) });
    await storeDemoFile(seed, { ...base, documentId: extinguishers, folderId: fire, name: 'Vérification des extincteurs.pdf', tags: ['incendie', 'rapport'], validUntil: addDays(today, 180), number: 2, file: await pdf('Vérification des extincteurs 2026', site.name), at: ago(15) });
    await storeDemoFile(seed, { ...base, documentId: randomUUID(), folderId: duerp, name: 'DUERP.pdf', tags: ['DUERP'], validUntil: addDays(today, -20), number: 1, file: await pdf('Document unique d’évaluation des risques', site.name, 4), at: ago(400) });
  }
}
