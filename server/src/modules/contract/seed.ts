/**
 * The Contracts demo data for one district (seed/demo.ts calls it inside the district's
 * transaction, after the suppliers' seed), in French: two templates ("Contrat de maintenance",
 * "Vérification périodique") and contracts with the demo suppliers in every status, several of
 * them with a notice deadline within 30 days, two made from a template with their fields filled.
 */
import { randomUUID } from 'node:crypto';
import type { ContractStatus, ContractType, FieldValue, TemplateField } from '../../../../common/modules/contract/schemas.js';
import { districtToday } from '../_platform/dates.js';
import type { DistrictSeed } from '../_platform/module.js';
import { seedHistory } from '../_platform/records.js';
import { addDaysTo } from '../../../../common/modules/contract/deadline.js';
import { CONTRACT_MODULES, termOf } from './repository.js';

const TEMPLATES: { name: string; type: ContractType; fields: TemplateField[]; clauses: string }[] = [
  {
    name: 'Contrat de maintenance',
    type: 'maintenance',
    fields: [
      { key: 'visits', label: 'Visites par an', kind: 'number' },
      { key: 'responseHours', label: 'Délai d’intervention (heures)', kind: 'number' },
      { key: 'annualPrice', label: 'Prix annuel HT', kind: 'money' },
      { key: 'firstVisit', label: 'Première visite', kind: 'date' },
    ],
    clauses:
      'Article 1 – Objet. Le prestataire assure la maintenance préventive et corrective des équipements des sites couverts, à raison de {{visits}} visites par an, la première le {{firstVisit}}.\n\n' +
      'Article 2 – Intervention. En cas de panne, le prestataire intervient sous {{responseHours}} heures, astreinte comprise.\n\n' +
      'Article 3 – Prix. Le prix annuel est de {{annualPrice}} hors taxes, révisable chaque année à la date anniversaire.',
  },
  {
    name: 'Vérification périodique',
    type: 'regulatoryInspection',
    fields: [
      { key: 'regulation', label: 'Texte réglementaire', kind: 'text' },
      { key: 'frequencyMonths', label: 'Périodicité (mois)', kind: 'number' },
      { key: 'reportDays', label: 'Remise du rapport (jours)', kind: 'number' },
      { key: 'price', label: 'Prix par vérification HT', kind: 'money' },
    ],
    clauses:
      'Article 1 – Objet. L’organisme agréé réalise les vérifications périodiques réglementaires prévues par {{regulation}}, tous les {{frequencyMonths}} mois.\n\n' +
      'Article 2 – Rapport. Le rapport de vérification est remis sous {{reportDays}} jours ; les observations sont levées par l’exploitant.\n\n' +
      'Article 3 – Prix. Chaque vérification est facturée {{price}} hors taxes.',
  },
];

/** Supplier (index among the demo suppliers by name), title, type, status, end (days from today), tacit renewal (months), notice days, amount (€), template. */
type Demo = [number, string, ContractType, ContractStatus, number | null, number | null, number, number | null, number | null, Record<string, FieldValue>?];
const CONTRACTS: Demo[] = [
  [0, 'Maintenance des extincteurs', 'maintenance', 'active', 400, null, 90, 4_800, 0, { visits: 2, responseHours: 4, annualPrice: 480_000, firstVisit: null }],
  [1, 'Maintenance du désenfumage', 'maintenance', 'toRenew', 45, null, 30, 3_200, null],
  [2, 'Nettoyage des locaux', 'service', 'toRenew', 90, 12, 60, 18_500, null],
  [3, 'Nettoyage des vitres', 'service', 'toRenew', 25, 12, 7, 2_400, null],
  [6, 'Maintenance des ascenseurs', 'maintenance', 'active', 200, 12, 60, 9_600, null],
  [8, 'Vérification des installations électriques', 'regulatoryInspection', 'active', 600, null, 90, 1_500, 1, { regulation: 'le Code du travail (art. R4226-16)', frequencyMonths: 12, reportDays: 15, price: 75_000 }],
  [9, 'Vérification des équipements de levage', 'regulatoryInspection', 'draft', 365, null, 60, 2_100, null],
  [4, 'Fourniture de consommables électriques', 'supply', 'terminated', -100, null, 30, 6_000, null],
  [10, 'Entretien de la plomberie', 'maintenance', 'expired', -20, null, 30, 3_900, null],
  [12, 'Gardiennage du site', 'service', 'active', -40, 12, 90, 42_000, null],
];

export async function seedContracts({ tx, districtId, actorId }: DistrictSeed): Promise<void> {
  const history = seedHistory(tx, districtId, actorId);
  const created = new Date(Date.now() - 150 * 86_400_000);
  const today = districtToday();
  const { rows: suppliers } = await tx.query<{ id: string }>('select id from suppliers where district_id = $1 and deleted_at is null order by created_at, id', [districtId]);
  if (suppliers.length === 0) return;
  const { rows: sites } = await tx.query<{ id: string }>('select id from sites where district_id = $1 and deleted_at is null order by name, id limit 6', [districtId]);
  const templates: string[] = [];
  for (const template of TEMPLATES) {
    const id = randomUUID();
    await tx.query(
      `insert into contract_templates (id, district_id, name, type, fields, clauses, created_at, created_by, updated_at, updated_by) values ($1, $2, $3, $4, $5, $6, $7, $8, $7, $8)`,
      [id, districtId, template.name, template.type, JSON.stringify(template.fields), template.clauses, created, actorId],
    );
    await history(CONTRACT_MODULES.templates, id, 1, 'create', [{ field: 'name', before: null, after: template.name }], created);
    templates.push(id);
  }
  for (const [i, [supplier, title, type, status, end, renewal, notice, amount, template, values]] of CONTRACTS.entries()) {
    const id = randomUUID();
    const endOn = end === null ? null : addDaysTo(today, end);
    const startOn = endOn ? addDaysTo(endOn, -365) : addDaysTo(today, -30);
    const term = termOf({ endOn, tacitRenewal: renewal !== null, renewalMonths: renewal, noticeDays: notice }, today);
    const siteIds = sites.length === 0 ? [] : [sites[i % sites.length]!.id, ...(i % 3 === 0 && sites.length > 1 ? [sites[(i + 1) % sites.length]!.id] : [])];
    await tx.query(
      `insert into contracts (id, district_id, supplier_id, site_ids, type, reference, name, start_on, end_on, tacit_renewal, renewal_months, notice_days, amount_cents,
                              owner_id, template_id, field_values, status, status_reason, term_end_on, notice_on, created_at, created_by, updated_at, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $14, $21, $14)`,
      [
        id, districtId, suppliers[supplier % suppliers.length]!.id, siteIds, type, `CT-2026-${String(101 + i).padStart(4, '0')}`, title, startOn, endOn, renewal !== null, renewal, notice,
        amount === null ? null : amount * 100, actorId, template === null ? null : templates[template]!, JSON.stringify(values ?? {}), status,
        status === 'terminated' ? 'Résilié à l’amiable, prestation reprise en interne' : status === 'expired' ? 'rule:expired' : '', term?.endOn ?? null, term?.noticeOn ?? null, created,
      ],
    );
    await history(CONTRACT_MODULES.contracts, id, 1, 'create', [
      { field: 'title', before: null, after: title },
      { field: 'type', before: null, after: type },
      { field: 'endOn', before: null, after: endOn },
    ], created);
  }
}
