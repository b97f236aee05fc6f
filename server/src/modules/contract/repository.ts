/**
 * Every query of the Contracts module (contract_templates, contracts), scoped to the session's
 * district. Both kinds are described for the platform's record core (_platform/record-kind.ts);
 * what is the module's own is here: a contract's supplier, sites and manager checked, its
 * current term and notice deadline (common/modules/contract/deadline.ts) stored for the lists
 * and the job, its status moved by a manager with a reason (allowed moves only), its list's
 * filters (supplier, site, type, status, notice deadline within N days).
 */
import { contractTerm } from '../../../../common/modules/contract/deadline.js';
import {
  CONTRACT_STATUSES,
  CONTRACT_TYPES,
  DEFAULT_REMINDER_DAYS,
  canMove,
  type Contract,
  type ContractFields,
  type ContractListQuery,
  type ContractRow as ContractListRow,
  type ContractStatus,
  type ContractStatusBody,
  type ContractTemplate,
  type ContractTemplateFields,
  type TemplateField,
} from '../../../../common/modules/contract/schemas.js';
import type { Page } from '../../../../common/schemas/platform.js';
import { ApiError } from '../../lib/errors.js';
import { districtToday } from '../_platform/dates.js';
import { RecordStore, trimmedName, type RecordKind } from '../_platform/record-kind.js';
import { actorNames, recordMetaOf, requireEditable, requireMembers, writeVersion, type RecordMetaRow, type RecordScope } from '../_platform/records.js';

/** The history's, the attachments' and the socket's module names of the kinds. */
export const CONTRACT_MODULES = { templates: 'contract_templates', contracts: 'contracts' } as const;
/** The attachments' module name of the contracts' files (the signed PDF). */
export const CONTRACT_FILES = 'contract';

export const CONTRACT_NOT_FOUND = 'contract.not_found';
export const TEMPLATE_NOT_FOUND = 'contract.template_not_found';
export const SUPPLIER_NOT_FOUND = 'contract.supplier_not_found';
export const SITE_NOT_FOUND = 'contract.site_not_found';
export const OWNER_NOT_MEMBER = 'contract.owner_not_member';
export const CONTRACT_DATES = 'contract.dates';
export const FIELD_VALUE_INVALID = 'contract.field_value_invalid';

/** A real calendar day written YYYY-MM-DD. */
const isDay = (value: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
export const INVALID_TRANSITION = 'contract.invalid_transition';
export const MANAGERS_ONLY = 'contract.managers_only';
export const INVALID_FILTER = 'contract.invalid_filter';
export const TEMPLATE_IN_USE = 'contract.template_in_use';

interface TemplateRow extends RecordMetaRow {
  name: string;
  type: ContractTemplateFields['type'];
  fields: ContractTemplateFields['fields'];
  clauses: string;
  contract_count: number;
}

export interface ContractDbRow extends RecordMetaRow {
  name: string;
  supplier_id: string;
  site_ids: string[];
  type: ContractFields['type'];
  reference: string;
  start_on: string | null;
  end_on: string | null;
  tacit_renewal: boolean;
  renewal_months: number | null;
  notice_days: number;
  amount_cents: string | number | null;
  reminder_days: number[];
  owner_id: string;
  template_id: string | null;
  field_values: ContractFields['fieldValues'];
  notes: string;
  status: ContractStatus;
  status_reason: string;
  term_end_on: string | null;
  notice_on: string | null;
  supplier_name: string;
  sites?: { id: string; name: string }[];
  template_name: string | null;
  sort_value: string;
}

const contractFields = (row: ContractDbRow): ContractFields => ({
  supplierId: row.supplier_id,
  siteIds: row.site_ids,
  type: row.type,
  reference: row.reference,
  title: row.name,
  startOn: row.start_on,
  endOn: row.end_on,
  tacitRenewal: row.tacit_renewal,
  renewalMonths: row.renewal_months,
  noticeDays: row.notice_days,
  amountCents: row.amount_cents === null ? null : Number(row.amount_cents),
  reminderDays: row.reminder_days,
  ownerId: row.owner_id,
  templateId: row.template_id,
  fieldValues: row.field_values,
  notes: row.notes,
});

/** The current term of a contract's fields on the district's day. */
export const termOf = (f: Pick<ContractFields, 'endOn' | 'tacitRenewal' | 'renewalMonths' | 'noticeDays'>, today = districtToday()) =>
  contractTerm({ endOn: f.endOn, tacitRenewal: f.tacitRenewal, renewalMonths: f.renewalMonths, noticeDays: f.noticeDays }, today);

const CONTRACT_COLUMNS = `t.*, vigie_fold(t.name) as sort_value, t.start_on::text as start_on, t.end_on::text as end_on,
  t.term_end_on::text as term_end_on, t.notice_on::text as notice_on,
  (select s.name from suppliers s where s.id = t.supplier_id) as supplier_name,
  (select tp.name from contract_templates tp where tp.id = t.template_id) as template_name`;

const SITES = `coalesce((select json_agg(json_build_object('id', si.id, 'name', si.name) order by vigie_fold(si.name))
  from sites si where si.id = any(t.site_ids)), '[]') as sites`;

/** The record store, with the contract's manager named (accounts live in the control database). */
class ContractStore extends RecordStore {
  private async named<R>(items: R[]): Promise<R[]> {
    const owners = items.map((r) => (r as { ownerId?: string }).ownerId).filter((id): id is string => typeof id === 'string');
    if (owners.length === 0) return items;
    const names = await actorNames(this.scope.control, owners);
    return items.map((r) => ('ownerName' in (r as object) ? { ...r, ownerName: names.get((r as { ownerId: string }).ownerId) ?? '' } : r));
  }
  override async get<Row extends RecordMetaRow, F extends object, R>(kind: RecordKind<Row, F, R>, id: string): Promise<R> {
    return (await this.named([await super.get(kind, id)]))[0]!;
  }
}

export class ContractRepository {
  readonly store: RecordStore;

  constructor(
    readonly scope: RecordScope,
    private readonly manage: boolean,
  ) {
    this.store = new ContractStore(scope);
  }

  private deleted = (deleted: 'true' | 'false' | undefined) => RecordStore.deletedFilter(deleted, this.manage, MANAGERS_ONLY);

  readonly templates: RecordKind<TemplateRow, ContractTemplateFields, ContractTemplate> = {
    module: CONTRACT_MODULES.templates,
    table: 'contract_templates',
    notFound: TEMPLATE_NOT_FOUND,
    select: `select t.*, (select count(*)::int from contracts c where c.template_id = t.id and c.deleted_at is null) as contract_count from contract_templates t`,
    defaults: { fields: [], clauses: '' },
    historyFields: ['name', 'type', 'fields', 'clauses'],
    fieldsOf: (row) => ({ name: row.name, type: row.type, fields: row.fields, clauses: row.clauses }),
    columns: (f) => ({ name: f.name, type: f.type, fields: JSON.stringify(f.fields), clauses: f.clauses }),
    toRecord: (row, names) => ({ ...recordMetaOf(row, names), name: row.name, type: row.type, fields: row.fields, clauses: row.clauses, contractCount: row.contract_count }),
    clean: trimmedName,
    check: async (f) => {
      const keys = f.fields.map((field) => field.key);
      if (new Set(keys).size !== keys.length) throw ApiError.badRequest('contract.duplicate_field', 'fields');
    },
    inUse: (row) => (row.contract_count > 0 ? TEMPLATE_IN_USE : null),
  };

  readonly contracts: RecordKind<ContractDbRow, ContractFields, Contract> = {
    module: CONTRACT_MODULES.contracts,
    table: 'contracts',
    notFound: CONTRACT_NOT_FOUND,
    select: `select ${CONTRACT_COLUMNS}, ${SITES} from contracts t`,
    defaults: {
      siteIds: [],
      reference: '',
      startOn: null,
      endOn: null,
      tacitRenewal: false,
      renewalMonths: null,
      noticeDays: 0,
      amountCents: null,
      reminderDays: [...DEFAULT_REMINDER_DAYS],
      templateId: null,
      fieldValues: {},
      notes: '',
    },
    historyFields: [
      'title', 'supplierId', 'siteIds', 'type', 'reference', 'startOn', 'endOn', 'tacitRenewal', 'renewalMonths', 'noticeDays', 'amountCents',
      'reminderDays', 'ownerId', 'templateId', 'fieldValues', 'notes',
    ],
    fieldsOf: contractFields,
    columns: (f) => {
      const term = termOf(f);
      return {
        supplier_id: f.supplierId,
        site_ids: f.siteIds,
        type: f.type,
        reference: f.reference,
        name: f.title,
        start_on: f.startOn,
        end_on: f.endOn,
        tacit_renewal: f.tacitRenewal,
        renewal_months: f.renewalMonths,
        notice_days: f.noticeDays,
        amount_cents: f.amountCents,
        reminder_days: [...f.reminderDays].sort((a, b) => b - a),
        owner_id: f.ownerId,
        template_id: f.templateId,
        field_values: JSON.stringify(f.fieldValues),
        notes: f.notes,
        term_end_on: term?.endOn ?? null,
        notice_on: term?.noticeOn ?? null,
        // A create's status (ContractCreate); an update never carries one (its own route moves it).
        ...((f as { status?: string }).status ? { status: (f as { status?: string }).status } : {}),
      };
    },
    toRecord: (row, names) => {
      const fields = contractFields(row);
      const term = termOf(fields);
      return {
        ...recordMetaOf(row, names),
        ...fields,
        status: row.status,
        statusReason: row.status_reason,
        termEndOn: term?.endOn ?? null,
        noticeOn: term?.noticeOn ?? null,
        supplierName: row.supplier_name ?? '',
        sites: row.sites ?? [],
        ownerName: '',
        templateName: row.template_name,
        files: [],
      };
    },
    // The manager: the creator unless named.
    clean: (f) => ({ ...f, ownerId: f.ownerId ?? this.scope.actor.id, title: f.title.trim(), reference: f.reference.trim(), renewalMonths: f.tacitRenewal ? (f.renewalMonths ?? 12) : f.renewalMonths }),
    check: async (f, before) => {
      if (f.startOn && f.endOn && f.endOn < f.startOn) throw ApiError.badRequest(CONTRACT_DATES, 'endOn');
      const db = this.scope.db;
      if (f.supplierId !== before?.supplierId) {
        const { rows } = await db.query('select 1 from suppliers where id = $1 and district_id = $2 and deleted_at is null', [f.supplierId, this.scope.districtId]);
        if (rows.length === 0) throw ApiError.notFound(SUPPLIER_NOT_FOUND);
      }
      if (f.siteIds.length > 0 && JSON.stringify(f.siteIds) !== JSON.stringify(before?.siteIds)) {
        const { rows } = await db.query<{ n: number }>('select count(*)::int as n from sites where id = any($1::uuid[]) and district_id = $2 and deleted_at is null', [f.siteIds, this.scope.districtId]);
        if (rows[0]!.n !== f.siteIds.length) throw ApiError.notFound(SITE_NOT_FOUND);
      }
      if (f.ownerId !== before?.ownerId) await requireMembers(db, this.scope.districtId, [f.ownerId], OWNER_NOT_MEMBER, 'ownerId');
      if (f.templateId && (f.templateId !== before?.templateId || JSON.stringify(f.fieldValues) !== JSON.stringify(before?.fieldValues))) {
        const { rows } = await db.query<{ fields: TemplateField[] }>('select fields from contract_templates where id = $1 and district_id = $2 and deleted_at is null', [
          f.templateId,
          this.scope.districtId,
        ]);
        if (!rows[0]) throw ApiError.notFound(TEMPLATE_NOT_FOUND);
        // Each value as its field's kind: a day for a date (the PDF writes it in the reader's language), a number for a number or an amount.
        for (const field of rows[0].fields) {
          const value = f.fieldValues[field.key];
          if (value === undefined || value === null) continue;
          const valid = field.kind === 'date' ? typeof value === 'string' && isDay(value) : field.kind === 'text' ? typeof value === 'string' : typeof value === 'number' && Number.isFinite(value);
          if (!valid) throw ApiError.badRequest(FIELD_VALUE_INVALID, `fieldValues/${field.key}`);
        }
      }
    },
    search: { folded: 't.search_folded' },
    filters: {
      supplier: { column: 't.supplier_id', type: 'uuid' },
      type: { column: 't.type', type: 'text', values: CONTRACT_TYPES },
      status: { column: 't.status', type: 'text', values: CONTRACT_STATUSES },
    },
    where: (query, params) => {
      const where: string[] = [];
      const site = query.site;
      if (typeof site === 'string' && site.trim()) {
        const ids = site.split(',').map((s) => s.trim()).filter(Boolean);
        if (!ids.every((id) => /^[0-9a-f-]{36}$/i.test(id))) throw ApiError.badRequest(INVALID_FILTER, 'site');
        params.push(ids);
        where.push(`t.id in (select cs.contract_id from contract_sites cs where cs.site_id = any($${params.length}::uuid[]))`);
      }
      const within = query.noticeWithin;
      if (typeof within === 'string' && within !== '') {
        const today = districtToday();
        params.push(today, Number(within));
        where.push(`t.notice_on between $${params.length - 1}::date and $${params.length - 1}::date + $${params.length}::int`);
      }
      return where;
    },
    invalidFilter: INVALID_FILTER,
    attachments: CONTRACT_FILES,
  };

  listTemplates(deleted?: 'true' | 'false'): Promise<ContractTemplate[]> {
    return this.store.all(this.templates, 'vigie_fold(t.name), t.id', this.deleted(deleted));
  }

  async listContracts(query: ContractListQuery & { limit?: number }): Promise<Page<ContractListRow>> {
    const rowKind: RecordKind<ContractDbRow, ContractFields, ContractListRow> = {
      ...this.contracts,
      select: `select ${CONTRACT_COLUMNS} from contracts t`,
      toRecord: (row, names) => {
        const f = contractFields(row);
        const term = termOf(f);
        return {
          ...recordMetaOf(row, names),
          title: f.title,
          reference: f.reference,
          type: f.type,
          status: row.status,
          supplierId: f.supplierId,
          supplierName: row.supplier_name ?? '',
          siteIds: f.siteIds,
          endOn: f.endOn,
          tacitRenewal: f.tacitRenewal,
          amountCents: f.amountCents,
          ownerId: f.ownerId,
          termEndOn: term?.endOn ?? null,
          noticeOn: term?.noticeOn ?? null,
        };
      },
    };
    return this.store.page(rowKind, query, this.deleted(query.deleted));
  }

  async exportContracts(query: ContractListQuery, max: number): Promise<ContractListRow[]> {
    const rows: ContractListRow[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.listContracts({ ...query, ...(cursor ? { cursor } : {}), limit: 200 });
      rows.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor && rows.length < max);
    return rows.slice(0, max);
  }

  /** A manager's move of a contract's status, with its reason: allowed moves only (409 otherwise), from its base version. */
  async setStatus(id: string, body: ContractStatusBody): Promise<Contract> {
    const { rows } = await this.scope.db.query<ContractDbRow>(`select ${CONTRACT_COLUMNS} from contracts t where t.id = $1 and t.district_id = $2 for update of t`, [id, this.scope.districtId]);
    const row = rows[0];
    if (!row) throw ApiError.notFound(CONTRACT_NOT_FOUND);
    await requireEditable(row, body.baseVersion, () => this.store.get(this.contracts, id));
    if (row.status === body.status || !canMove(row.status, body.status)) throw new ApiError(409, { message: INVALID_TRANSITION });
    const reason = body.reason.trim();
    await moveStatus(this.scope, row, body.status, reason);
    return this.store.get(this.contracts, id);
  }
}

/** Moves a locked contract row's status with its reason, and writes the history entry (the job's moves too). */
export async function moveStatus(scope: RecordScope, row: Pick<ContractDbRow, 'id' | 'version' | 'status' | 'status_reason'>, status: ContractStatus, reason: string): Promise<void> {
  await writeVersion(
    scope,
    { table: 'contracts', module: CONTRACT_MODULES.contracts, id: row.id, version: row.version },
    [
      { field: 'status', before: row.status, after: status },
      { field: 'statusReason', before: row.status_reason || null, after: reason },
    ],
    { set: 'status = $4, status_reason = $5', values: [status, reason] },
  );
}
