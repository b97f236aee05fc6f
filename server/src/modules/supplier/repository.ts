/**
 * Every query of the Suppliers module (supplier_trades, suppliers, supplier_documents), scoped to
 * the session's district. The three kinds are described for the platform's record core
 * (_platform/record-kind.ts), which gives them creation with the caller's id, edits from a base
 * version, history, reversible deletion and restore; what is the module's own is here: a
 * supplier's legal ids (SIRET checked by its Luhn key, VAT upper-cased), its trades, and its
 * documents' state on the day (valid, expiring within DOCUMENT_EXPIRING_DAYS, expired).
 */
import {
  DOCUMENT_EXPIRING_DAYS,
  DOCUMENT_STATES,
  DOCUMENTS_LIST_MAX,
  type DocumentState,
  type Supplier,
  type SupplierDocument,
  type SupplierDocumentFields,
  type SupplierDocumentListItem,
  type SupplierDocumentSummary,
  type SupplierFields,
  type SupplierListQuery,
  type SupplierRow as SupplierListRow,
  type Trade,
  type TradeFields,
} from '../../../../common/modules/supplier/schemas.js';
import type { Page } from '../../../../common/schemas/platform.js';
import { ApiError } from '../../lib/errors.js';
import { filterValues } from '../_platform/list.js';
import { RecordStore, trimmedName, type RecordKind } from '../_platform/record-kind.js';
import { recordMetaOf, type RecordMetaRow, type RecordScope } from '../_platform/records.js';

/** The history's, the attachments' and the socket's module names of the kinds. */
export const SUPPLIER_MODULES = {
  trades: 'supplier_trades',
  suppliers: 'suppliers',
  documents: 'supplier_documents',
} as const;

/** The attachments' module name of the module's files (its documents' scans). */
export const SUPPLIER_FILES = 'supplier';

export const SUPPLIER_NOT_FOUND = 'supplier.not_found';
export const TRADE_NOT_FOUND = 'supplier.trade_not_found';
export const DOCUMENT_NOT_FOUND = 'supplier.document_not_found';
export const INVALID_SIRET = 'supplier.invalid_siret';
export const DOCUMENT_DATES = 'supplier.document_dates';
export const MANAGERS_ONLY = 'supplier.managers_only';
export const INVALID_FILTER = 'supplier.invalid_filter';

/** Today in France, where the districts are: an expiry date is a French calendar day. */
const TODAY = `(now() at time zone 'Europe/Paris')::date`;
/** A document's state on the day (SQL over the document's alias). */
const documentState = (d: string) => `case when ${d}.expires_on is null then 'valid' when ${d}.expires_on < ${TODAY} then 'expired'
  when ${d}.expires_on <= ${TODAY} + ${DOCUMENT_EXPIRING_DAYS} then 'expiring' else 'valid' end`;
const DOCUMENT_STATE = documentState('d');
/** A supplier's worst document state (SQL over alias `t`). */
const SUPPLIER_DOCUMENT_STATE = `coalesce((select case when bool_or(d.expires_on < ${TODAY}) then 'expired'
  when bool_or(d.expires_on <= ${TODAY} + ${DOCUMENT_EXPIRING_DAYS}) then 'expiring' else 'valid' end
  from supplier_documents d where d.supplier_id = t.id and d.deleted_at is null), 'valid')`;

/** A SIRET's Luhn key (La Poste's establishments, SIREN 356000000, sum their digits to a multiple of 5). */
export function validSiret(siret: string): boolean {
  if (!/^\d{14}$/.test(siret)) return false;
  if (siret.startsWith('356000000')) return [...siret].reduce((sum, digit) => sum + Number(digit), 0) % 5 === 0;
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    let digit = Number(siret[13 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

interface TradeRow extends RecordMetaRow {
  name: string;
  supplier_count: number;
}

interface SupplierRow extends RecordMetaRow {
  name: string;
  legal_name: string;
  siret: string;
  vat_number: string;
  address: string;
  postal_code: string;
  city: string;
  phone: string;
  email: string;
  website: string;
  trade_ids: string[];
  notes: string;
  archived: boolean;
  trades: { id: string; name: string }[];
  document_state: DocumentState;
  next_expiry: string | null;
  documents?: SupplierDocumentSummary[];
  sort_value: string;
}

interface DocumentRow extends RecordMetaRow {
  supplier_id: string;
  kind: SupplierDocumentFields['kind'];
  title: string;
  reference: string;
  issued_on: string | null;
  expires_on: string | null;
  state: DocumentState;
}

const SUPPLIER_COLUMNS = `t.*, vigie_fold(t.name) as sort_value,
  coalesce((select json_agg(json_build_object('id', tr.id, 'name', tr.name) order by vigie_fold(tr.name))
    from supplier_trades tr where tr.id = any(t.trade_ids) and tr.deleted_at is null), '[]') as trades,
  ${SUPPLIER_DOCUMENT_STATE} as document_state,
  (select min(d.expires_on)::text from supplier_documents d where d.supplier_id = t.id and d.deleted_at is null and d.expires_on >= ${TODAY}) as next_expiry`;

const DOCUMENT_SUMMARY = `json_build_object('id', d.id, 'version', d.version, 'kind', d.kind, 'title', d.title, 'reference', d.reference,
  'issuedOn', d.issued_on::text, 'expiresOn', d.expires_on::text, 'state', ${DOCUMENT_STATE},
  'fileCount', (select count(*)::int from attachments a where a.module = '${SUPPLIER_FILES}' and a.record_id = d.id and a.state = 'complete' and a.deleted_at is null))`;

const supplierFields = (row: SupplierRow): SupplierFields => ({
  name: row.name,
  legalName: row.legal_name,
  siret: row.siret,
  vatNumber: row.vat_number,
  address: row.address,
  postalCode: row.postal_code,
  city: row.city,
  phone: row.phone,
  email: row.email,
  website: row.website,
  tradeIds: row.trade_ids,
  notes: row.notes,
  archived: row.archived,
});

const documentFields = (row: DocumentRow): SupplierDocumentFields => ({
  supplierId: row.supplier_id,
  kind: row.kind,
  title: row.title,
  reference: row.reference,
  issuedOn: row.issued_on,
  expiresOn: row.expires_on,
});

export class SupplierRepository {
  readonly store: RecordStore;

  constructor(
    readonly scope: RecordScope,
    /** Whether the caller manages suppliers (lists the deleted ones, to restore them). */
    private readonly manage: boolean,
  ) {
    this.store = new RecordStore(scope);
  }

  private deleted = (deleted: 'true' | 'false' | undefined) => RecordStore.deletedFilter(deleted, this.manage, MANAGERS_ONLY);

  readonly trades: RecordKind<TradeRow, TradeFields, Trade> = {
    module: SUPPLIER_MODULES.trades,
    table: 'supplier_trades',
    notFound: TRADE_NOT_FOUND,
    select: `select t.*, (select count(*)::int from suppliers s where t.id = any(s.trade_ids) and s.deleted_at is null) as supplier_count from supplier_trades t`,
    historyFields: ['name'],
    fieldsOf: (row) => ({ name: row.name }),
    columns: (f) => ({ name: f.name }),
    toRecord: (row, names) => ({ ...recordMetaOf(row, names), name: row.name, supplierCount: row.supplier_count }),
    clean: trimmedName,
    inUse: (row) => (row.supplier_count > 0 ? 'supplier.trade_in_use' : null),
  };

  readonly suppliers: RecordKind<SupplierRow, SupplierFields, Supplier> = {
    module: SUPPLIER_MODULES.suppliers,
    table: 'suppliers',
    notFound: SUPPLIER_NOT_FOUND,
    select: `select ${SUPPLIER_COLUMNS},
      coalesce((select json_agg(${DOCUMENT_SUMMARY} order by d.expires_on nulls last, vigie_fold(d.title))
        from supplier_documents d where d.supplier_id = t.id and d.deleted_at is null), '[]') as documents
      from suppliers t`,
    defaults: { legalName: '', siret: '', vatNumber: '', address: '', postalCode: '', city: '', phone: '', email: '', website: '', tradeIds: [], notes: '', archived: false },
    historyFields: ['name', 'legalName', 'siret', 'vatNumber', 'address', 'postalCode', 'city', 'phone', 'email', 'website', 'tradeIds', 'notes', 'archived'],
    fieldsOf: supplierFields,
    columns: (f) => ({
      name: f.name,
      legal_name: f.legalName,
      siret: f.siret,
      vat_number: f.vatNumber,
      address: f.address,
      postal_code: f.postalCode,
      city: f.city,
      phone: f.phone,
      email: f.email,
      website: f.website,
      trade_ids: f.tradeIds,
      notes: f.notes,
      archived: f.archived,
    }),
    toRecord: (row, names) => ({
      ...recordMetaOf(row, names),
      ...supplierFields(row),
      trades: row.trades,
      documents: row.documents ?? [],
      documentState: row.document_state,
    }),
    clean: (f) => ({
      ...f,
      name: f.name.trim(),
      legalName: f.legalName.trim(),
      siret: f.siret.replace(/\s/g, ''),
      vatNumber: f.vatNumber.replace(/\s/g, '').toUpperCase(),
      email: f.email.trim(),
      website: f.website.trim(),
    }),
    check: async (f, before) => {
      if (f.siret !== '' && f.siret !== before?.siret && !validSiret(f.siret)) throw ApiError.badRequest(INVALID_SIRET, 'siret');
      const added = f.tradeIds.filter((id) => !before?.tradeIds.includes(id));
      if (added.length > 0) {
        const { rows } = await this.scope.db.query('select id from supplier_trades where district_id = $1 and id = any($2::uuid[]) and deleted_at is null', [
          this.scope.districtId,
          added,
        ]);
        if (rows.length !== new Set(added).size) throw ApiError.notFound(TRADE_NOT_FOUND);
      }
    },
    search: { folded: 't.search_folded' },
    filters: { trade: { column: 't.trade_ids', type: 'uuid', match: 'overlaps' } },
    where: (query, params) => {
      const where = [query.archived === 'true' ? 't.archived' : 'not t.archived'];
      const states = filterValues(typeof query.documents === 'string' ? query.documents : undefined, 'documents', (v) => (DOCUMENT_STATES as readonly string[]).includes(v), INVALID_FILTER);
      if (states) {
        params.push(states);
        where.push(`${SUPPLIER_DOCUMENT_STATE} = any($${params.length}::text[])`);
      }
      return where;
    },
    invalidFilter: INVALID_FILTER,
  };

  readonly documents: RecordKind<DocumentRow, SupplierDocumentFields, SupplierDocument> = {
    module: SUPPLIER_MODULES.documents,
    table: 'supplier_documents',
    notFound: DOCUMENT_NOT_FOUND,
    select: `select t.*, t.issued_on::text as issued_on, t.expires_on::text as expires_on, ${documentState('t')} as state from supplier_documents t`,
    defaults: { reference: '', issuedOn: null, expiresOn: null },
    historyFields: ['kind', 'title', 'reference', 'issuedOn', 'expiresOn'],
    fieldsOf: documentFields,
    columns: (f) => ({ supplier_id: f.supplierId, kind: f.kind, title: f.title, reference: f.reference, issued_on: f.issuedOn, expires_on: f.expiresOn }),
    toRecord: (row, names) => ({ ...recordMetaOf(row, names), ...documentFields(row), state: row.state, files: [] }),
    clean: (f) => ({ ...f, title: f.title.trim(), reference: f.reference.trim() }),
    check: async (f, before) => {
      if (f.issuedOn && f.expiresOn && f.expiresOn < f.issuedOn) throw ApiError.badRequest(DOCUMENT_DATES, 'expiresOn');
      if (f.supplierId !== before?.supplierId) {
        const { rows } = await this.scope.db.query('select 1 from suppliers where id = $1 and district_id = $2 and deleted_at is null', [f.supplierId, this.scope.districtId]);
        if (rows.length === 0) throw ApiError.notFound(SUPPLIER_NOT_FOUND);
      }
    },
    attachments: SUPPLIER_FILES,
  };

  listTrades(deleted?: 'true' | 'false'): Promise<Trade[]> {
    return this.store.all(this.trades, 'vigie_fold(t.name), t.id', this.deleted(deleted));
  }

  /** A page of suppliers by name, as list rows (no documents' detail). */
  async listSuppliers(query: SupplierListQuery & { limit?: number }): Promise<Page<SupplierListRow>> {
    const rowKind: RecordKind<SupplierRow, SupplierFields, SupplierListRow> = {
      ...this.suppliers,
      readOne: undefined,
      select: `select ${SUPPLIER_COLUMNS} from suppliers t`,
      toRecord: (row, names) => ({
        ...recordMetaOf(row, names),
        name: row.name,
        city: row.city,
        phone: row.phone,
        email: row.email,
        archived: row.archived,
        tradeIds: row.trade_ids,
        trades: row.trades,
        documentState: row.document_state,
        nextExpiry: row.next_expiry,
      }),
    };
    return this.store.page(rowKind, query, this.deleted(query.deleted));
  }

  /** Every supplier matching the list's filters, by name (the CSV export: at most `max`). */
  async exportSuppliers(query: SupplierListQuery, max: number): Promise<SupplierListRow[]> {
    const rows: SupplierListRow[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.listSuppliers({ ...query, ...(cursor ? { cursor } : {}), limit: 200 });
      rows.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor && rows.length < max);
    return rows.slice(0, max);
  }

  /** Documents, soonest expiry first: one supplier's, or the district's (a manager's watch list). */
  async listDocuments(query: { supplier?: string; state?: string; deleted?: 'true' | 'false' }): Promise<SupplierDocumentListItem[]> {
    const params: unknown[] = [this.scope.districtId];
    const where = ['d.district_id = $1', this.deleted(query.deleted).replaceAll('t.', 'd.'), 's.deleted_at is null'];
    if (query.supplier) {
      params.push(query.supplier);
      where.push(`d.supplier_id = $${params.length}`);
    }
    const states = filterValues(query.state, 'state', (v) => (DOCUMENT_STATES as readonly string[]).includes(v), INVALID_FILTER);
    if (states) {
      params.push(states);
      where.push(`(${DOCUMENT_STATE}) = any($${params.length}::text[])`);
    }
    params.push(DOCUMENTS_LIST_MAX);
    const { rows } = await this.scope.db.query<{ item: SupplierDocumentListItem }>(
      `select (${DOCUMENT_SUMMARY})::jsonb || jsonb_build_object('supplierId', s.id, 'supplierName', s.name) as item
         from supplier_documents d join suppliers s on s.id = d.supplier_id
        where ${where.join(' and ')} order by d.expires_on nulls last, vigie_fold(d.title), d.id limit $${params.length}`,
      params,
    );
    return rows.map((r) => r.item);
  }
}
