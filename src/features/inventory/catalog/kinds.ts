/**
 * The catalog part's record kinds on the app's generic record core (lib/record-kind.ts):
 * categories (the district's small list), articles and equipment (pages of 100), and two outbox
 * writes of its own: a check of an item (`inventory.check`: its answers, sent once with the
 * check's id and the item's Idempotency-Key) and a status move with its note
 * (`inventory.status`: a field user's out-of-order report, or a manager's move).
 */
import { queryOptions } from '@tanstack/react-query';
import type { Article, ArticleFields, ArticleRow, CatalogChoices, Category, CategoryFields, Check, CheckCreate, Equipment, EquipmentFields, EquipmentRow } from '../../../../common/modules/inventory/catalog';
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

/** The forms' and filters' choices (sites, members, suppliers, contracts), kept for offline work. */
export const choicesQueryOptions = () =>
  queryOptions({ queryKey: [CATALOG_MODULE, 'choices'] as const, queryFn: ({ signal }) => apiGet<CatalogChoices>('inventory/choices', { signal }), staleTime: 5 * 60_000, meta: { offline: true } });
