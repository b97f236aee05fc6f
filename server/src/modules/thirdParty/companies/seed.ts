/**
 * The companies part's demo data for one district, in French: two outside companies ("Elec
 * Services Rhône", électricité; "Nettoyage Pro Lyon", nettoyage), their workers with their
 * qualifications (one expired, one expiring), an intervention with a prevention plan signed by
 * both representatives and one awaiting signatures, and the sign-in register: people on site now
 * and the last days' history.
 */
import { createHash, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { SIGNATURES_MODULE, type PlanSection, type Qualification } from '../../../../../common/modules/thirdParty/companies.js';
import { attachmentKey } from '../../../attachments/storage.js';
import { addDays, districtToday } from '../../_platform/dates.js';
import type { DistrictSeed } from '../../_platform/module.js';
import { seedHistory } from '../../_platform/records.js';
import { COMPANIES_MODULES } from './repository.js';

const DAY_MS = 86_400_000;

const COMPANIES = [
  {
    name: 'Elec Services Rhône',
    siret: '81234567800021',
    address: '14 rue de l’Industrie, 69007 Lyon',
    contactName: 'Sophie Garnier',
    email: 'contact@elec-services-rhone.example',
    phone: '04 78 12 34 56',
    activity: 'Électricité',
  },
  {
    name: 'Nettoyage Pro Lyon',
    siret: '79876543200014',
    address: '3 avenue Jean Jaurès, 69100 Villeurbanne',
    contactName: 'Mehdi Haddad',
    email: 'planning@nettoyage-pro-lyon.example',
    phone: '04 72 98 76 54',
    activity: 'Nettoyage',
  },
] as const;

/** Workers by company index: name, role, qualifications (expiry in days from today, null: none). */
const WORKERS: [number, string, string, [string, number | null][]][] = [
  [0, 'Julien Perrin', 'Chef de chantier', [['Habilitation électrique B2V BR', 420], ['SST', 200], ['Travail en hauteur', 300]]],
  [0, 'Lucas Fontaine', 'Électricien', [['Habilitation électrique B1V', -20], ['CACES R486 nacelle', 15]]],
  [0, 'Inès Roussel', 'Électricienne', [['Habilitation électrique B1V', 500], ['SST', 90]]],
  [1, 'Fatou Diallo', 'Agente de propreté', [['Utilisation des produits chimiques', 240]]],
  [1, 'Marc Lefebvre', 'Chef d’équipe', [['CACES R489 cat. 1', 150], ['SST', 25]]],
];

const PLAN: PlanSection[] = [
  {
    key: 'risks',
    title: '',
    body: 'Travaux électriques au TGBT en présence du personnel du site. Risques interférents : circulation des usagers, chute de plain-pied, électrisation, coactivité avec l’équipe de nettoyage.',
  },
  { key: 'measures', title: '', body: 'Consignation du tableau avant intervention, balisage de la zone, port des EPI (gants isolants, écran facial), accès limité aux intervenants habilités.' },
  { key: 'emergency', title: '', body: 'En cas d’accident : appeler le 15 (ou le 112), prévenir le responsable du site, ne pas toucher une victime d’électrisation avant coupure.' },
  { key: 'assembly', title: '', body: 'Parking principal, devant l’entrée A.' },
];

let signaturePicture: Promise<{ bytes: Buffer; sha256: string }> | null = null;
/** A signature drawn once per process (a PNG, as the app's pad makes one). */
function drawSignature(): Promise<{ bytes: Buffer; sha256: string }> {
  signaturePicture ??= sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><rect width="100%" height="100%" fill="white"/>
      <path d="M30 140 C80 30, 120 180, 170 100 S250 50, 290 120 S380 170, 430 90 S520 80, 570 110" stroke="#111" stroke-width="5" fill="none" stroke-linecap="round"/></svg>`),
  )
    .png()
    .toBuffer()
    .then((bytes) => ({ bytes, sha256: createHash('sha256').update(bytes).digest('hex') }));
  return signaturePicture;
}

export async function seedCompanies({ tx, clientDb, districtId, actorId, actorName, storage }: DistrictSeed): Promise<void> {
  const { rows: sites } = await tx.query<{ id: string }>('select id from sites where district_id = $1 and deleted_at is null order by name, id limit 3', [districtId]);
  if (sites.length === 0) return;
  const history = seedHistory(tx, districtId, actorId);
  const created = new Date(Date.now() - 60 * DAY_MS);
  const today = districtToday();
  const companyIds: string[] = [];
  for (const c of COMPANIES) {
    const id = randomUUID();
    await tx.query(
      `insert into tp_companies (id, district_id, name, siret, address, contact_name, email, phone, activity, created_at, created_by, updated_at, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $10, $11)`,
      [id, districtId, c.name, c.siret, c.address, c.contactName, c.email, c.phone, c.activity, created, actorId],
    );
    await history(COMPANIES_MODULES.companies, id, 1, 'create', [{ field: 'name', before: null, after: c.name }], created);
    companyIds.push(id);
  }
  const workerIds: string[] = [];
  for (const [company, name, role, qualifications] of WORKERS) {
    const id = randomUUID();
    const qs: Qualification[] = qualifications.map(([q, days]) => ({ name: q, expiresOn: days === null ? null : addDays(today, days) }));
    await tx.query(
      `insert into tp_workers (id, district_id, company_id, name, role, phone, qualifications, created_at, created_by, updated_at, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8, $9)`,
      [id, districtId, companyIds[company], name, role, `06 ${String(10 + workerIds.length * 7).padStart(2, '0')} 45 67 89`, JSON.stringify(qs), created, actorId],
    );
    await history(COMPANIES_MODULES.workers, id, 1, 'create', [{ field: 'name', before: null, after: name }], created);
    workerIds.push(id);
  }
  const site = (i: number) => sites[i % sites.length]!.id;
  const signature = await drawSignature();
  const interventions: [string, number, number, number, number, number[], string, boolean][] = [
    // title, company, site, start (days from today), end, workers, state, signed
    ['Remplacement du TGBT', 0, 0, -2, 3, [0, 1, 2], 'inProgress', true],
    ['Mise en conformité de l’éclairage de sécurité', 0, 1, 7, 9, [0, 2], 'planned', false],
    ['Nettoyage des vitres et des sols', 1, 0, 0, 0, [3, 4], 'inProgress', false],
  ];
  for (const [title, company, siteIndex, start, end, workers, state, signed] of interventions) {
    const id = randomUUID();
    const sections = company === 0 ? PLAN : PLAN.map((s) => (s.key === 'risks' ? { ...s, body: 'Sols glissants pendant le lavage, produits chimiques, coactivité avec les travaux électriques.' } : s));
    await tx.query(
      `insert into tp_interventions (id, district_id, company_id, site_id, name, starts_on, ends_on, worker_ids, state, plan_sections, created_at, created_by, updated_at, updated_by, version)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $11, $12, $13)`,
      [id, districtId, companyIds[company], site(siteIndex), title, addDays(today, start), addDays(today, end), workers.map((w) => workerIds[w]), state, JSON.stringify(sections), created, actorId, signed ? 3 : 1],
    );
    await history(COMPANIES_MODULES.interventions, id, 1, 'create', [{ field: 'title', before: null, after: title }], created);
    if (!signed) continue;
    const signers: [string, string][] = [
      ['district', 'Claire Dumont'],
      ['company', COMPANIES[company]!.contactName],
    ];
    for (const [i, [role, name]] of signers.entries()) {
      const signatureId = randomUUID();
      const attachmentId = randomUUID();
      const at = new Date(Date.now() - (3 - i) * DAY_MS);
      const key = attachmentKey(clientDb, attachmentId);
      await storage.put(key, signature.bytes, 'image/png');
      await tx.query(
        `insert into attachments (id, district_id, module, record_id, name, type, size, width, height, storage_key, sha256, state, created_at, created_by, created_by_name, completed_at)
         values ($1, $2, $3, $4, 'signature.png', 'image/png', $5, 600, 200, $6, $7, 'complete', $8, $9, $10, $8)`,
        [attachmentId, districtId, SIGNATURES_MODULE, signatureId, signature.bytes.length, key, signature.sha256, at, actorId, actorName],
      );
      await tx.query(
        `insert into tp_plan_signatures (id, district_id, intervention_id, plan_version, role, name, attachment_id, sections, signed_at, created_at, created_by, updated_at, updated_by)
         values ($1, $2, $3, 1, $4, $5, $6, $7, $8, $8, $9, $8, $9)`,
        [signatureId, districtId, id, role, name, attachmentId, JSON.stringify(sections), at, actorId],
      );
      await history(COMPANIES_MODULES.interventions, id, 2 + i, 'update', [{ field: role === 'district' ? 'districtSignature' : 'companySignature', before: null, after: `${name} (v1)` }], at);
    }
  }
  // The register: three people on the first site now (two workers and a visitor), the last days' comings and goings.
  const now = Date.now();
  const presence: [number, number | null, string, number, number | null][] = [
    // site, worker, visitor, arrived (hours ago), left (hours ago, null: still there)
    [0, 0, '', 3, null],
    [0, 2, '', 2.5, null],
    [0, null, 'Bureau de contrôle – Alain Mercier', 1, null],
    [0, 3, '', 5, 1.5],
    [0, 0, '', 26, 18],
    [0, 1, '', 27, 19],
    [1, 4, '', 50, 44],
    [1, null, 'Livreur – Transports Berthier', 49, 48.5],
  ];
  for (const [siteIndex, worker, visitor, arrived, left] of presence) {
    await tx.query(
      `insert into tp_presence (id, district_id, site_id, worker_id, visitor_name, signed_in_at, signed_out_at, created_at, created_by, updated_at, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $6, $8, $6, $8)`,
      [randomUUID(), districtId, site(siteIndex), worker === null ? null : workerIds[worker], visitor, new Date(now - arrived * 3_600_000), left === null ? null : new Date(now - left * 3_600_000), actorId],
    );
  }
}
