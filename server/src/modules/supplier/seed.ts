/**
 * The Suppliers demo data for one district (seed/demo.ts calls it inside the district's
 * transaction), in French: the usual trades of a site's safety (maintenance incendie, nettoyage,
 * électricité, ascenseurs, contrôle réglementaire…), twenty suppliers with valid SIRET and VAT
 * numbers, and their documents (insurance certificates, qualifications) in every state: valid,
 * expiring within the month, expired. The contacts and contracts modules seed their people and
 * contracts over these suppliers.
 */
import { randomUUID } from 'node:crypto';
import type { DocumentKind } from '../../../../common/modules/supplier/schemas.js';
import type { Queryable } from '../../db/types.js';
import type { DistrictSeed } from '../_platform/module.js';
import { seedHistory } from '../_platform/records.js';
import { SUPPLIER_MODULES } from './repository.js';

const TRADES = ['Maintenance incendie', 'Nettoyage', 'Électricité', 'Ascenseurs', 'Contrôle réglementaire', 'Plomberie', 'Espaces verts', 'Sécurité gardiennage'];

/** Name, city, postal code, trades (indexes in TRADES), documents' expiry in days from today (null: none). */
const SUPPLIERS: [string, string, string, number[], (number | null)[]][] = [
  ['Sécurifeu Rhône', 'Lyon', '69007', [0], [240, 20]],
  ['Protect Incendie Services', 'Villeurbanne', '69100', [0, 4], [-12, 180]],
  ['Net Pro Propreté', 'Vénissieux', '69200', [1], [300]],
  ['Clean & Co', 'Marseille', '13002', [1, 6], [25]],
  ['Élec Alpes Maintenance', 'Grenoble', '38000', [2], [400, null]],
  ['Volt Énergie', 'Saint-Étienne', '42000', [2], [-40]],
  ['Ascenseurs du Sud', 'Toulon', '83000', [3], [150, 10]],
  ['Élévation Services', 'Lyon', '69003', [3, 4], [365]],
  ['Bureau Contrôle Sécurité', 'Paris', '75011', [4], [200, 90]],
  ['Apave Régions', 'Lyon', '69009', [4], [500]],
  ['Hydro Plomberie', 'Bron', '69500', [5], [28]],
  ['Jardins et Paysages', 'Écully', '69130', [6], [null]],
  ['Gardiennage Veille 24', 'Marseille', '13008', [7], [-3, 60]],
  ['Extincteurs Dauphiné', 'Valence', '26000', [0], [120]],
  ['Multi-Services Bâtiment', 'Lyon', '69008', [1, 2, 5], [45, 15]],
  ['Thermi Contrôle', 'Nice', '06000', [4], [330]],
  ['Propreté Industrielle Alpes', 'Annecy', '74000', [1], [-90]],
  ['Électricité Générale Martin', 'Caluire-et-Cuire', '69300', [2], [210]],
  ['Désenfumage Technique', 'Lyon', '69002', [0, 4], [7, 400]],
  ['Vigilance Sûreté', 'Paris', '75015', [7], [260]],
];

const DOCUMENTS: [DocumentKind, string][] = [
  ['insurance', 'Attestation d’assurance responsabilité civile'],
  ['certification', 'Qualification APSAD / Qualibat'],
  ['tax', 'Attestation de vigilance URSSAF'],
];

/** A SIRET with its Luhn key, made from a seed number (9-digit SIREN + 0001 establishment). */
export function siretFrom(seed: number): string {
  const base = `${String(300_000_000 + seed * 7_919).slice(0, 9)}0001`;
  for (let key = 0; key < 10; key += 1) {
    const candidate = `${base}${key}`;
    let sum = 0;
    for (let i = 0; i < 14; i += 1) {
      let digit = Number(candidate[13 - i]);
      if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
      sum += digit;
    }
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('no Luhn key');
}

/** The French VAT number of a SIREN: FR, its two-digit key, the SIREN. */
export const vatFrom = (siren: string): string => `FR${String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0')}${siren}`;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function insert(tx: Queryable, table: string, districtId: string, actorId: string, values: Record<string, unknown>, at: Date): Promise<string> {
  const id = randomUUID();
  const columns = Object.keys(values);
  await tx.query(
    `insert into ${table} (id, district_id, ${columns.join(', ')}, created_at, created_by, updated_at, updated_by)
     values ($1, $2, ${columns.map((_, i) => `$${i + 3}`).join(', ')}, $${columns.length + 3}, $${columns.length + 4}, $${columns.length + 3}, $${columns.length + 4})`,
    [id, districtId, ...Object.values(values), at, actorId],
  );
  return id;
}

export async function seedSuppliers({ tx, districtId, actorId }: DistrictSeed): Promise<void> {
  const history = seedHistory(tx, districtId, actorId);
  const created = new Date(Date.now() - 200 * 86_400_000);
  const trades: string[] = [];
  for (const name of TRADES) {
    const id = await insert(tx, 'supplier_trades', districtId, actorId, { name }, created);
    await history(SUPPLIER_MODULES.trades, id, 1, 'create', [{ field: 'name', before: null, after: name }], created);
    trades.push(id);
  }
  for (const [i, [name, city, postalCode, tradeIndexes, expiries]] of SUPPLIERS.entries()) {
    const siret = siretFrom(i + 1);
    const slug = name.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    const fields = {
      name,
      legal_name: `${name.toUpperCase()} SAS`,
      siret,
      vat_number: vatFrom(siret.slice(0, 9)),
      address: `${10 + i * 3} rue de la République`,
      postal_code: postalCode,
      city,
      phone: `04 7${i % 10} ${String(10 + i).padStart(2, '0')} ${String(20 + i).padStart(2, '0')} ${String(30 + i).padStart(2, '0')}`,
      email: `contact@${slug}.fr`,
      website: `https://www.${slug}.fr`,
      trade_ids: tradeIndexes.map((t) => trades[t]!),
      notes: i % 4 === 0 ? 'Intervention sous 4 h en cas d’urgence, astreinte le week-end.' : '',
      archived: i === SUPPLIERS.length - 1,
    };
    const supplierId = await insert(tx, 'suppliers', districtId, actorId, fields, created);
    await history(SUPPLIER_MODULES.suppliers, supplierId, 1, 'create', [
      { field: 'name', before: null, after: name },
      { field: 'siret', before: null, after: siret },
      { field: 'city', before: null, after: city },
      { field: 'tradeIds', before: null, after: fields.trade_ids },
    ], created);
    for (const [d, expiry] of expiries.entries()) {
      const [kind, title] = DOCUMENTS[d % DOCUMENTS.length]!;
      const values = { supplier_id: supplierId, kind, title, reference: `${kind.slice(0, 3).toUpperCase()}-${2026}-${String(100 + i * 7 + d).padStart(4, '0')}`, issued_on: day(-300), expires_on: expiry === null ? null : day(expiry) };
      const documentId = await insert(tx, 'supplier_documents', districtId, actorId, values, created);
      await history(SUPPLIER_MODULES.documents, documentId, 1, 'create', [
        { field: 'title', before: null, after: title },
        { field: 'expiresOn', before: null, after: values.expires_on },
      ], created);
    }
  }
}
