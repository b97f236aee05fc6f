/**
 * The inventory family's vocabulary, named once (manifests inventory, inventoryV2 and
 * stockManagement share the folder `inventory`): an article is a model in the catalog (a 6 kg
 * water extinguisher, a pair of gloves size 9), an item of equipment is one physical thing with
 * its serial number and tag (the extinguisher in the hall of the town hall); stock is counted in
 * quantities of articles per area. Tables: server/src/modules/inventory/migrations.ts.
 */

/** An item's life: in service, out of order (reported), in repair, retired (kept for history). */
export const EQUIPMENT_STATUSES = ['inService', 'outOfOrder', 'inRepair', 'retired'] as const;
export type EquipmentStatus = (typeof EQUIPMENT_STATUSES)[number];

/** A periodic check's outcome; a failed check opens an action. */
export const CHECK_RESULTS = ['pass', 'fail'] as const;
export type CheckResult = (typeof CHECK_RESULTS)[number];

/** An item whose next check is within this many days is "due"; past it, "overdue". */
export const CHECK_DUE_SOON_DAYS = 30;
