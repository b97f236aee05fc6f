/**
 * The stock's API contract (/api/inventory/stock, server/src/modules/inventory/stock): areas (a
 * tree: site, store, shelf), the movement ledger (the only truth: a level is the sum of its
 * movements), the levels with their minimum and maximum, loans, count sessions and the recap
 * table. Rights (manifest stockManagement, feature `stock`):
 *
 * - `stockManagement.<subject>_read`: reads the stock (every read route) and records the field
 *   user's own work of that subject: `incomingStuff_read` an incoming movement,
 *   `outgoingStuff_read` an outgoing movement, `loanStuff_read` a loan and its return,
 *   `inventory_read` count lines of an open count.
 * - `stockManagement.admin`: everything, and alone manages areas, minimum and maximum levels,
 *   transfers, adjustments, starts and closes counts, reads the recap table.
 */
import Type, { type Static } from 'typebox';
import { DateOnly } from '../actions/schemas';
import { CreateBody, IsoDateTime, RecordMeta, UpdateBody, Uuid } from '../../schemas/platform';

export const STOCK_API = 'inventory/stock';

/** A quantity: at most 3 decimals (litres, metres), at most a billion. */
export const QUANTITY_MAX = 1_000_000_000;
export const Quantity = Type.Number({ minimum: -QUANTITY_MAX, maximum: QUANTITY_MAX, multipleOf: 0.001 });
export const PositiveQuantity = Type.Number({ exclusiveMinimum: 0, maximum: QUANTITY_MAX, multipleOf: 0.001 });
const Text = (max: number) => Type.String({ maxLength: max });

// ---------------------------------------------------------------- areas

export const AREA_KINDS = ['site', 'store', 'shelf', 'vehicle', 'other'] as const;
export type AreaKind = (typeof AREA_KINDS)[number];
export const AreaKindSchema = Type.Union([Type.Literal('site'), Type.Literal('store'), Type.Literal('shelf'), Type.Literal('vehicle'), Type.Literal('other')]);

export const StockAreaFields = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    kind: AreaKindSchema,
    parentId: Type.Union([Uuid, Type.Null()]),
    siteId: Type.Union([Uuid, Type.Null()]),
    notes: Text(2000),
  },
  { additionalProperties: false },
);
export type StockAreaFields = Static<typeof StockAreaFields>;
export const StockAreaCreate = CreateBody(StockAreaFields, ['name', 'kind']);
export type StockAreaCreate = Static<typeof StockAreaCreate>;
export const StockAreaUpdate = UpdateBody(Type.Partial(StockAreaFields, { additionalProperties: false, minProperties: 1 }));
export type StockAreaUpdate = Static<typeof StockAreaUpdate>;
export const StockArea = Type.Object({
  ...RecordMeta.properties,
  ...StockAreaFields.properties,
  /** Its path from the root, names joined by " > " (Magasin central > Étagère A). */
  path: Type.String(),
  siteName: Type.Union([Type.String(), Type.Null()]),
  /** Articles with a level in the area, and of them those under their minimum. */
  articleCount: Type.Integer({ minimum: 0 }),
  lowCount: Type.Integer({ minimum: 0 }),
});
export type StockArea = Static<typeof StockArea>;
export const StockAreaListQuery = Type.Object({ deleted: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])) }, { additionalProperties: false });

// ---------------------------------------------------------------- articles and levels

/** An article as the stock screens need it (kept offline: the count screen finds an article by name or barcode). */
export const StockArticle = Type.Object({
  id: Uuid,
  name: Type.String(),
  unit: Type.String(),
  barcode: Type.String(),
  reference: Type.String(),
  categoryName: Type.Union([Type.String(), Type.Null()]),
  unitCostCents: Type.Union([Type.Integer(), Type.Null()]),
  /** Its quantity in every area, and whether one of its levels is under its minimum. */
  total: Type.Number(),
  low: Type.Boolean(),
});
export type StockArticle = Static<typeof StockArticle>;

export const StockLevel = Type.Object({
  articleId: Uuid,
  articleName: Type.String(),
  unit: Type.String(),
  areaId: Uuid,
  areaPath: Type.String(),
  quantity: Type.Number(),
  minQuantity: Type.Union([Type.Number(), Type.Null()]),
  maxQuantity: Type.Union([Type.Number(), Type.Null()]),
  /** Under its minimum. */
  low: Type.Boolean(),
});
export type StockLevel = Static<typeof StockLevel>;
export const StockLevelQuery = Type.Object(
  { areaId: Type.Optional(Uuid), articleId: Type.Optional(Uuid), low: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])) },
  { additionalProperties: false },
);
export type StockLevelQuery = Static<typeof StockLevelQuery>;

/** POST /limits (managers): an article's minimum and maximum in an area (null: none). */
export const StockLimitsBody = Type.Object(
  {
    articleId: Uuid,
    areaId: Uuid,
    minQuantity: Type.Union([Type.Number({ minimum: 0, maximum: QUANTITY_MAX, multipleOf: 0.001 }), Type.Null()]),
    maxQuantity: Type.Union([Type.Number({ minimum: 0, maximum: QUANTITY_MAX, multipleOf: 0.001 }), Type.Null()]),
  },
  { additionalProperties: false },
);
export type StockLimitsBody = Static<typeof StockLimitsBody>;

// ---------------------------------------------------------------- movements

/** What the ledger holds; `count`, `loan` and `return` are written by counts and loans, never posted as such. */
export const MOVEMENT_KINDS = ['incoming', 'outgoing', 'transferOut', 'transferIn', 'adjustment', 'count', 'loan', 'return'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
export const MovementKindSchema = Type.Union([Type.Literal('incoming'), Type.Literal('outgoing'), Type.Literal('transferOut'), Type.Literal('transferIn'), Type.Literal('adjustment'), Type.Literal('count'), Type.Literal('loan'), Type.Literal('return')]);
/** What a caller posts to /movements. */
export const POSTED_KINDS = ['incoming', 'outgoing', 'transfer', 'adjustment'] as const;
export type PostedKind = (typeof POSTED_KINDS)[number];

/**
 * POST /movements: the client's id makes it idempotent (a second post of the same id answers
 * the first movement and moves nothing). `quantity` is positive for incoming, outgoing and
 * transfer (the ledger signs it), signed for an adjustment. A transfer writes two rows
 * (transferOut from `areaId`, transferIn to `toAreaId`).
 */
export const MovementCreate = Type.Object(
  {
    id: Uuid,
    kind: Type.Union([Type.Literal('incoming'), Type.Literal('outgoing'), Type.Literal('transfer'), Type.Literal('adjustment')]),
    articleId: Uuid,
    areaId: Uuid,
    toAreaId: Type.Optional(Uuid),
    quantity: Quantity,
    supplierId: Type.Optional(Type.Union([Uuid, Type.Null()])),
    deliveryNote: Type.Optional(Text(200)),
    reason: Type.Optional(Text(500)),
    recipient: Type.Optional(Text(200)),
    /** When it happened (the device's time); default now. */
    at: Type.Optional(IsoDateTime),
    note: Type.Optional(Text(2000)),
  },
  { additionalProperties: false },
);
export type MovementCreate = Static<typeof MovementCreate>;

export const Movement = Type.Object({
  id: Uuid,
  seq: Type.Integer(),
  kind: MovementKindSchema,
  articleId: Uuid,
  articleName: Type.String(),
  unit: Type.String(),
  areaId: Uuid,
  areaPath: Type.String(),
  /** Signed as it changes the area's quantity. */
  quantity: Type.Number(),
  supplierId: Type.Union([Uuid, Type.Null()]),
  supplierName: Type.Union([Type.String(), Type.Null()]),
  deliveryNote: Type.String(),
  reason: Type.String(),
  recipient: Type.String(),
  loanId: Type.Union([Uuid, Type.Null()]),
  countId: Type.Union([Uuid, Type.Null()]),
  at: IsoDateTime,
  by: Type.Object({ id: Uuid, name: Type.String() }),
  note: Type.String(),
});
export type Movement = Static<typeof Movement>;

export const MovementQuery = Type.Object(
  {
    kind: Type.Optional(Type.Union([Type.Literal('incoming'), Type.Literal('outgoing'), Type.Literal('transferOut'), Type.Literal('transferIn'), Type.Literal('adjustment'), Type.Literal('count'), Type.Literal('loan'), Type.Literal('return'), Type.Literal('transfer')])),
    areaId: Type.Optional(Uuid),
    articleId: Type.Optional(Uuid),
    /** The seq of the last row read: the next page is older. */
    before: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}$' })),
    limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })),
  },
  { additionalProperties: false },
);
export type MovementQuery = Static<typeof MovementQuery>;
export const MovementPage = Type.Object({ items: Type.Array(Movement), next: Type.Union([Type.String(), Type.Null()]) });
export type MovementPage = Static<typeof MovementPage>;

// ---------------------------------------------------------------- loans

export const LOAN_STATES = ['open', 'overdue', 'returned'] as const;
export type LoanState = (typeof LOAN_STATES)[number];

export const LoanCreate = Type.Object(
  {
    id: Uuid,
    articleId: Uuid,
    areaId: Uuid,
    quantity: PositiveQuantity,
    borrower: Type.String({ minLength: 1, maxLength: 200 }),
    dueOn: DateOnly,
    note: Type.Optional(Text(2000)),
    at: Type.Optional(IsoDateTime),
  },
  { additionalProperties: false },
);
export type LoanCreate = Static<typeof LoanCreate>;
export const LoanReturnBody = Type.Object({ at: Type.Optional(IsoDateTime), note: Type.Optional(Text(2000)) }, { additionalProperties: false });
export type LoanReturnBody = Static<typeof LoanReturnBody>;

export const Loan = Type.Object({
  id: Uuid,
  articleId: Uuid,
  articleName: Type.String(),
  unit: Type.String(),
  areaId: Uuid,
  areaPath: Type.String(),
  quantity: Type.Number(),
  borrower: Type.String(),
  dueOn: DateOnly,
  lentAt: IsoDateTime,
  lentBy: Type.Object({ id: Uuid, name: Type.String() }),
  returnedAt: Type.Union([IsoDateTime, Type.Null()]),
  state: Type.Union([Type.Literal('open'), Type.Literal('overdue'), Type.Literal('returned')]),
  note: Type.String(),
});
export type Loan = Static<typeof Loan>;
export const LoanQuery = Type.Object({ state: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('overdue'), Type.Literal('returned')])) }, { additionalProperties: false });
export type LoanQuery = Static<typeof LoanQuery>;

// ---------------------------------------------------------------- counts

export const COUNT_DECISIONS = ['count', 'countPlusMoves'] as const;
/** `count`: the counted quantity is the truth at closing; `countPlusMoves`: the counted quantity plus the movements since the count started. */
export type CountDecision = (typeof COUNT_DECISIONS)[number];

/** POST /counts (managers): `blind` hides the expected quantities from the counters (the managers still see them, to close). */
export const CountCreate = Type.Object({ id: Uuid, areaId: Uuid, note: Type.Optional(Text(2000)), blind: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
export type CountCreate = Static<typeof CountCreate>;

/**
 * POST /counts/:id/entries: what a device counted since its last send (an increment: a scan adds
 * 1, a typed total sends its difference from the device's previous total), each idempotent by its id.
 */
export const CountEntryBody = Type.Object(
  {
    id: Uuid,
    articleId: Uuid,
    delta: Quantity,
    /** The quantity the device showed for the article when its counting started. */
    startQuantity: Type.Union([Quantity, Type.Null()]),
    at: Type.Optional(IsoDateTime),
  },
  { additionalProperties: false },
);
export type CountEntryBody = Static<typeof CountEntryBody>;

export const CountCloseBody = Type.Object(
  { decisions: Type.Record(Type.String({ format: 'uuid' }), Type.Union([Type.Literal('count'), Type.Literal('countPlusMoves')])) },
  { additionalProperties: false },
);
export type CountCloseBody = Static<typeof CountCloseBody>;

export const CountLine = Type.Object({
  articleId: Uuid,
  articleName: Type.String(),
  unit: Type.String(),
  barcode: Type.String(),
  /**
   * The level when the count started, the movements since, the expected quantity now (their
   * sum); null for a counter (no stock manage right) in a blind count.
   */
  startQuantity: Type.Union([Type.Number(), Type.Null()]),
  movedSince: Type.Union([Type.Number(), Type.Null()]),
  expected: Type.Union([Type.Number(), Type.Null()]),
  /** The counted total (every device's entries added), null when nobody counted the article. */
  counted: Type.Union([Type.Number(), Type.Null()]),
  entries: Type.Integer({ minimum: 0 }),
  /** The article moved after the count started: closing needs a manager's decision. */
  moved: Type.Boolean(),
});
export type CountLine = Static<typeof CountLine>;

export const StockCount = Type.Object({
  id: Uuid,
  areaId: Uuid,
  areaPath: Type.String(),
  status: Type.Union([Type.Literal('open'), Type.Literal('closed')]),
  startedAt: IsoDateTime,
  startedBy: Type.Object({ id: Uuid, name: Type.String() }),
  closedAt: Type.Union([IsoDateTime, Type.Null()]),
  note: Type.String(),
  /** A blind count: its counters do not see the expected quantities. */
  blind: Type.Boolean(),
  lineCount: Type.Integer({ minimum: 0 }),
  lines: Type.Optional(Type.Array(CountLine)),
});
export type StockCount = Static<typeof StockCount>;

// ---------------------------------------------------------------- recap

/** GET /recap (managers): articles × areas, each article's total and value, each area's total and value. */
export const StockRecap = Type.Object({
  areas: Type.Array(Type.Object({ id: Uuid, path: Type.String(), total: Type.Number(), valueCents: Type.Integer() })),
  articles: Type.Array(
    Type.Object({
      id: Uuid,
      name: Type.String(),
      unit: Type.String(),
      unitCostCents: Type.Union([Type.Integer(), Type.Null()]),
      /** Aligned with `areas` (0 where it has no level). */
      quantities: Type.Array(Type.Number()),
      total: Type.Number(),
      valueCents: Type.Integer(),
    }),
  ),
  total: Type.Number(),
  valueCents: Type.Integer(),
});
export type StockRecap = Static<typeof StockRecap>;

// ---------------------------------------------------------------- error keys (common.json → inventory.stock)

export const STOCK_ERRORS = {
  areaNotFound: 'inventory.stock.area_not_found',
  articleNotFound: 'inventory.stock.article_not_found',
  parentCycle: 'inventory.stock.parent_cycle',
  areaInUse: 'inventory.stock.area_in_use',
  notEnoughStock: 'inventory.stock.not_enough_stock',
  badQuantity: 'inventory.stock.bad_quantity',
  transferTarget: 'inventory.stock.transfer_target',
  kindRight: 'inventory.stock.kind_right',
  idReused: 'inventory.stock.id_reused',
  limits: 'inventory.stock.limits',
  loanNotFound: 'inventory.stock.loan_not_found',
  loanReturned: 'inventory.stock.loan_returned',
  countNotFound: 'inventory.stock.count_not_found',
  countClosed: 'inventory.stock.count_closed',
  countOpen: 'inventory.stock.count_already_open',
  decisionsMissing: 'inventory.stock.decisions_missing',
  supplierNotFound: 'inventory.stock.supplier_not_found',
} as const;

/** The app's pages, as notices and the dashboard link them. */
export const STOCK_PATHS = {
  lowStock: '/stock-management/article?low=true',
  loans: '/stock-management/loan-stuff',
  loan: (id: string) => `/stock-management/loan-stuff?loan=${id}`,
  count: (id: string) => `/stock-management/inventory?count=${id}`,
  area: (id: string) => `/stock-management/stock-area?area=${id}`,
  article: (id: string) => `/stock-management/article?article=${id}`,
} as const;
