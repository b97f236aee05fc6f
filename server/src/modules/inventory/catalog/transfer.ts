/**
 * The articles' and the equipment's export and import (_platform/transfer.ts; the import/export
 * module runs them): each list's records with its filters, read through the record core as the
 * list reads them; records created or updated from a file's rows through the record core (each
 * record's history written, an item's next check computed). Related records are named as people
 * name them: a category, a supplier, a site by its name, an item's article by its name or its
 * reference (a name shared by two live records is refused as ambiguous); the check of a row puts
 * the name as the district spells it, a status as its key and a date as YYYY-MM-DD, so a file
 * exported then imported again is unchanged.
 */
import { NAME_MAX, TEXT_MAX, type ArticleFields, type EquipmentFields } from '../../../../../common/modules/inventory/catalog.js';
import { EQUIPMENT_STATUSES, type EquipmentStatus } from '../../../../../common/modules/inventory/model.js';
import type { Queryable } from '../../../db/types.js';
import { RecordStore, type KindListQuery, type RecordKind } from '../../_platform/record-kind.js';
import type { RecordMetaRow, RecordScope } from '../../_platform/records.js';
import type { Cell, ImportValues, ImportWriter, ModuleExport, ModuleImport } from '../../_platform/transfer.js';
import { CATALOG_MODULES, CatalogRepository, KEYS } from './repository.js';

const NOBODY = { id: '00000000-0000-0000-0000-000000000000' };
const STATUS_WORDS: Record<EquipmentStatus, { fr: string; en: string }> = {
  inService: { fr: 'en service', en: 'in service' },
  outOfOrder: { fr: 'hors service', en: 'out of order' },
  inRepair: { fr: 'en réparation', en: 'in repair' },
  retired: { fr: 'réformé', en: 'retired' },
};

const fold = (name: string) => name.trim().toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
const text = (v: ImportValues, key: string) => (typeof v[key] === 'string' ? (v[key]) : '');
const num = (v: ImportValues, key: string) => (typeof v[key] === 'number' ? (v[key]) : null);

/** Every record of a list kind matching `filters` (at most `limit`), as cells. */
async function pagedRows<Row extends RecordMetaRow & { sort_value: string }, F extends object>(store: RecordStore, kind: RecordKind<Row, F, Cell[]>, filters: Record<string, string>, limit: number): Promise<Cell[][]> {
  const rows: Cell[][] = [];
  let cursor: string | undefined;
  do {
    const query: KindListQuery = { ...filters, ...(cursor ? { cursor } : {}), limit: 200 };
    const page = await store.page(kind, query, RecordStore.deletedFilter(undefined, false, KEYS.managersOnly));
    rows.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && rows.length < limit);
  return rows.slice(0, limit);
}

const repoOf = (db: Queryable, districtId: string, control: Queryable) => new CatalogRepository({ db, control, districtId, actor: NOBODY }, false);

export const ARTICLES_EXPORT: ModuleExport = {
  name: 'articles',
  feature: 'inventoryV2',
  label: { fr: 'Articles', en: 'Articles' },
  anyOf: ['inventory'],
  lists: ['/inventory/article', '/inventory-v2/article'],
  columns: [
    { key: 'name', label: { fr: 'Nom', en: 'Name' } },
    { key: 'category', label: { fr: 'Catégorie', en: 'Category' } },
    { key: 'maker', label: { fr: 'Fabricant', en: 'Maker' } },
    { key: 'model', label: { fr: 'Modèle', en: 'Model' } },
    { key: 'reference', label: { fr: 'Référence fabricant', en: 'Maker reference' } },
    { key: 'unit', label: { fr: 'Unité', en: 'Unit' } },
    { key: 'barcode', label: { fr: 'Code-barres', en: 'Barcode' } },
    { key: 'supplier', label: { fr: 'Fournisseur', en: 'Supplier' } },
    { key: 'unitCost', label: { fr: 'Coût unitaire (€)', en: 'Unit cost (€)' } },
    { key: 'equipmentCount', label: { fr: 'Équipements', en: 'Equipment' } },
    { key: 'updatedAt', label: { fr: 'Modifié le', en: 'Updated' } },
  ],
  filters: ['search', 'category', 'barcode'],
  rows: async (db, districtId, filters, limit, control) => {
    const repo = repoOf(db, districtId, control);
    const kind = {
      ...repo.articles,
      readOne: undefined,
      toRecord: (r: Parameters<typeof repo.articles.fieldsOf>[0]): Cell[] => [
        r.name,
        r.category_name,
        r.maker,
        r.model,
        r.reference,
        r.unit,
        r.barcode,
        r.supplier_name,
        r.unit_cost_cents === null ? null : Number(r.unit_cost_cents) / 100,
        r.equipment_count,
        new Date(r.updated_at).toISOString(),
      ],
    };
    return pagedRows(repo.store, kind, filters, limit);
  },
};

export const EQUIPMENT_EXPORT: ModuleExport = {
  name: 'equipment',
  feature: 'inventoryV2',
  label: { fr: 'Équipements', en: 'Equipment' },
  anyOf: ['inventory'],
  lists: ['/inventory/object', '/inventory-v2/equipment'],
  columns: [
    { key: 'name', label: { fr: 'Nom', en: 'Name' } },
    { key: 'article', label: { fr: 'Article', en: 'Article' } },
    { key: 'serial', label: { fr: 'N° de série', en: 'Serial number' } },
    { key: 'tag', label: { fr: 'Étiquette', en: 'Tag' } },
    { key: 'site', label: { fr: 'Site', en: 'Site' } },
    { key: 'building', label: { fr: 'Bâtiment', en: 'Building' } },
    { key: 'floor', label: { fr: 'Étage', en: 'Floor' } },
    { key: 'room', label: { fr: 'Local', en: 'Room' } },
    { key: 'status', label: { fr: 'Statut', en: 'Status' } },
    { key: 'boughtOn', label: { fr: "Date d'achat", en: 'Bought on' } },
    { key: 'commissionedOn', label: { fr: 'Mise en service', en: 'Commissioned on' } },
    { key: 'warrantyEndOn', label: { fr: 'Fin de garantie', en: 'Warranty ends' } },
    { key: 'checkPeriodMonths', label: { fr: 'Périodicité (mois)', en: 'Check period (months)' } },
    { key: 'lastCheckOn', label: { fr: 'Dernière vérification', en: 'Last check' } },
    { key: 'nextCheckOn', label: { fr: 'Prochaine vérification', en: 'Next check' } },
    { key: 'updatedAt', label: { fr: 'Modifié le', en: 'Updated' } },
  ],
  filters: ['search', 'site', 'article', 'category', 'status', 'check', 'tag', 'serial'],
  rows: async (db, districtId, filters, limit, control) => {
    const repo = repoOf(db, districtId, control);
    const kind = {
      ...repo.equipment,
      readOne: undefined,
      toRecord: (r: Parameters<typeof repo.equipment.fieldsOf>[0]): Cell[] => [
        r.name,
        r.article_name,
        r.serial,
        r.tag,
        r.site_name,
        r.building,
        r.floor,
        r.room,
        STATUS_WORDS[r.status].fr,
        r.bought_on,
        r.commissioned_on,
        r.warranty_end_on,
        r.check_period_months,
        r.last_check_on,
        r.next_check_on,
        new Date(r.updated_at).toISOString(),
      ],
    };
    return pagedRows(repo.store, kind, filters, limit);
  },
};

/** The district's live records of `table` by folded name (and by folded reference for articles). */
async function namesOf(scope: RecordScope, table: string, also?: string): Promise<Map<string, { id: string; name: string }[]>> {
  const { rows } = await scope.db.query<{ id: string; name: string; other: string | null }>(
    `select id, name, ${also ?? 'null'} as other from ${table} where district_id = $1 and deleted_at is null`,
    [scope.districtId],
  );
  const map = new Map<string, { id: string; name: string }[]>();
  const add = (key: string, entry: { id: string; name: string }) => {
    if (key === '') return;
    const list = map.get(key) ?? [];
    if (!list.some((e) => e.id === entry.id)) list.push(entry);
    map.set(key, list);
  };
  for (const r of rows) {
    add(fold(r.name), { id: r.id, name: r.name });
    if (r.other) add(fold(r.other), { id: r.id, name: r.name });
  }
  return map;
}

/** Lookups of related records by name, loaded once per import. */
function lookups(scope: RecordScope) {
  const cache = new Map<string, Promise<Map<string, { id: string; name: string }[]>>>();
  const of = (table: string, also?: string) => {
    const key = `${table}:${also ?? ''}`;
    if (!cache.has(key)) cache.set(key, namesOf(scope, table, also));
    return cache.get(key)!;
  };
  /**
   * Resolves `values[field]` among `table`'s names: the district's spelling put back in the
   * values; an error reason when unknown or ambiguous; the id (null when empty).
   */
  return async (values: ImportValues, field: string, table: string, unknown: string, also?: string): Promise<{ id: string | null } | { reason: string; field: string }> => {
    const given = text(values, field);
    if (given === '') return { id: null };
    const found = (await of(table, also)).get(fold(given)) ?? [];
    if (found.length === 0) return { reason: unknown, field };
    if (found.length > 1) return { reason: 'importExport.reasons.ambiguous', field };
    values[field] = found[0]!.name;
    return { id: found[0]!.id };
  };
}

type Resolve = ReturnType<typeof lookups>;
const idOf = async (resolve: Resolve, values: ImportValues, field: string, table: string, also?: string) => {
  const found = await resolve(values, field, table, '', also);
  return 'id' in found ? found.id : null;
};

function articlesWriter(scope: RecordScope): ImportWriter {
  const repo = new CatalogRepository(scope, true);
  const resolve = lookups(scope);
  const fields = async (v: ImportValues): Promise<Partial<ArticleFields>> => {
    const cost = num(v, 'unitCost');
    return {
      name: text(v, 'name'),
      categoryId: await idOf(resolve, v, 'category', 'inventory_categories'),
      maker: text(v, 'maker'),
      model: text(v, 'model'),
      reference: text(v, 'reference'),
      unit: text(v, 'unit'),
      barcode: text(v, 'barcode'),
      supplierId: await idOf(resolve, v, 'supplier', 'suppliers'),
      unitCostCents: cost === null ? null : Math.round(cost * 100),
      notes: text(v, 'notes'),
    };
  };
  const FIELD_OF: Record<string, keyof ArticleFields> = { category: 'categoryId', supplier: 'supplierId', unitCost: 'unitCostCents' };
  return {
    current: async (ids) => {
      const { rows } = await scope.db.query<{ id: string; version: number; name: string; category: string | null; maker: string; model: string; reference: string; unit: string; barcode: string; supplier: string | null; unit_cost_cents: string | null; notes: string }>(
        `select t.id, t.version, t.name, c.name as category, t.maker, t.model, t.reference, t.unit, t.barcode, s.name as supplier, t.unit_cost_cents, t.notes
           from inventory_articles t left join inventory_categories c on c.id = t.category_id left join suppliers s on s.id = t.supplier_id
          where t.district_id = $1 and t.deleted_at is null and t.id = any($2::uuid[])`,
        [scope.districtId, ids],
      );
      return new Map(
        rows.map((r) => [
          r.id,
          {
            version: r.version,
            values: { name: r.name, category: r.category, maker: r.maker, model: r.model, reference: r.reference, unit: r.unit, barcode: r.barcode, supplier: r.supplier, unitCost: r.unit_cost_cents === null ? null : Number(r.unit_cost_cents) / 100, notes: r.notes },
          },
        ]),
      );
    },
    check: async (v) => {
      const barcode = text(v, 'barcode');
      if (barcode && !/^[\x21-\x7E]*$/.test(barcode)) return { reason: 'importExport.reasons.invalid_barcode', field: 'barcode' };
      for (const [field, table, unknown] of [['category', 'inventory_categories', 'importExport.reasons.unknown_category'], ['supplier', 'suppliers', 'importExport.reasons.unknown_supplier']] as const) {
        const found = await resolve(v, field, table, unknown);
        if ('reason' in found) return found;
      }
      return null;
    },
    create: async (rows) => {
      for (const row of rows) await repo.store.create(repo.articles, row.id, { ...(repo.articles.defaults as ArticleFields), ...(await fields(row.values)) });
    },
    update: async (id, version, changes) => {
      const all = await fields(changes);
      const changed = Object.fromEntries(Object.keys(changes).map((key) => [FIELD_OF[key] ?? key, all[FIELD_OF[key] ?? (key as keyof ArticleFields)]]));
      await repo.store.update(repo.articles, id, { baseVersion: version, changes: changed });
    },
  };
}

/** A day as YYYY-MM-DD from YYYY-MM-DD or DD/MM/YYYY (null: not a day). */
function dayOf(given: string): string | null {
  const french = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(given);
  const iso = french ? `${french[3]}-${french[2]!.padStart(2, '0')}-${french[1]!.padStart(2, '0')}` : given;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : null;
}

const DAYS = ['boughtOn', 'commissionedOn', 'warrantyEndOn'] as const;

function equipmentWriter(scope: RecordScope): ImportWriter {
  const repo = new CatalogRepository(scope, true);
  const resolve = lookups(scope);
  const tags = new Set<string>();
  const fields = async (v: ImportValues): Promise<Partial<EquipmentFields>> => ({
    name: text(v, 'name'),
    articleId: (await idOf(resolve, v, 'article', 'inventory_articles', 'nullif(reference, \'\')'))!,
    serial: text(v, 'serial'),
    tag: text(v, 'tag'),
    siteId: await idOf(resolve, v, 'site', 'sites'),
    building: text(v, 'building'),
    floor: text(v, 'floor'),
    room: text(v, 'room'),
    status: (text(v, 'status') || 'inService') as EquipmentStatus,
    boughtOn: text(v, 'boughtOn') || null,
    commissionedOn: text(v, 'commissionedOn') || null,
    warrantyEndOn: text(v, 'warrantyEndOn') || null,
    checkPeriodMonths: num(v, 'checkPeriodMonths'),
    notes: text(v, 'notes'),
  });
  const FIELD_OF: Record<string, keyof EquipmentFields> = { article: 'articleId', site: 'siteId' };
  return {
    current: async (ids) => {
      const { rows } = await scope.db.query<Record<string, string | number | null> & { id: string; version: number }>(
        `select t.id, t.version, t.name, a.name as article, t.serial, t.tag, si.name as site, t.building, t.floor, t.room, t.status,
                t.bought_on::text as "boughtOn", t.commissioned_on::text as "commissionedOn", t.warranty_end_on::text as "warrantyEndOn", t.check_period_months as "checkPeriodMonths", t.notes
           from inventory_equipment t join inventory_articles a on a.id = t.article_id left join sites si on si.id = t.site_id
          where t.district_id = $1 and t.deleted_at is null and t.id = any($2::uuid[])`,
        [scope.districtId, ids],
      );
      return new Map(rows.map(({ id, version, ...values }) => [id, { version, values: { ...values, status: values.status === 'inService' ? null : (values.status ?? null) } }]));
    },
    check: async (v) => {
      const status = fold(text(v, 'status'));
      if (status) {
        const key = EQUIPMENT_STATUSES.find((s) => fold(s) === status || fold(STATUS_WORDS[s].fr) === status || fold(STATUS_WORDS[s].en) === status);
        if (!key) return { reason: 'importExport.reasons.invalid_status', field: 'status' };
        v.status = key === 'inService' ? null : key;
      }
      for (const day of DAYS) {
        const given = text(v, day);
        if (!given) continue;
        const iso = dayOf(given);
        if (!iso) return { reason: 'importExport.reasons.invalid_date', field: day };
        v[day] = iso;
      }
      const period = num(v, 'checkPeriodMonths');
      if (period !== null && !Number.isInteger(period)) return { reason: 'importExport.reasons.not_an_integer', field: 'checkPeriodMonths' };
      for (const [field, table, unknown, also] of [
        ['article', 'inventory_articles', 'importExport.reasons.unknown_article', "nullif(reference, '')"],
        ['site', 'sites', 'importExport.reasons.unknown_site', undefined],
      ] as const) {
        const found = await resolve(v, field, table, unknown, also);
        if ('reason' in found) return found;
      }
      const tag = text(v, 'tag');
      if (tag) {
        if (tags.has(tag)) return { reason: 'importExport.reasons.tag_taken', field: 'tag' };
        tags.add(tag);
      }
      return null;
    },
    create: async (rows) => {
      for (const row of rows) await repo.store.create(repo.equipment, row.id, { ...(repo.equipment.defaults as EquipmentFields), ...(await fields(row.values)) });
    },
    update: async (id, version, changes) => {
      const all = await fields(changes);
      const changed = Object.fromEntries(Object.keys(changes).map((key) => [FIELD_OF[key] ?? key, all[FIELD_OF[key] ?? (key as keyof EquipmentFields)]]));
      await repo.store.update(repo.equipment, id, { baseVersion: version, changes: changed });
    },
  };
}

export const ARTICLES_IMPORT: ModuleImport = {
  name: 'articles',
  feature: 'inventoryV2',
  anyOf: ['inventory'],
  label: { fr: 'Articles', en: 'Articles' },
  module: CATALOG_MODULES.articles,
  fields: [
    { key: 'name', label: { fr: 'Nom', en: 'Name' }, required: true, type: 'text', max: NAME_MAX, aliases: ['article', 'designation', 'libelle'] },
    { key: 'category', label: { fr: 'Catégorie', en: 'Category' }, type: 'text', max: NAME_MAX, aliases: ['categorie', 'famille'] },
    { key: 'maker', label: { fr: 'Fabricant', en: 'Maker' }, type: 'text', max: 200, aliases: ['marque', 'brand', 'manufacturer'] },
    { key: 'model', label: { fr: 'Modèle', en: 'Model' }, type: 'text', max: 200, aliases: ['modele'] },
    // Not "Référence": that header names the import's external reference.
    { key: 'reference', label: { fr: 'Référence fabricant', en: 'Maker reference' }, type: 'text', max: 200, aliases: ['ref fabricant', 'reference article', 'part number', 'sku'] },
    { key: 'unit', label: { fr: 'Unité', en: 'Unit' }, type: 'text', max: 40, aliases: ['unite'] },
    { key: 'barcode', label: { fr: 'Code-barres', en: 'Barcode' }, type: 'text', max: 64, aliases: ['ean', 'code barre', 'code-barre'] },
    { key: 'supplier', label: { fr: 'Fournisseur', en: 'Supplier' }, type: 'text', max: 200 },
    { key: 'unitCost', label: { fr: 'Coût unitaire (€)', en: 'Unit cost (€)' }, type: 'number', min: 0, maxValue: 1e10, aliases: ['cout unitaire', 'prix', 'price', 'unit cost', 'cout'] },
    { key: 'notes', label: { fr: 'Notes', en: 'Notes' }, type: 'text', max: TEXT_MAX, aliases: ['remarques'] },
  ],
  writer: articlesWriter,
};

export const EQUIPMENT_IMPORT: ModuleImport = {
  name: 'equipment',
  feature: 'inventoryV2',
  anyOf: ['inventory'],
  label: { fr: 'Équipements', en: 'Equipment' },
  module: CATALOG_MODULES.equipment,
  fields: [
    { key: 'name', label: { fr: 'Nom', en: 'Name' }, required: true, type: 'text', max: NAME_MAX, aliases: ['equipement', 'designation'] },
    { key: 'article', label: { fr: 'Article', en: 'Article' }, required: true, type: 'text', max: NAME_MAX, aliases: ['reference article', 'ref article'] },
    { key: 'serial', label: { fr: 'N° de série', en: 'Serial number' }, type: 'text', max: 120, aliases: ['numero de serie', 'serie', 'serial', 'sn'] },
    { key: 'tag', label: { fr: 'Étiquette', en: 'Tag' }, type: 'text', max: 120, aliases: ['etiquette', 'asset tag', 'numero d\'inventaire'] },
    { key: 'site', label: { fr: 'Site', en: 'Site' }, type: 'text', max: 200 },
    { key: 'building', label: { fr: 'Bâtiment', en: 'Building' }, type: 'text', max: 120, aliases: ['batiment'] },
    { key: 'floor', label: { fr: 'Étage', en: 'Floor' }, type: 'text', max: 60, aliases: ['etage', 'niveau'] },
    { key: 'room', label: { fr: 'Local', en: 'Room' }, type: 'text', max: 120, aliases: ['piece', 'salle'] },
    { key: 'status', label: { fr: 'Statut', en: 'Status' }, type: 'text', max: 40, aliases: ['etat', 'state'] },
    { key: 'boughtOn', label: { fr: "Date d'achat", en: 'Bought on' }, type: 'text', max: 10, aliases: ['achat', 'purchase date'] },
    { key: 'commissionedOn', label: { fr: 'Mise en service', en: 'Commissioned on' }, type: 'text', max: 10, aliases: ['date de mise en service', 'commissioning date'] },
    { key: 'warrantyEndOn', label: { fr: 'Fin de garantie', en: 'Warranty ends' }, type: 'text', max: 10, aliases: ['garantie', 'warranty'] },
    { key: 'checkPeriodMonths', label: { fr: 'Périodicité (mois)', en: 'Check period (months)' }, type: 'number', min: 1, maxValue: 120, aliases: ['periodicite', 'check period'] },
    { key: 'notes', label: { fr: 'Notes', en: 'Notes' }, type: 'text', max: TEXT_MAX, aliases: ['remarques'] },
  ],
  writer: equipmentWriter,
};
