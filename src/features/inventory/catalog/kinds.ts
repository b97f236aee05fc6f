/**
 * The catalog part's record kinds on the app's generic record core (lib/record-kind.ts):
 * categories (the district's small list), articles and equipment (pages of 100), and two outbox
 * writes of its own: a check of an item (`inventory.check`: its answers, sent once with the
 * check's id and the item's Idempotency-Key), a status move with its note
 * (`inventory.status`: a field user's out-of-order report, or a manager's move), and an
 * inspection of the category's questionnaire started from the item (`inventory.inspection`).
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  Article,
  ArticleFields,
  ArticleRow,
  CatalogChoices,
  Category,
  CategoryFields,
  Check,
  CheckCreate,
  Equipment,
  EquipmentFields,
  EquipmentInspection,
  EquipmentInspectionStart,
  EquipmentRow,
} from '../../../../common/modules/inventory/catalog';
import type { TemplateSummary } from '../../../../common/modules/questionnaires/schemas';
import type { EquipmentStatus } from '../../../../common/modules/inventory/model';
import { apiGet } from '../../../lib/api-client';
import { enqueueWrite, registerSender, sendWrite } from '../../../lib/outbox';
import { defineRecordKind } from '../../../lib/record-kind';

/** The outbox's and the queries' modules of the catalog part: the categories', and the articles' and items' (each also its files' attachments module, server/src/modules/inventory/catalog/repository.ts). */
export const CATALOG_MODULE = 'inventory';
export const ARTICLE_MODULE = 'inventory_article';
export const EQUIPMENT_MODULE = 'inventory_equipment';

export const categories = defineRecordKind<CategoryFields, Category, Category>({
  module: CATALOG_MODULE,
  kind: 'categories',
  path: 'inventory/categories',
  fields: ['name', 'fields', 'checkPeriodMonths', 'checklist', 'checkTemplateId'],
});

export const articles = defineRecordKind<ArticleFields, Article, ArticleRow>({
  module: ARTICLE_MODULE,
  kind: 'articles',
  path: 'inventory/articles',
  pageSize: 100,
  fields: ['name', 'categoryId', 'maker', 'model', 'reference', 'unit', 'barcode', 'supplierId', 'contractId', 'unitCostCents', 'fieldValues', 'notes'],
});

export const equipment = defineRecordKind<EquipmentFields, Equipment, EquipmentRow>({
  module: EQUIPMENT_MODULE,
  kind: 'equipment',
  path: 'inventory/equipment',
  pageSize: 100,
  fields: [
    'articleId', 'name', 'serial', 'tag', 'siteId', 'building', 'floor', 'room', 'position', 'status', 'custodianId', 'boughtOn', 'commissionedOn', 'warrantyEndOn',
    'checkPeriodMonths', 'supplierId', 'contractId', 'fieldValues', 'notes',
  ],
});

/** The outbox kinds of a check and of a status move. */
export const CHECK_WRITE = 'inventory.check';
export const STATUS_WRITE = 'inventory.status';

/** The outbox kind of an inspection started from an item's sheet (its category's questionnaire). */
export const INSPECTION_WRITE = 'inventory.inspection';

/** Starts an inspection of the item's category's template on its site: queued (the inspection's id is the device's), listed on the sheet as waiting. */
export async function queueInspection(equipmentId: string): Promise<string> {
  const id = crypto.randomUUID();
  await enqueueWrite({ kind: INSPECTION_WRITE, module: EQUIPMENT_MODULE, recordId: equipmentId, baseVersion: null, payload: { id } satisfies EquipmentInspectionStart });
  return id;
}

/** Queues a check of an item: shown at once on its sheet as waiting, sent once (the check's id is the device's). */
export const queueCheck = (equipmentId: string, check: Omit<CheckCreate, 'id'>) =>
  enqueueWrite({ kind: CHECK_WRITE, module: EQUIPMENT_MODULE, recordId: equipmentId, baseVersion: null, payload: { id: crypto.randomUUID(), ...check } satisfies CheckCreate });

/** Queues a status move with its note, from the version the user saw. */
export const queueStatus = (item: Pick<Equipment, 'id' | 'version'>, status: EquipmentStatus, note: string) =>
  enqueueWrite({ kind: STATUS_WRITE, module: EQUIPMENT_MODULE, recordId: item.id, baseVersion: item.version, payload: { status, note } });

let registered = false;
/** The senders of every write of the part (the kinds', the check's and the status move's). */
export function registerCatalogSenders(): void {
  categories.registerSenders();
  articles.registerSenders();
  equipment.registerSenders();
  if (registered) return;
  registered = true;
  registerSender(CHECK_WRITE, async (item, ctx) => ({
    result: await sendWrite<Check>('post', `inventory/equipment/${encodeURIComponent(item.recordId)}/checks`, ctx.payload, ctx.idempotencyKey),
  }));
  registerSender(INSPECTION_WRITE, async (item, ctx) => ({
    result: await sendWrite<EquipmentInspection>('post', `inventory/equipment/${encodeURIComponent(item.recordId)}/inspections`, ctx.payload, ctx.idempotencyKey),
  }));
  registerSender(
    STATUS_WRITE,
    async (item, ctx) => ({
      result: await sendWrite<Equipment>('post', `inventory/equipment/${encodeURIComponent(item.recordId)}/status`, { baseVersion: item.baseVersion ?? 1, ...(ctx.payload as object) }, ctx.idempotencyKey),
    }),
    { onConflict: 'rebase' },
  );
}

/** An item's checks, kept for offline reading. */
export const checksQueryOptions = (equipmentId: string) =>
  queryOptions({
    queryKey: [CATALOG_MODULE, 'checks', equipmentId] as const,
    queryFn: ({ signal }) => apiGet<Check[]>(`inventory/equipment/${encodeURIComponent(equipmentId)}/checks`, { signal }),
    meta: { offline: true },
  });

/** The inspections started from an item's sheet. */
export const inspectionsQueryOptions = (equipmentId: string) =>
  queryOptions({
    queryKey: [CATALOG_MODULE, 'inspections', equipmentId] as const,
    queryFn: ({ signal }) => apiGet<EquipmentInspection[]>(`inventory/equipment/${encodeURIComponent(equipmentId)}/inspections`, { signal }),
    meta: { offline: true },
  });

/**
 * The questionnaire templates a category may name (the Questionnaires module's API, read with
 * the caller's rights there: without them the category form keeps the template it has).
 */
export const templatesQueryOptions = () =>
  queryOptions({ queryKey: [CATALOG_MODULE, 'templates'] as const, queryFn: ({ signal }) => apiGet<TemplateSummary[]>('questionnaires/templates', { signal }), staleTime: 5 * 60_000, retry: false });

/** The forms' and filters' choices (sites, members, suppliers, contracts), kept for offline work. */
export const choicesQueryOptions = () =>
  queryOptions({ queryKey: [CATALOG_MODULE, 'choices'] as const, queryFn: ({ signal }) => apiGet<CatalogChoices>('inventory/choices', { signal }), staleTime: 5 * 60_000, meta: { offline: true } });
