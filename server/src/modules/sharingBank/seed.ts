/**
 * The Sharing bank's demo data for one district (seed/demo.ts calls it inside the seed's
 * transaction, after the questionnaires' and declarations' seeds): a group "Chefs d'équipe",
 * four reference documents with a small generated PDF each (evacuation procedure, lone-work
 * instructions, emergency numbers poster, heatwave protocol in its second version with a
 * reminder after 7 days), acknowledgements partly done (the administrator has read most, the
 * district administrator one), and in the first district of each client a questionnaire
 * template and a declaration type published to the client's other districts.
 */
import { createHash, randomUUID } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { can } from '../../../../common/rights.js';
import { attachmentKey } from '../../attachments/storage.js';
import type { DistrictSeed } from '../_platform/module.js';
import { seedHistory } from '../_platform/records.js';
import { SHARING_FILES, SHARING_MODULES, templateCopy } from './repository.js';

const DAY_MS = 86_400_000;

/** A one-page A4 PDF: a title and its paragraphs (pdfkit's standard font, no image). */
export function demoPdf(title: string, paragraphs: readonly string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, Creator: 'Vigie' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((done, fail) => {
    doc.on('end', () => done(Buffer.concat(chunks)));
    doc.on('error', fail);
  });
  doc.fontSize(20).text(title);
  doc.moveDown();
  doc.fontSize(11);
  for (const paragraph of paragraphs) doc.text(paragraph).moveDown(0.5);
  doc.end();
  return ended;
}

interface DemoResource {
  title: string;
  kind: 'procedure' | 'instruction' | 'poster' | 'document';
  description: string;
  tags: string[];
  file: string;
  paragraphs: string[];
  chiefsOnly?: boolean;
  version?: number;
  remindAfterDays?: number;
  /** Who has acknowledged it: the administrator, the district administrator. */
  acknowledgedBy: ('admin' | 'districtAdmin')[];
}

const RESOURCES: DemoResource[] = [
  {
    title: 'Procédure d’évacuation incendie',
    kind: 'procedure',
    description: 'Conduite à tenir à l’alarme incendie : guides et serre-files, itinéraires d’évacuation, point de rassemblement, appel des présents.',
    tags: ['incendie', 'évacuation'],
    file: 'procedure-evacuation-incendie.pdf',
    paragraphs: [
      '1. À l’alarme, arrêtez votre activité et mettez les machines en sécurité.',
      '2. Suivez les consignes des guides et serre-files ; n’utilisez pas les ascenseurs.',
      '3. Rejoignez le point de rassemblement indiqué sur le plan d’évacuation.',
      '4. Le responsable d’évacuation fait l’appel et informe les secours.',
    ],
    acknowledgedBy: ['admin'],
  },
  {
    title: 'Consignes travail isolé',
    kind: 'instruction',
    description: 'Règles pour les interventions seul : déclaration de l’intervention, appel de contrôle toutes les deux heures, dispositif d’alarme travailleur isolé (DATI).',
    tags: ['travail isolé', 'DATI'],
    file: 'consignes-travail-isole.pdf',
    paragraphs: [
      'Déclarez toute intervention isolée à votre chef d’équipe avant de partir.',
      'Portez le DATI chargé et testé ; un appel de contrôle est passé toutes les deux heures.',
      'Les travaux en hauteur, en espace confiné ou sous tension ne se font jamais seul.',
    ],
    chiefsOnly: true,
    acknowledgedBy: [],
  },
  {
    title: 'Affiche numéros d’urgence',
    kind: 'poster',
    description: 'À afficher près de chaque téléphone fixe et à l’accueil : SAMU 15, pompiers 18, police 17, numéro européen 112, astreinte du site.',
    tags: ['urgence', 'affichage'],
    file: 'affiche-numeros-urgence.pdf',
    paragraphs: ['SAMU : 15', 'Pompiers : 18', 'Police : 17', 'Numéro d’urgence européen : 112', 'Astreinte sécurité du site : voir l’accueil'],
    acknowledgedBy: ['admin', 'districtAdmin'],
  },
  {
    title: 'Protocole canicule',
    kind: 'document',
    description: 'Mesures en cas de vigilance canicule : horaires aménagés, pauses, eau fraîche à disposition, surveillance des signes de coup de chaleur.',
    tags: ['canicule', 'santé'],
    file: 'protocole-canicule.pdf',
    paragraphs: [
      'Vigilance orange : horaires décalés, pauses de 15 minutes par heure, 3 litres d’eau par personne et par jour.',
      'Vigilance rouge : travaux physiques extérieurs suspendus entre 12 h et 16 h.',
      'Signes d’alerte : maux de tête, nausées, peau chaude et sèche. Appelez le 15.',
    ],
    version: 2,
    remindAfterDays: 7,
    acknowledgedBy: [],
  },
];

export async function seedSharingBank({ tx, clientDb, districtId, districtName, actorId, actorName, storage }: DistrictSeed): Promise<void> {
  const now = Date.now();
  const history = seedHistory(tx, districtId, actorId);
  const { rows: members } = await tx.query<{ account_id: string; rights: string[] }>('select account_id, rights from memberships where district_id = $1', [districtId]);
  const readers = members.filter((m) => can(m.rights, 'sharingBank', 'read')).map((m) => m.account_id);
  // The district administrator: a reader who does not manage the bank.
  const districtAdmin = members.find((m) => m.account_id !== actorId && can(m.rights, 'sharingBank', 'read') && !can(m.rights, 'sharingBank', 'manage'))?.account_id ?? null;
  const who = { admin: actorId, districtAdmin };

  const chiefs = randomUUID();
  const chiefIds = [actorId, ...(districtAdmin ? [districtAdmin] : [])];
  const monthAgo = new Date(now - 30 * DAY_MS);
  await tx.query('insert into sharing_groups (id, district_id, name, member_ids, created_at, created_by, updated_at, updated_by) values ($1, $2, $3, $4, $5, $6, $5, $6)', [
    chiefs,
    districtId,
    'Chefs d’équipe',
    chiefIds,
    monthAgo,
    actorId,
  ]);
  await history(SHARING_MODULES.groups, chiefs, 1, 'create', [{ field: 'name', before: null, after: 'Chefs d’équipe' }], monthAgo);

  for (const [index, demo] of RESOURCES.entries()) {
    const id = randomUUID();
    const created = new Date(now - (20 - index * 4) * DAY_MS);
    const version = demo.version ?? 1;
    const published = version > 1 ? new Date(now - 2 * DAY_MS) : created;
    await tx.query(
      `insert into sharing_resources (id, district_id, title, kind, description, tags, audience, group_ids, remind_after_days, current_version, published_at, version,
                                      created_at, created_by, updated_at, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $10, $12, $13, $11, $13)`,
      [id, districtId, demo.title, demo.kind, demo.description, demo.tags, demo.chiefsOnly ? 'groups' : 'district', demo.chiefsOnly ? [chiefs] : [], demo.remindAfterDays ?? null, version, published, created, actorId],
    );
    await history(SHARING_MODULES.resources, id, 1, 'create', [{ field: 'title', before: null, after: demo.title }, { field: 'kind', before: null, after: demo.kind }], created);
    if (version > 1) await history(SHARING_MODULES.resources, id, 2, 'update', [{ field: 'currentVersion', before: 1, after: 2 }], published);

    const bytes = await demoPdf(demo.title, demo.paragraphs);
    const fileId = randomUUID();
    const key = attachmentKey(clientDb, fileId);
    await storage.put(key, bytes, 'application/pdf');
    await tx.query(
      `insert into attachments (id, district_id, module, record_id, name, type, size, storage_key, sha256, state, created_at, created_by, created_by_name, completed_at)
       values ($1, $2, $3, $4, $5, 'application/pdf', $6, $7, $8, 'complete', $9, $10, $11, $9)`,
      [fileId, districtId, SHARING_FILES, id, demo.file, bytes.length, key, createHash('sha256').update(bytes).digest('hex'), created, actorId, actorName],
    );

    // Readings: those named acknowledged the current version a day after it came out; the others
    // in the audience at most opened it. The heatwave protocol's first version was acknowledged by the administrator.
    for (const role of demo.acknowledgedBy) {
      const account = who[role];
      if (!account || !readers.includes(account)) continue;
      const at = new Date(published.getTime() + DAY_MS / 2);
      await tx.query('insert into sharing_readings (resource_id, account_id, resource_version, district_id, opened_at, acknowledged_at) values ($1, $2, $3, $4, $5, $5)', [id, account, version, districtId, at]);
    }
    if (version > 1) {
      await tx.query('insert into sharing_readings (resource_id, account_id, resource_version, district_id, opened_at, acknowledged_at) values ($1, $2, 1, $3, $4, $4)', [id, actorId, districtId, new Date(created.getTime() + DAY_MS)]);
    }
    if (districtAdmin && demo.acknowledgedBy.length === 1 && readers.includes(districtAdmin) && !demo.chiefsOnly) {
      await tx.query('insert into sharing_readings (resource_id, account_id, resource_version, district_id, opened_at) values ($1, $2, $3, $4, $5)', [id, districtAdmin, version, districtId, new Date(published.getTime() + DAY_MS)]);
    }
  }

  // Templates shared with the client's other districts: from its first district.
  if (districtName !== 'Lyon' && districtName !== 'Nantes') return;
  const { rows: questionnaire } = await tx.query<{ id: string; name: string }>(
    `select id, name from questionnaire_templates where district_id = $1 and family = 'questionnary' and deleted_at is null order by name limit 1`,
    [districtId],
  );
  const { rows: declaration } = await tx.query<{ id: string; name: string }>('select id, name from declaration_templates where district_id = $1 and deleted_at is null order by name limit 1', [districtId]);
  const shared = [
    ...questionnaire.map((t) => ({ kind: 'questionnaireTemplate' as const, source: t, title: `Modèle de questionnaire : ${t.name}`, description: 'Notre grille de visite, prête à l’emploi : importez-la et adaptez-la à vos sites.' })),
    ...declaration.map((t) => ({ kind: 'declarationType' as const, source: t, title: `Type de déclaration : ${t.name}`, description: 'Le type de déclaration que nous utilisons sur nos sites, avec ses champs.' })),
  ];
  for (const [index, item] of shared.entries()) {
    const id = randomUUID();
    const at = new Date(now - (10 - index) * DAY_MS);
    const copy = await templateCopy(tx, districtId, item.kind, item.source.id);
    await tx.query(
      `insert into sharing_resources (id, district_id, title, kind, description, tags, source_id, scope, template, published_at, created_at, created_by, updated_at, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, 'client', $8, $9, $9, $10, $9, $10)`,
      [id, districtId, item.title, item.kind, item.description, ['modèle'], item.source.id, JSON.stringify(copy), at, actorId],
    );
    await history(SHARING_MODULES.resources, id, 1, 'create', [{ field: 'title', before: null, after: item.title }, { field: 'kind', before: null, after: item.kind }], at);
  }
}
