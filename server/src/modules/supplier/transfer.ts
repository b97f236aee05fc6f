/**
 * The suppliers' export and import (_platform/transfer.ts; the import/export module runs them):
 * the list (search, archived, trade, documents' state) as rows, read as the list reads them, and suppliers created or updated from a file's rows
 * through the record core (each supplier's history written; a SIRET checked by its key).
 */
import { SUPPLIER_NAME_MAX, SUPPLIER_NOTES_MAX, SUPPLIER_TEXT_MAX, type SupplierFields } from '../../../../common/modules/supplier/schemas.js';
import { RecordStore } from '../_platform/record-kind.js';
import type { RecordScope } from '../_platform/records.js';
import type { Cell, ImportField, ImportValues, ImportWriter, ModuleExport, ModuleImport } from '../_platform/transfer.js';
import { MANAGERS_ONLY, SUPPLIER_MODULES, SupplierRepository, validSiret } from './repository.js';

/** The text fields, their columns and their labels, in the list's order. */
const TEXTS = [
  ['name', 'name', 'Nom', 'Name', SUPPLIER_NAME_MAX, ['fournisseur', 'supplier', 'raison sociale abregee']],
  ['legalName', 'legal_name', 'Raison sociale', 'Legal name', SUPPLIER_TEXT_MAX, ['denomination']],
  ['siret', 'siret', 'SIRET', 'SIRET', SUPPLIER_TEXT_MAX, []],
  ['vatNumber', 'vat_number', 'N° de TVA', 'VAT number', SUPPLIER_TEXT_MAX, ['tva', 'vat', 'numero de tva']],
  ['address', 'address', 'Adresse', 'Address', SUPPLIER_TEXT_MAX, []],
  ['postalCode', 'postal_code', 'Code postal', 'Postal code', SUPPLIER_TEXT_MAX, ['cp', 'zip']],
  ['city', 'city', 'Ville', 'City', SUPPLIER_TEXT_MAX, ['commune']],
  ['phone', 'phone', 'Téléphone', 'Phone', SUPPLIER_TEXT_MAX, ['tel']],
  ['email', 'email', 'E-mail', 'Email', SUPPLIER_TEXT_MAX, ['courriel', 'mail']],
  ['website', 'website', 'Site web', 'Website', SUPPLIER_TEXT_MAX, ['web', 'url']],
  ['notes', 'notes', 'Notes', 'Notes', SUPPLIER_NOTES_MAX, ['remarques']],
] as const;

type TextKey = (typeof TEXTS)[number][0];

export const SUPPLIERS_EXPORT: ModuleExport = {
  name: 'suppliers',
  feature: 'supplier',
  label: { fr: 'Fournisseurs', en: 'Suppliers' },
  lists: ['/supplier/supplier-view'],
  columns: [...TEXTS.map(([key, , fr, en]) => ({ key, label: { fr, en } })), { key: 'archived', label: { fr: 'Archivé', en: 'Archived' } }],
  // The list's filters, applied as the list applies them (the record core's page of suppliers).
  filters: ['search', 'archived', 'trade', 'documents'],
  rows: async (db, districtId, filters, limit, control) => {
    const repo = new SupplierRepository({ db, control, districtId, actor: { id: '00000000-0000-0000-0000-000000000000' } }, false);
    const kind = {
      ...repo.suppliers,
      readOne: undefined,
      toRecord: (row: Parameters<typeof repo.suppliers.fieldsOf>[0]): Cell[] => {
        const r = row as unknown as Record<string, unknown>;
        return [...TEXTS.map(([, column]) => (typeof r[column] === 'string' ? r[column] : '')), row.archived ? 'oui' : 'non'];
      },
    };
    const rows: Cell[][] = [];
    let cursor: string | undefined;
    do {
      const page = await repo.store.page(kind, { ...filters, ...(cursor ? { cursor } : {}), limit: 200 }, RecordStore.deletedFilter(undefined, false, MANAGERS_ONLY));
      rows.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor && rows.length < limit);
    return rows.slice(0, limit);
  },
};

function suppliersWriter(scope: RecordScope): ImportWriter {
  const repo = new SupplierRepository(scope, true);
  const text = (v: ImportValues, key: TextKey) => (typeof v[key] === 'string' ? (v[key]) : '');
  const fields = (v: ImportValues): Partial<SupplierFields> => Object.fromEntries(TEXTS.map(([key]) => [key, text(v, key)]));
  return {
    current: async (ids) => {
      const { rows } = await scope.db.query<Record<string, string> & { id: string; version: number }>(
        `select id, version, ${TEXTS.map(([, column]) => column).join(', ')} from suppliers where district_id = $1 and deleted_at is null and id = any($2::uuid[])`,
        [scope.districtId, ids],
      );
      return new Map(rows.map((r) => [r.id, { version: r.version, values: Object.fromEntries(TEXTS.map(([key, column]) => [key, r[column] === '' ? null : r[column]!])) }]));
    },
    check: async (v) => {
      const siret = text(v, 'siret').replace(/\s/g, '');
      return siret !== '' && !validSiret(siret) ? { reason: 'importExport.reasons.invalid_siret', field: 'siret' } : null;
    },
    create: async (rows) => {
      for (const row of rows) await repo.store.create(repo.suppliers, row.id, { ...(repo.suppliers.defaults as SupplierFields), ...fields(row.values) });
    },
    update: async (id, version, changes) => {
      const all = fields(changes);
      const changed = Object.fromEntries(Object.entries(all).filter(([key]) => key in changes));
      await repo.store.update(repo.suppliers, id, { baseVersion: version, changes: changed });
    },
  };
}

export const SUPPLIERS_IMPORT: ModuleImport = {
  name: 'suppliers',
  feature: 'supplier',
  label: { fr: 'Fournisseurs', en: 'Suppliers' },
  module: SUPPLIER_MODULES.suppliers,
  fields: TEXTS.map(([key, , fr, en, max, aliases]): ImportField => ({ key, label: { fr, en }, type: 'text', max, aliases, ...(key === 'name' ? { required: true } : {}) })),
  writer: suppliersWriter,
};
