/**
 * The catalog part's queries (inventory_categories, inventory_articles, inventory_equipment,
 * inventory_checks), scoped to the session's district, on the platform's record core. What is
 * the part's own: references checked (category, supplier, contract, site, custodian, article),
 * an item's next check kept from its last check and period (common/modules/inventory/catalog.ts,
 * `nextCheckOn`), recomputed for a category's items when its period moves; the due and overdue
 * filters on the district's day; a check recorded with its answers, the item's last and next
 * check moved through `writeVersion` (so its history shows it), and a failed check opening one
 * action (actions/repository.ts); a field user's "out of order" report.
 */
import {
  checkResult,
  checkState,
  nextCheckOn,
  type Article,
  type ArticleFields,
  type ArticleRow,
  type Category,
  type CategoryFields,
  type Check,
  type CheckCreate,
  type Equipment,
  type EquipmentFields,
  type EquipmentInspection,
  type EquipmentListQuery,
  type EquipmentRow,
  type EquipmentStatusBody,
  type FieldValues,
} from '../../../../../common/modules/inventory/catalog.js';
import { CHECK_DUE_SOON_DAYS, EQUIPMENT_STATUSES, type EquipmentStatus } from '../../../../../common/modules/inventory/model.js';
import type { Page } from '../../../../../common/schemas/platform.js';
import { ApiError } from '../../../lib/errors.js';
import { createEquipmentAction } from '../../actions/repository.js';
import { addDays, districtToday } from '../../_platform/dates.js';
import { RecordStore, trimmedName, type KindListQuery, type RecordKind } from '../../_platform/record-kind.js';
import { actorNames, actorOf, recordMetaOf, requireEditable, requireMembers, writeVersion, type RecordMetaRow, type RecordScope } from '../../_platform/records.js';
import { isUuid } from '../../../../../common/uuid.js';

export const CATALOG_MODULES = { categories: 'inventory_categories', articles: 'inventory_articles', equipment: 'inventory_equipment' } as const;
/** The attachments' module names: an article's photo and documents, an item's photos. */
export const ARTICLE_FILES = 'inventory_article';
export const EQUIPMENT_FILES = 'inventory_equipment';

export const KEYS = {
  categoryNotFound: 'inventory.catalog.category_not_found',
  articleNotFound: 'inventory.catalog.article_not_found',
  equipmentNotFound: 'inventory.catalog.equipment_not_found',
  supplierNotFound: 'inventory.catalog.supplier_not_found',
  contractNotFound: 'inventory.catalog.contract_not_found',
  siteNotFound: 'inventory.catalog.site_not_found',
  templateNotFound: 'inventory.catalog.template_not_found',
  custodianNotMember: 'inventory.catalog.custodian_not_member',
  categoryInUse: 'inventory.catalog.category_in_use',
  articleInUse: 'inventory.catalog.article_in_use',
  duplicateField: 'inventory.catalog.duplicate_field',
  fieldValueInvalid: 'inventory.catalog.field_value_invalid',
  tagTaken: 'inventory.catalog.tag_taken',
  invalidFilter: 'inventory.catalog.invalid_filter',
  managersOnly: 'inventory.catalog.managers_only',
  statusManagersOnly: 'inventory.catalog.status_managers_only',
  noteRequired: 'inventory.catalog.note_required',
  checkRetired: 'inventory.catalog.check_retired',
  checkFuture: 'inventory.catalog.check_future',
  checkExists: 'inventory.catalog.check_exists',
  checkEmpty: 'inventory.catalog.check_empty',
  noTemplate: 'inventory.catalog.no_template',
  inspectionNotFound: 'inventory.catalog.inspection_not_found',
  inspectionNotSubmitted: 'inventory.catalog.inspection_not_submitted',
  inspectionUsed: 'inventory.catalog.inspection_used',
  equipmentDeleted: 'record.deleted',
} as const;

const isDay = (value: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

interface CategoryRow extends RecordMetaRow, Record<string, unknown> {
  name: string;
  fields: CategoryFields['fields'];
  check_period_months: number | null;
  checklist: string[];
  check_template_id: string | null;
  article_count: number;
}

interface ArticleDbRow extends RecordMetaRow {
  name: string;
  category_id: string | null;
  category_name: string | null;
  maker: string;
  model: string;
  reference: string;
  unit: string;
  barcode: string;
  supplier_id: string | null;
  supplier_name: string | null;
  contract_id: string | null;
  contract_name: string | null;
  unit_cost_cents: string | number | null;
  field_values: FieldValues;
  notes: string;
  equipment_count: number;
  sort_value: string;
}

export interface EquipmentDbRow extends RecordMetaRow {
  name: string;
  article_id: string;
  article_name: string;
  category_id: string | null;
  category_name: string | null;
  category_period: number | null;
  checklist: string[] | null;
  check_template_id: string | null;
  serial: string;
  tag: string;
  site_id: string | null;
  site_name: string | null;
  building: string;
  floor: string;
  room: string;
  position: { lat: number; lng: number } | null;
  status: EquipmentStatus;
  custodian_id: string | null;
  bought_on: string | null;
  commissioned_on: string | null;
  warranty_end_on: string | null;
  check_period_months: number | null;
  last_check_on: string | null;
  next_check_on: string | null;
  supplier_id: string | null;
  supplier_name: string | null;
  contract_id: string | null;
  contract_name: string | null;
  field_values: FieldValues;
  notes: string;
  sort_value: string;
}

const ARTICLE_SELECT = `select t.*, vigie_fold(t.name) as sort_value, c.name as category_name, s.name as supplier_name, k.name as contract_name,
    (select count(*)::int from inventory_equipment e where e.article_id = t.id and e.deleted_at is null) as equipment_count
  from inventory_articles t left join inventory_categories c on c.id = t.category_id left join suppliers s on s.id = t.supplier_id left join contracts k on k.id = t.contract_id`;

const EQUIPMENT_COLUMNS = `t.id, t.district_id, t.name, vigie_fold(t.name) as sort_value, t.article_id, a.name as article_name, a.category_id, c.name as category_name, c.check_period_months as category_period,
  c.checklist, c.check_template_id, t.serial, t.tag, t.site_id, si.name as site_name, t.building, t.floor, t.room, t.position, t.status, t.custodian_id,
  t.bought_on::text as bought_on, t.commissioned_on::text as commissioned_on, t.warranty_end_on::text as warranty_end_on, t.check_period_months,
  t.last_check_on::text as last_check_on, t.next_check_on::text as next_check_on, t.supplier_id, su.name as supplier_name, t.contract_id, k.name as contract_name,
  t.field_values, t.notes, t.version, t.created_at, t.created_by, t.updated_at, t.updated_by, t.deleted_at`;
const EQUIPMENT_FROM = `inventory_equipment t join inventory_articles a on a.id = t.article_id left join inventory_categories c on c.id = a.category_id
  left join sites si on si.id = t.site_id left join suppliers su on su.id = t.supplier_id left join contracts k on k.id = t.contract_id`;
/** The list's row: the article's and the site's names only. */
const EQUIPMENT_ROW_SELECT = `select t.id, t.district_id, t.name, vigie_fold(t.name) as sort_value, t.article_id, a.name as article_name, t.serial, t.tag, t.site_id, si.name as site_name, t.room, t.status,
  t.last_check_on::text as last_check_on, t.next_check_on::text as next_check_on, t.version, t.created_at, t.created_by, t.updated_at, t.updated_by, t.deleted_at
  from inventory_equipment t join inventory_articles a on a.id = t.article_id left join sites si on si.id = t.site_id`;

const equipmentFields = (row: EquipmentDbRow): EquipmentFields => ({
  articleId: row.article_id,
  name: row.name,
  serial: row.serial,
  tag: row.tag,
  siteId: row.site_id,
  building: row.building,
  floor: row.floor,
  room: row.room,
  position: row.position,
  status: row.status,
  custodianId: row.custodian_id,
  boughtOn: row.bought_on,
  commissionedOn: row.commissioned_on,
  warrantyEndOn: row.warranty_end_on,
  checkPeriodMonths: row.check_period_months,
  supplierId: row.supplier_id,
  contractId: row.contract_id,
  fieldValues: row.field_values,
  notes: row.notes,
});

const articleFields = (row: ArticleDbRow): ArticleFields => ({
  name: row.name,
  categoryId: row.category_id,
  maker: row.maker,
  model: row.model,
  reference: row.reference,
  unit: row.unit,
  barcode: row.barcode,
  supplierId: row.supplier_id,
  contractId: row.contract_id,
  unitCostCents: row.unit_cost_cents === null ? null : Number(row.unit_cost_cents),
  fieldValues: row.field_values,
  notes: row.notes,
});

/** The SQL of an item's next check (the same rule as `nextCheckOn`: PostgreSQL's month addition keeps the last day of a shorter month). */
export const NEXT_CHECK_SQL = `(coalesce(e.last_check_on, e.commissioned_on, (e.created_at at time zone 'Europe/Paris')::date)
  + make_interval(months => coalesce(e.check_period_months, (select c.check_period_months from inventory_articles a join inventory_categories c on c.id = a.category_id where a.id = e.article_id))))::date`;

class CatalogStore extends RecordStore {}

export class CatalogRepository {
  readonly store: RecordStore;
  readonly today: string;

  constructor(
    readonly scope: RecordScope,
    private readonly manage: boolean,
  ) {
    this.store = new CatalogStore(scope);
    this.today = districtToday();
  }

  private deleted = (deleted: 'true' | 'false' | undefined) => RecordStore.deletedFilter(deleted, this.manage, KEYS.managersOnly);

  private async requireLive(table: string, id: string | null, key: string): Promise<void> {
    if (id === null) return;
    const { rows } = await this.scope.db.query(`select 1 from ${table} where id = $1 and district_id = $2 and deleted_at is null`, [id, this.scope.districtId]);
    if (rows.length === 0) throw ApiError.notFound(key);
  }

  /** A record's custom field values as its category's fields' kinds. */
  private async checkValues(categoryId: string | null, values: FieldValues): Promise<void> {
    if (categoryId === null || Object.keys(values).length === 0) return;
    const { rows } = await this.scope.db.query<{ fields: CategoryFields['fields'] }>('select fields from inventory_categories where id = $1', [categoryId]);
    for (const field of rows[0]?.fields ?? []) {
      const value = values[field.key];
      if (value === undefined || value === null || value === '') continue;
      const valid = field.kind === 'date' ? typeof value === 'string' && isDay(value) : field.kind === 'text' ? typeof value === 'string' : typeof value === 'number' && Number.isFinite(value);
      if (!valid) throw ApiError.badRequest(KEYS.fieldValueInvalid, `fieldValues/${field.key}`);
    }
  }

  // ---------------------------------------------------------------- categories

  readonly categories: RecordKind<CategoryRow, CategoryFields, Category> = {
    module: CATALOG_MODULES.categories,
    table: 'inventory_categories',
    notFound: KEYS.categoryNotFound,
    select: `select t.*, (select count(*)::int from inventory_articles a where a.category_id = t.id and a.deleted_at is null) as article_count from inventory_categories t`,
    defaults: { fields: [], checkPeriodMonths: null, checklist: [], checkTemplateId: null },
    historyFields: ['name', 'fields', 'checkPeriodMonths', 'checklist', 'checkTemplateId'],
    fieldsOf: (row) => ({ name: row.name, fields: row.fields, checkPeriodMonths: row.check_period_months, checklist: row.checklist, checkTemplateId: row.check_template_id }),
    columns: (f) => ({ name: f.name, fields: JSON.stringify(f.fields), check_period_months: f.checkPeriodMonths, checklist: JSON.stringify(f.checklist), check_template_id: f.checkTemplateId }),
    toRecord: (row, names) => ({
      ...recordMetaOf(row, names),
      name: row.name,
      fields: row.fields,
      checkPeriodMonths: row.check_period_months,
      checklist: row.checklist,
      checkTemplateId: row.check_template_id,
      articleCount: row.article_count,
    }),
    clean: (f) => ({ ...trimmedName(f), checklist: f.checklist.map((item) => item.trim()) }),
    check: async (f, before) => {
      const keys = f.fields.map((field) => field.key);
      if (new Set(keys).size !== keys.length) throw ApiError.badRequest(KEYS.duplicateField, 'fields');
      if (f.checkTemplateId !== null && f.checkTemplateId !== before?.checkTemplateId) await this.requireLive('questionnaire_templates', f.checkTemplateId, KEYS.templateNotFound);
    },
    // A new period moves the next check of the category's items that have none of their own.
    written: async (id) => {
      await this.scope.db.query(
        `update inventory_equipment e set next_check_on = ${NEXT_CHECK_SQL}
          where e.district_id = $1 and e.check_period_months is null and e.article_id in (select a.id from inventory_articles a where a.category_id = $2)
            and e.next_check_on is distinct from ${NEXT_CHECK_SQL}`,
        [this.scope.districtId, id],
      );
    },
    inUse: (row) => (row.article_count > 0 ? KEYS.categoryInUse : null),
  };

  listCategories(deleted?: 'true' | 'false'): Promise<Category[]> {
    return this.store.all(this.categories, 'vigie_fold(t.name), t.id', this.deleted(deleted));
  }

  // ---------------------------------------------------------------- articles

  readonly articles: RecordKind<ArticleDbRow, ArticleFields, Article> = {
    module: CATALOG_MODULES.articles,
    table: 'inventory_articles',
    notFound: KEYS.articleNotFound,
    select: ARTICLE_SELECT,
    defaults: { categoryId: null, maker: '', model: '', reference: '', unit: '', barcode: '', supplierId: null, contractId: null, unitCostCents: null, fieldValues: {}, notes: '' },
    historyFields: ['name', 'categoryId', 'maker', 'model', 'reference', 'unit', 'barcode', 'supplierId', 'contractId', 'unitCostCents', 'fieldValues', 'notes'],
    fieldsOf: articleFields,
    columns: (f) => ({
      name: f.name,
      category_id: f.categoryId,
      maker: f.maker,
      model: f.model,
      reference: f.reference,
      unit: f.unit,
      barcode: f.barcode,
      supplier_id: f.supplierId,
      contract_id: f.contractId,
      unit_cost_cents: f.unitCostCents,
      field_values: JSON.stringify(f.fieldValues),
      notes: f.notes,
    }),
    toRecord: (row, names) => ({
      ...recordMetaOf(row, names),
      ...articleFields(row),
      categoryName: row.category_name ?? '',
      supplierName: row.supplier_name ?? '',
      contractName: row.contract_name ?? '',
      equipmentCount: row.equipment_count,
      files: [],
    }),
    clean: (f) => ({ ...trimmedName(f), maker: f.maker.trim(), model: f.model.trim(), reference: f.reference.trim(), unit: f.unit.trim(), barcode: f.barcode.trim() }),
    check: async (f, before) => {
      if (f.categoryId !== (before?.categoryId ?? null)) await this.requireLive('inventory_categories', f.categoryId, KEYS.categoryNotFound);
      if (f.supplierId !== (before?.supplierId ?? null)) await this.requireLive('suppliers', f.supplierId, KEYS.supplierNotFound);
      if (f.contractId !== (before?.contractId ?? null)) await this.requireLive('contracts', f.contractId, KEYS.contractNotFound);
      await this.checkValues(f.categoryId, f.fieldValues);
    },
    search: "t.name || ' ' || t.maker || ' ' || t.model || ' ' || t.reference || ' ' || t.barcode",
    filters: { category: { column: 't.category_id', type: 'uuid' }, barcode: { column: 't.barcode', type: 'text' } },
    invalidFilter: KEYS.invalidFilter,
    inUse: (row) => (row.equipment_count > 0 ? KEYS.articleInUse : null),
    attachments: ARTICLE_FILES,
  };

  listArticles(query: KindListQuery): Promise<Page<ArticleRow>> {
    const rowKind: RecordKind<ArticleDbRow, ArticleFields, ArticleRow> = {
      ...this.articles,
      select: `select t.*, vigie_fold(t.name) as sort_value, c.name as category_name from inventory_articles t left join inventory_categories c on c.id = t.category_id`,
      toRecord: (row, names) => ({
        ...recordMetaOf(row, names),
        name: row.name,
        categoryId: row.category_id,
        categoryName: row.category_name ?? '',
        maker: row.maker,
        model: row.model,
        reference: row.reference,
        unit: row.unit,
        barcode: row.barcode,
      }),
    };
    return this.store.page(rowKind, query, this.deleted(query.deleted));
  }

  // ---------------------------------------------------------------- equipment

  private equipmentRecord(row: EquipmentDbRow, names: Map<string, string>): Equipment {
    return {
      ...recordMetaOf(row, names),
      ...equipmentFields(row),
      lastCheckOn: row.last_check_on,
      nextCheckOn: row.next_check_on,
      checkState: checkState(row.next_check_on, this.today, row.status),
      articleName: row.article_name,
      categoryId: row.category_id,
      categoryName: row.category_name ?? '',
      siteName: row.site_name ?? '',
      custodianName: row.custodian_id ? (names.get(row.custodian_id) ?? '') : '',
      supplierName: row.supplier_name ?? '',
      contractName: row.contract_name ?? '',
      checklist: row.checklist ?? [],
      checkTemplateId: row.check_template_id,
      periodMonths: row.check_period_months ?? row.category_period,
      files: [],
    };
  }

  readonly equipment: RecordKind<EquipmentDbRow, EquipmentFields, Equipment> = {
    module: CATALOG_MODULES.equipment,
    table: 'inventory_equipment',
    notFound: KEYS.equipmentNotFound,
    select: `select ${EQUIPMENT_COLUMNS} from ${EQUIPMENT_FROM}`,
    defaults: {
      serial: '',
      tag: '',
      siteId: null,
      building: '',
      floor: '',
      room: '',
      position: null,
      status: 'inService',
      custodianId: null,
      boughtOn: null,
      commissionedOn: null,
      warrantyEndOn: null,
      checkPeriodMonths: null,
      supplierId: null,
      contractId: null,
      fieldValues: {},
      notes: '',
    },
    historyFields: [
      'name', 'articleId', 'serial', 'tag', 'status', 'siteId', 'building', 'floor', 'room', 'position', 'custodianId', 'boughtOn', 'commissionedOn', 'warrantyEndOn',
      'checkPeriodMonths', 'supplierId', 'contractId', 'fieldValues', 'notes',
    ],
    fieldsOf: equipmentFields,
    columns: (f) => ({
      article_id: f.articleId,
      name: f.name,
      serial: f.serial,
      tag: f.tag,
      site_id: f.siteId,
      building: f.building,
      floor: f.floor,
      room: f.room,
      position: f.position === null ? null : JSON.stringify(f.position),
      status: f.status,
      custodian_id: f.custodianId,
      bought_on: f.boughtOn,
      commissioned_on: f.commissionedOn,
      warranty_end_on: f.warrantyEndOn,
      check_period_months: f.checkPeriodMonths,
      supplier_id: f.supplierId,
      contract_id: f.contractId,
      field_values: JSON.stringify(f.fieldValues),
      notes: f.notes,
    }),
    toRecord: (row, names) => this.equipmentRecord(row, names),
    actors: (row) => [row.custodian_id],
    clean: (f) => ({ ...trimmedName(f), serial: f.serial.trim(), tag: f.tag.trim(), building: f.building.trim(), floor: f.floor.trim(), room: f.room.trim() }),
    check: async (f, before, id) => {
      const db = this.scope.db;
      if (f.articleId !== before?.articleId) await this.requireLive('inventory_articles', f.articleId, KEYS.articleNotFound);
      if (f.siteId !== (before?.siteId ?? null)) await this.requireLive('sites', f.siteId, KEYS.siteNotFound);
      if (f.supplierId !== (before?.supplierId ?? null)) await this.requireLive('suppliers', f.supplierId, KEYS.supplierNotFound);
      if (f.contractId !== (before?.contractId ?? null)) await this.requireLive('contracts', f.contractId, KEYS.contractNotFound);
      if (f.custodianId !== null && f.custodianId !== (before?.custodianId ?? null)) await requireMembers(db, this.scope.districtId, [f.custodianId], KEYS.custodianNotMember, 'custodianId');
      if (f.tag !== '' && f.tag !== before?.tag) {
        const { rows } = await db.query('select 1 from inventory_equipment where district_id = $1 and tag = $2 and deleted_at is null and id <> $3', [this.scope.districtId, f.tag, id]);
        if (rows.length > 0) throw new ApiError(409, { message: KEYS.tagTaken });
      }
      if (JSON.stringify(f.fieldValues) !== JSON.stringify(before?.fieldValues ?? {})) {
        const { rows } = await db.query<{ category_id: string | null }>('select category_id from inventory_articles where id = $1', [f.articleId]);
        await this.checkValues(rows[0]?.category_id ?? null, f.fieldValues);
      }
    },
    // The next check from the last one (or the commissioning, or the creation) and the period in effect.
    written: async (id) => {
      await this.scope.db.query(`update inventory_equipment e set next_check_on = ${NEXT_CHECK_SQL} where e.id = $1 and e.district_id = $2`, [id, this.scope.districtId]);
    },
    search: { folded: 't.search_folded' },
    filters: {
      site: { column: 't.site_id', type: 'uuid' },
      article: { column: 't.article_id', type: 'uuid' },
      status: { column: 't.status', type: 'text', values: EQUIPMENT_STATUSES },
      tag: { column: 't.tag', type: 'text' },
      serial: { column: 't.serial', type: 'text' },
    },
    where: (query, params) => {
      const where: string[] = [];
      const category = query.category;
      if (typeof category === 'string' && category.trim()) {
        const ids = category.split(',').map((s) => s.trim()).filter(Boolean);
        if (!ids.every((v) => isUuid(v))) throw ApiError.badRequest(KEYS.invalidFilter, 'category');
        params.push(ids);
        where.push(`t.article_id in (select a.id from inventory_articles a where a.category_id = any($${params.length}::uuid[]))`);
      }
      if (query.check === 'due' || query.check === 'overdue') {
        params.push(query.check === 'due' ? addDays(this.today, CHECK_DUE_SOON_DAYS) : addDays(this.today, -1));
        where.push(`t.status <> 'retired' and t.next_check_on <= $${params.length}::date`);
      }
      return where;
    },
    invalidFilter: KEYS.invalidFilter,
    attachments: EQUIPMENT_FILES,
  };

  listEquipment(query: EquipmentListQuery & { limit?: number }): Promise<Page<EquipmentRow>> {
    const rowKind = {
      ...this.equipment,
      select: EQUIPMENT_ROW_SELECT,
      toRecord: (row: EquipmentDbRow, names: Map<string, string>): EquipmentRow => ({
        ...recordMetaOf(row, names),
        name: row.name,
        articleId: row.article_id,
        articleName: row.article_name,
        serial: row.serial,
        tag: row.tag,
        siteId: row.site_id,
        siteName: row.site_name ?? '',
        room: row.room,
        status: row.status,
        lastCheckOn: row.last_check_on,
        nextCheckOn: row.next_check_on,
        checkState: checkState(row.next_check_on, this.today, row.status),
      }),
    } as unknown as RecordKind<EquipmentDbRow, EquipmentFields, EquipmentRow>;
    return this.store.page(rowKind, query, this.deleted(query.deleted));
  }

  async exportEquipment(query: EquipmentListQuery, max: number): Promise<EquipmentRow[]> {
    const rows: EquipmentRow[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.listEquipment({ ...query, ...(cursor ? { cursor } : {}), limit: 200 });
      rows.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor && rows.length < max);
    return rows.slice(0, max);
  }

  async exportArticles(query: KindListQuery, max: number): Promise<ArticleRow[]> {
    const rows: ArticleRow[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.listArticles({ ...query, ...(cursor ? { cursor } : {}), limit: 200 });
      rows.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor && rows.length < max);
    return rows.slice(0, max);
  }

  private async lockEquipment(id: string): Promise<EquipmentDbRow> {
    const { rows } = await this.scope.db.query<EquipmentDbRow>(`select ${EQUIPMENT_COLUMNS} from ${EQUIPMENT_FROM} where t.id = $1 and t.district_id = $2 for update of t`, [id, this.scope.districtId]);
    if (!rows[0]) throw ApiError.notFound(KEYS.equipmentNotFound);
    return rows[0];
  }

  /**
   * A status move with its note (history: status, statusNote). A field user (read right) may
   * only report an item in service or in repair as out of order, with a note; any other move is
   * a manager's.
   */
  async setStatus(id: string, body: EquipmentStatusBody): Promise<Equipment> {
    const row = await this.lockEquipment(id);
    await requireEditable(row, body.baseVersion, () => this.store.get(this.equipment, id));
    const note = body.note.trim();
    if (!this.manage && (body.status !== 'outOfOrder' || row.status === 'retired')) throw ApiError.forbidden(KEYS.statusManagersOnly);
    if (!this.manage && note === '') throw ApiError.badRequest(KEYS.noteRequired, 'note');
    if (row.status !== body.status) {
      await writeVersion(
        this.scope,
        { table: 'inventory_equipment', module: CATALOG_MODULES.equipment, id, version: row.version },
        [{ field: 'status', before: row.status, after: body.status }, ...(note ? [{ field: 'statusNote', before: null, after: note }] : [])],
        { set: 'status = $4', values: [body.status] },
      );
    }
    return this.store.get(this.equipment, id);
  }

  private checkOf(row: { id: string; equipment_id: string; due_on: string | null; done_on: string; result: 'pass' | 'fail'; answers: Check['answers']; notes: string; action_id: string | null; inspection_id: string | null; created_at: Date; created_by: string }, names: Map<string, string>): Check {
    return {
      id: row.id,
      equipmentId: row.equipment_id,
      dueOn: row.due_on,
      doneOn: row.done_on,
      result: row.result,
      answers: row.answers,
      notes: row.notes,
      actionId: row.action_id,
      inspectionId: row.inspection_id,
      createdAt: new Date(row.created_at).toISOString(),
      createdBy: actorOf(names, row.created_by),
    };
  }

  private static readonly CHECK_SELECT = `select id, equipment_id, due_on::text as due_on, done_on::text as done_on, result, answers, notes, action_id, inspection_id, created_at, created_by from inventory_checks`;

  async checks(equipmentId: string): Promise<Check[]> {
    await this.store.get(this.equipment, equipmentId);
    const { rows } = await this.scope.db.query<Parameters<CatalogRepository['checkOf']>[0]>(
      `${CatalogRepository.CHECK_SELECT} where equipment_id = $1 and district_id = $2 and deleted_at is null order by done_on desc, created_at desc limit 200`,
      [equipmentId, this.scope.districtId],
    );
    const names = await actorNames(this.scope.control, rows.map((r) => r.created_by));
    return rows.map((row) => this.checkOf(row, names));
  }

  /**
   * Records a check of an item (a field user's own work): its answers and result, the item's last
   * and next check moved (history), and for a failure one action on the item's site, due in 7
   * days. The check's id is the client's: the same check sent again answers the first.
   */
  async recordCheck(equipmentId: string, body: CheckCreate): Promise<{ check: Check; equipment: Equipment; actionId: string | null }> {
    const db = this.scope.db;
    const row = await this.lockEquipment(equipmentId);
    const { rows: existing } = await db.query<Parameters<CatalogRepository['checkOf']>[0]>(`${CatalogRepository.CHECK_SELECT} where id = $1 and district_id = $2`, [body.id, this.scope.districtId]);
    if (existing[0]) {
      if (existing[0].equipment_id !== equipmentId) throw new ApiError(409, { message: KEYS.checkExists });
      const names = await actorNames(this.scope.control, [existing[0].created_by]);
      return { check: this.checkOf(existing[0], names), equipment: await this.store.get(this.equipment, equipmentId), actionId: existing[0].action_id };
    }
    if (row.deleted_at !== null) throw new ApiError(409, { message: KEYS.equipmentDeleted });
    if (row.status === 'retired') throw new ApiError(409, { message: KEYS.checkRetired });
    if (body.doneOn > this.today) throw ApiError.badRequest(KEYS.checkFuture, 'doneOn');
    const checklist = row.checklist ?? [];
    if (body.answers.length === 0 && checklist.length > 0 && !body.inspectionId) throw ApiError.badRequest(KEYS.checkEmpty, 'answers');
    const answers = body.answers.map((a) => ({ item: a.item.trim(), ok: a.ok, note: a.note.trim() }));
    const inspection = body.inspectionId ? await this.usableInspection(equipmentId, body.inspectionId) : null;
    // The inspection's failed answers fail the check as a point not OK does, and name themselves in the action.
    const inspectionFailed = (inspection?.failed_items ?? []).map((f) => ({ item: f.label, ok: false, note: f.note ?? '' }));
    const result = checkResult([...answers, ...inspectionFailed]);
    let actionId: string | null = null;
    if (result === 'fail') {
      const failed = [...answers.filter((a) => !a.ok), ...inspectionFailed];
      const place = [row.site_name, row.building, row.floor, row.room].filter(Boolean).join(', ');
      const description = [
        `Équipement : ${row.name}${row.tag ? ` (${row.tag})` : ''}${place ? ` — ${place}` : ''}`,
        ...failed.map((a) => `• ${a.item}${a.note ? ` : ${a.note}` : ''}`),
        ...(body.notes.trim() ? [body.notes.trim()] : []),
      ].join('\n');
      const action = await createEquipmentAction(this.scope, { equipmentId, title: `Vérification échouée : ${row.name}${row.site_name ? ` (${row.site_name})` : ''}`, description, siteId: row.site_id });
      actionId = action.id;
    }
    await db.query(
      `insert into inventory_checks (id, district_id, equipment_id, due_on, done_on, result, answers, action_id, notes, created_by, updated_by, inspection_id) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11)`,
      [body.id, this.scope.districtId, equipmentId, row.next_check_on, body.doneOn, result, JSON.stringify(answers), actionId, body.notes.trim(), this.scope.actor.id, inspection?.id ?? null],
    );
    const last = row.last_check_on !== null && row.last_check_on > body.doneOn ? row.last_check_on : body.doneOn;
    const next = nextCheckOn({
      lastCheckOn: last,
      commissionedOn: row.commissioned_on,
      createdOn: this.today,
      periodMonths: row.check_period_months,
      categoryPeriodMonths: row.category_period,
    });
    await writeVersion(
      this.scope,
      { table: 'inventory_equipment', module: CATALOG_MODULES.equipment, id: equipmentId, version: row.version },
      [
        { field: 'checkResult', before: null, after: result },
        { field: 'lastCheckOn', before: row.last_check_on, after: last },
        { field: 'nextCheckOn', before: row.next_check_on, after: next },
      ],
      { set: 'last_check_on = $4::date, next_check_on = $5::date', values: [last, next] },
    );
    const names = await actorNames(this.scope.control, [this.scope.actor.id]);
    const { rows: written } = await db.query<Parameters<CatalogRepository['checkOf']>[0]>(`${CatalogRepository.CHECK_SELECT} where id = $1`, [body.id]);
    return { check: this.checkOf(written[0]!, names), equipment: await this.store.get(this.equipment, equipmentId), actionId };
  }

  // ------------------------------------------------------------ inspections started from an item

  /**
   * Starts an inspection of the item's category's template on the item's site (the
   * Questionnaires module's own create, with the caller's rights there: `create`), and remembers
   * it was started from the item. The same id again answers the first.
   */
  async startInspection(equipmentId: string, id: string, create: (body: { id: string; templateId: string; siteId: string | null; startedAt: string }) => Promise<unknown>): Promise<EquipmentInspection> {
    const row = await this.lockEquipment(equipmentId);
    const { rows: known } = await this.scope.db.query<{ equipment_id: string; district_id: string }>('select equipment_id, district_id from inventory_equipment_inspections where inspection_id = $1', [id]);
    if (known[0]) {
      if (known[0].equipment_id !== equipmentId || known[0].district_id !== this.scope.districtId) throw new ApiError(409, { message: 'record.exists' });
      return this.inspectionOf(equipmentId, id);
    }
    if (row.deleted_at !== null) throw new ApiError(409, { message: KEYS.equipmentDeleted });
    if (row.status === 'retired') throw new ApiError(409, { message: KEYS.checkRetired });
    if (row.check_template_id === null) throw new ApiError(409, { message: KEYS.noTemplate });
    await create({ id, templateId: row.check_template_id, siteId: row.site_id, startedAt: new Date().toISOString() });
    await this.scope.db.query('insert into inventory_equipment_inspections (inspection_id, district_id, equipment_id, started_by) values ($1, $2, $3, $4)', [id, this.scope.districtId, equipmentId, this.scope.actor.id]);
    return this.inspectionOf(equipmentId, id);
  }

  private static readonly INSPECTION_SELECT = `select l.inspection_id as id, i.template_id, qt.name as template_name, i.status, i.failed_count, l.started_at, l.started_by,
      (select c.id from inventory_checks c where c.inspection_id = l.inspection_id and c.deleted_at is null) as check_id
    from inventory_equipment_inspections l join inspections i on i.id = l.inspection_id and i.deleted_at is null join questionnaire_templates qt on qt.id = i.template_id`;

  private async inspectionRows(where: string, params: unknown[]): Promise<EquipmentInspection[]> {
    const { rows } = await this.scope.db.query<{ id: string; template_id: string; template_name: string; status: EquipmentInspection['status']; failed_count: number; started_at: Date; started_by: string; check_id: string | null }>(
      `${CatalogRepository.INSPECTION_SELECT} where ${where} order by l.started_at desc limit 50`,
      params,
    );
    const names = await actorNames(this.scope.control, rows.map((r) => r.started_by));
    return rows.map((r) => ({
      id: r.id,
      templateId: r.template_id,
      templateName: r.template_name,
      status: r.status,
      failedCount: r.failed_count,
      startedAt: new Date(r.started_at).toISOString(),
      startedBy: actorOf(names, r.started_by),
      checkId: r.check_id,
    }));
  }

  private async inspectionOf(equipmentId: string, id: string): Promise<EquipmentInspection> {
    const [found] = await this.inspectionRows('l.inspection_id = $1 and l.equipment_id = $2 and l.district_id = $3', [id, equipmentId, this.scope.districtId]);
    if (!found) throw ApiError.notFound(KEYS.inspectionNotFound);
    return found;
  }

  /** The inspections started from an item's sheet, newest first. */
  async equipmentInspections(equipmentId: string): Promise<EquipmentInspection[]> {
    await this.store.get(this.equipment, equipmentId);
    return this.inspectionRows('l.equipment_id = $1 and l.district_id = $2', [equipmentId, this.scope.districtId]);
  }

  /** An inspection a check may be made with: started from this item, submitted, not used by another check. */
  private async usableInspection(equipmentId: string, inspectionId: string): Promise<{ id: string; failed_items: { label: string; note: string | null }[] }> {
    const { rows } = await this.scope.db.query<{ id: string; status: string; failed_items: { label: string; note: string | null }[]; used: boolean }>(
      `select i.id, i.status, i.failed_items, exists (select 1 from inventory_checks c where c.inspection_id = i.id) as used
         from inventory_equipment_inspections l join inspections i on i.id = l.inspection_id and i.deleted_at is null
        where l.inspection_id = $1 and l.equipment_id = $2 and l.district_id = $3`,
      [inspectionId, equipmentId, this.scope.districtId],
    );
    const found = rows[0];
    if (!found) throw ApiError.badRequest(KEYS.inspectionNotFound, 'inspectionId');
    if (found.status !== 'submitted') throw new ApiError(409, { message: KEYS.inspectionNotSubmitted });
    if (found.used) throw new ApiError(409, { message: KEYS.inspectionUsed });
    return found;
  }

  /** The checks due (or overdue) soonest first, with the total: the dashboard's card and a site's panel. */
  async dueChecks(options: { siteId?: string; limit: number }): Promise<{ total: number; overdue: number; items: { id: string; name: string; site_name: string | null; next_check_on: string }[] }> {
    const params: unknown[] = [this.scope.districtId, addDays(this.today, CHECK_DUE_SOON_DAYS), this.today];
    const site = options.siteId ? ` and t.site_id = $4` : '';
    if (options.siteId) params.push(options.siteId);
    const where = `t.district_id = $1 and t.deleted_at is null and t.status <> 'retired' and t.next_check_on <= $2::date${site}`;
    const [{ rows: counts }, { rows: items }] = await Promise.all([
      this.scope.db.query<{ total: number; overdue: number }>(`select count(*)::int as total, count(*) filter (where t.next_check_on < $3::date)::int as overdue from inventory_equipment t where ${where}`, params),
      this.scope.db.query<{ id: string; name: string; site_name: string | null; next_check_on: string }>(
        `select t.id, t.name, s.name as site_name, t.next_check_on::text as next_check_on from inventory_equipment t left join sites s on s.id = t.site_id
          where ${where} and $3::date = $3::date order by t.next_check_on, t.id limit ${Math.max(1, Math.min(options.limit, 200))}`,
        params,
      ),
    ]);
    return { total: counts[0]?.total ?? 0, overdue: counts[0]?.overdue ?? 0, items };
  }
}
