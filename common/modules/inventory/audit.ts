/**
 * The audit part of the inventory family (server/src/modules/inventory/audit/, the app's
 * src/features/inventory/audit/): the scan index a device keeps to resolve a scan offline, the
 * sheets of labels, and the audits of a site or a room with their scans and result.
 *
 * A scan resolves the same way on the device and on the server (`resolveScan`): a Vigie QR code
 * names its item by id; any other code is an item's tag, else its serial number, else an
 * article's barcode (an EAN on a product names its model: the item of that model expected in the
 * audit and not scanned yet, else the first of that model).
 */
import Type, { type Static } from 'typebox';
import { Actor, IsoDateTime, Uuid } from '../../schemas/platform';
import { EquipmentFilter } from './catalog';

// ---------------------------------------------------------------------------- the scan index

/**
 * One item as the scan index holds it, a tuple to keep a district's index small (100,000 items:
 * about 14 MB of JSON, 3.9 MB gzipped): id, name, tag, serial, its site's position in `sites`
 * (-1: none; the items come ordered by site, which compresses well), room, status, article barcode.
 */
export const ScanIndexItem = Type.Tuple([Uuid, Type.String(), Type.String(), Type.String(), Type.Integer({ minimum: -1 }), Type.String(), Type.String(), Type.String()]);
export type ScanIndexItem = Static<typeof ScanIndexItem>;

export const ScanIndex = Type.Object({
  items: Type.Array(ScanIndexItem),
  /** The district's live sites [id, name], for naming an item's place and starting an audit offline. */
  sites: Type.Array(Type.Tuple([Uuid, Type.String()])),
});
export type ScanIndex = Static<typeof ScanIndex>;

// The index's reading (indexedItem, resolveScan, isEan) is in ./scan.ts, without schemas: the
// family's start imports it before the shell's first screen.
export { indexedItem, isEan, resolveScan, type IndexedItem, type ScanLookup, type ScanResolution } from './scan';

// ---------------------------------------------------------------------------- labels

/** The label sheets Vigie prints on (A4), in millimetres: size, grid, page margins and gaps. */
export const LABEL_FORMATS = {
  L7160: { width: 63.5, height: 38.1, columns: 3, rows: 7, top: 15.15, left: 7.2, gapX: 2.5, gapY: 0 },
  L7163: { width: 99.1, height: 38.1, columns: 2, rows: 7, top: 15.15, left: 4.65, gapX: 2.5, gapY: 0 },
  L7651: { width: 38.1, height: 21.2, columns: 5, rows: 13, top: 10.7, left: 4.75, gapX: 2.5, gapY: 0 },
  A4_24: { width: 70, height: 37, columns: 3, rows: 8, top: 0.5, left: 0, gapX: 0, gapY: 0 },
} as const;
export type LabelFormat = keyof typeof LABEL_FORMATS;
export const LABEL_FORMAT_IDS = Object.keys(LABEL_FORMATS) as LabelFormat[];
export const labelsPerSheet = (format: LabelFormat): number => LABEL_FORMATS[format].columns * LABEL_FORMATS[format].rows;

/** Items on one sheet request at most (a few hundred KiB of PDF per hundred labels). */
export const LABELS_MAX = 2000;

const LabelFormatSchema = Type.Union([Type.Literal('L7160'), Type.Literal('L7163'), Type.Literal('L7651'), Type.Literal('A4_24')]);

/**
 * POST /api/inventory/labels.pdf: the items by ids (the equipment list's selection, in that
 * order), else the equipment list's items as filtered (`filter`), else a site's (and a room's); on a format, from a position on the first sheet (1-based:
 * a sheet used before).
 */
export const LabelsBody = Type.Object(
  {
    format: LabelFormatSchema,
    ids: Type.Optional(Type.Array(Uuid, { minItems: 1, maxItems: LABELS_MAX })),
    siteId: Type.Optional(Uuid),
    room: Type.Optional(Type.String({ maxLength: 200 })),
    /** The equipment list's filters (the list's own query: search, site, category, article, status, check, tag, serial): its items, in its order. */
    filter: Type.Optional(EquipmentFilter),
    start: Type.Optional(Type.Integer({ minimum: 1, maximum: 65 })),
    lang: Type.Optional(Type.Union([Type.Literal('fr'), Type.Literal('en')])),
  },
  { additionalProperties: false },
);
export type LabelsBody = Static<typeof LabelsBody>;

/** GET /api/inventory/labels/items: the items a label sheet would hold (the labels screen's preview). */
export const LabelItemsQuery = Type.Object(
  {
    ids: Type.Optional(Type.String({ maxLength: 37 * 200, pattern: '^[0-9a-fA-F-]{36}(,[0-9a-fA-F-]{36})*$' })),
    siteId: Type.Optional(Uuid),
    room: Type.Optional(Type.String({ maxLength: 200 })),
    /** The equipment list's filters, as the list takes them. */
    ...EquipmentFilter.properties,
  },
  { additionalProperties: false },
);
export const LabelItem = Type.Object({ id: Uuid, name: Type.String(), tag: Type.String(), siteName: Type.String(), room: Type.String() });
export type LabelItem = Static<typeof LabelItem>;

// ---------------------------------------------------------------------------- audits

export const AUDIT_STATUSES = ['open', 'completed'] as const;
export type AuditStatus = (typeof AUDIT_STATUSES)[number];

export const AUDIT_ROOM_MAX = 200;
export const SCAN_CODE_MAX = 500;
/** Scan ids a completion names at most (a long day's bulk scans of a big site). */
export const AUDIT_SCANS_MAX = 20_000;

// The audits' module name is in ./scan.ts (AUDIT_MODULE).
export { AUDIT_MODULE } from './scan';
/** The history's module name of the items (the catalog part's kind): a move is in the item's history. */
export const EQUIPMENT_MODULE = 'inventory_equipment';

export const AUDIT_SCANS_MISSING = 'inventory.audit.scans_missing';
export const AUDIT_NOT_FOUND = 'inventory.audit.not_found';
export const AUDIT_COMPLETED = 'inventory.audit.completed';
export const AUDIT_SITE_NOT_FOUND = 'inventory.audit.site_not_found';
export const AUDIT_ITEM_NOT_FOUND = 'inventory.audit.item_not_found';
export const LABELS_NONE = 'inventory.audit.no_labels';

export const AuditCreate = Type.Object(
  { id: Uuid, siteId: Uuid, room: Type.Optional(Type.String({ maxLength: AUDIT_ROOM_MAX })) },
  { additionalProperties: false },
);
export type AuditCreate = Static<typeof AuditCreate>;

export const ScanCreate = Type.Object(
  { id: Uuid, code: Type.String({ minLength: 1, maxLength: SCAN_CODE_MAX }), scannedAt: IsoDateTime },
  { additionalProperties: false },
);
export type ScanCreate = Static<typeof ScanCreate>;

export const AuditComplete = Type.Object({ scanIds: Type.Array(Uuid, { maxItems: AUDIT_SCANS_MAX }) }, { additionalProperties: false });
export type AuditComplete = Static<typeof AuditComplete>;

export const AuditMove = Type.Object({ equipmentId: Uuid }, { additionalProperties: false });
export type AuditMove = Static<typeof AuditMove>;

export const AuditScan = Type.Object({ id: Uuid, code: Type.String(), equipmentId: Type.Union([Uuid, Type.Null()]), scannedAt: IsoDateTime, by: Actor });
export type AuditScan = Static<typeof AuditScan>;

/** An item an audit names (expected or scanned), as it is now. */
export const AuditItem = Type.Object({ id: Uuid, name: Type.String(), tag: Type.String(), siteId: Type.Union([Uuid, Type.Null()]), siteName: Type.String(), room: Type.String() });
export type AuditItem = Static<typeof AuditItem>;

export const AuditResult = Type.Object({
  /** Expected and scanned. */
  found: Type.Array(Uuid),
  /** Expected, not scanned. */
  missing: Type.Array(Uuid),
  /** Scanned, not expected: the item's place is elsewhere (unless it was moved here since). */
  misplaced: Type.Array(Uuid),
  /** Codes that name no item. */
  unknown: Type.Array(Type.String()),
});
export type AuditResult = Static<typeof AuditResult>;

export const AuditRow = Type.Object({
  id: Uuid,
  version: Type.Integer(),
  siteId: Uuid,
  siteName: Type.String(),
  room: Type.String(),
  status: Type.Union([Type.Literal('open'), Type.Literal('completed')]),
  startedAt: IsoDateTime,
  startedBy: Actor,
  completedAt: Type.Union([IsoDateTime, Type.Null()]),
  completedBy: Type.Union([Actor, Type.Null()]),
  expectedCount: Type.Integer(),
  foundCount: Type.Integer(),
});
export type AuditRow = Static<typeof AuditRow>;

export const Audit = Type.Object({
  ...AuditRow.properties,
  expectedIds: Type.Array(Uuid),
  scans: Type.Array(AuditScan),
  items: Type.Array(AuditItem),
  result: AuditResult,
});
export type Audit = Static<typeof Audit>;

/**
 * The four groups of an audit's result from its expected ids and its scans (each resolved to an
 * item or none), the same on the device (before its scans reach the server) and on the server.
 * An item scanned twice counts once; an unexpected item already placed here (moved) is found.
 */
export function auditResult(
  expectedIds: readonly string[],
  scans: readonly { code: string; equipmentId: string | null }[],
  placedHere: (id: string) => boolean = () => false,
): AuditResult {
  const expected = new Set(expectedIds);
  const scanned = new Set<string>();
  const unknown = new Set<string>();
  for (const scan of scans) {
    if (scan.equipmentId === null) unknown.add(scan.code);
    else scanned.add(scan.equipmentId);
  }
  return {
    found: [...expectedIds.filter((id) => scanned.has(id)), ...[...scanned].filter((id) => !expected.has(id) && placedHere(id))],
    missing: expectedIds.filter((id) => !scanned.has(id)),
    misplaced: [...scanned].filter((id) => !expected.has(id) && !placedHere(id)),
    unknown: [...unknown],
  };
}

/** Whether an item at (siteId, room) is in the place an audit covers (room '' = the whole site). */
export const inAuditPlace = (audit: { siteId: string; room: string }, item: { siteId: string | null; room: string }): boolean =>
  item.siteId === audit.siteId && (audit.room === '' || item.room.trim().toLowerCase() === audit.room.trim().toLowerCase());
