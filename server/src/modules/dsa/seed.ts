/**
 * The data-sharing area's demo data, per district, on its first demo site: an exchange with an
 * outside company (a fire-safety contractor) holding one district document (the site's
 * prevention instructions), an active upload-only link with two deposits from the company
 * (a maintenance report and a verification certificate, from a plausible address and browser),
 * and an expired link from an earlier exchange. Tokens are random and thrown away: a demo link
 * is read in the app, not opened (a new one is made to try the drop page).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { DSA_DEPOSITS, DSA_DOCUMENTS } from '../../../../common/modules/dsa/schemas.js';
import { attachmentKey } from '../../attachments/storage.js';
import type { DistrictSeed } from '../_platform/module.js';
import { writeHistory } from '../_platform/records.js';
import { tokenHash } from '../_platform/tokens.js';

const DAY = 86_400_000;

function demoPdf(title: string, lines: readonly string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(18).text(title);
    doc.moveDown().fontSize(11);
    for (const line of lines) doc.text(line);
    doc.end();
  });
}

export async function seedDsa(seed: DistrictSeed): Promise<void> {
  const { tx, districtId, actorId } = seed;
  const { rows: sites } = await tx.query<{ id: string; name: string }>('select id, name from sites where district_id = $1 and deleted_at is null order by name, id limit 1', [districtId]);
  const site = sites[0];
  if (!site) return;
  const now = Date.now();
  const areaId = randomUUID();
  const created = new Date(now - 20 * DAY);
  await tx.query(
    `insert into dsa_areas (id, district_id, name, site_id, counterpart_name, counterpart_email, created_at, created_by, updated_at, updated_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $7, $8)`,
    [areaId, districtId, `Maintenance incendie – ${site.name}`, site.id, 'Sécurifeu Rhône (Julien Marchand)', 'j.marchand@securifeu-rhone.example', created, actorId],
  );
  await writeHistory({ db: tx, control: tx, districtId, actor: { id: actorId } }, { module: 'dsa_areas', recordId: areaId, version: 1, action: 'create', changes: [{ field: 'name', before: null, after: `Maintenance incendie – ${site.name}` }] });

  const store = async (module: string, name: string, bytes: Buffer, at: Date, by: string): Promise<string> => {
    const id = randomUUID();
    const key = attachmentKey(seed.clientDb, id);
    await seed.storage.put(key, bytes, 'application/pdf');
    await tx.query(
      `insert into attachments (id, district_id, module, record_id, name, type, size, storage_key, sha256, state, created_at, created_by, created_by_name, completed_at)
       values ($1, $2, $3, $4, $5, 'application/pdf', $6, $7, $8, 'complete', $9, $10, $11, $9)`,
      [id, districtId, module, areaId, name, bytes.length, key, createHash('sha256').update(bytes).digest('hex'), at, actorId, by],
    );
    return id;
  };

  await store(
    DSA_DOCUMENTS,
    'Consignes de sécurité du site.pdf',
    await demoPdf('Consignes de sécurité', [`Site : ${site.name}`, 'Accès par l’entrée de service, badge remis à l’accueil.', 'Permis de feu obligatoire pour tout travail par point chaud.', 'Point de rassemblement : parking visiteurs.']),
    new Date(now - 19 * DAY),
    seed.actorName,
  );

  const link = async (createdDaysAgo: number, days: number): Promise<string> => {
    const id = randomUUID();
    const at = new Date(now - createdDaysAgo * DAY);
    await tx.query(
      `insert into dsa_links (id, district_id, area_id, token_hash, types, quota_bytes, expires_at, created_at, created_by) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [id, districtId, areaId, tokenHash(randomBytes(48).toString('base64url')), ['pdf', 'images', 'office'], 500 * 1024 * 1024, new Date(at.getTime() + days * DAY), at, actorId],
    );
    return id;
  };
  await link(19, 14); // expired five days ago
  const active = await link(4, 14);

  const deposits = [
    { name: 'Rapport de maintenance extincteurs.pdf', title: 'Rapport de maintenance des extincteurs', daysAgo: 2.1, lines: ['42 extincteurs vérifiés, 3 remplacés (pression insuffisante).', 'Prochaine visite : dans un an.'] },
    { name: 'Attestation de vérification SSI.pdf', title: 'Attestation de vérification du SSI', daysAgo: 1.3, lines: ['Système de sécurité incendie de catégorie A vérifié.', 'Aucune non-conformité relevée.'] },
  ];
  for (const d of deposits) {
    const at = new Date(now - d.daysAgo * DAY);
    const bytes = await demoPdf(d.title, [`Site : ${site.name}`, ...d.lines, 'Sécurifeu Rhône – 12 rue de la Charité, 69002 Lyon']);
    const id = await store(DSA_DEPOSITS, d.name, bytes, at, 'Julien Marchand');
    await tx.query(
      `insert into dsa_deposits (id, district_id, area_id, link_id, name, type, size, depositor_name, depositor_email, address, user_agent, created_at, noticed_at)
       values ($1, $2, $3, $4, $5, 'application/pdf', $6, $7, $8, $9, $10, $11, $11)`,
      [id, districtId, areaId, active, d.name, bytes.length, 'Julien Marchand', 'j.marchand@securifeu-rhone.example', '86.245.12.77', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0 Safari/537.36', at],
    );
  }
}
