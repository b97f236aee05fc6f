/**
 * The Suppliers module's API contract (routes under /api/supplier), written once: suppliers
 * (companies the district works with: their legal ids, address, trades, notes, archived state),
 * their trades (a district's own list, "Maintenance incendie", "Nettoyage"…) and their documents
 * with an expiry date (insurance, certifications: valid, expiring, expired). A supplier's people
 * are contacts (common/modules/contactV2) and its contracts are contracts (common/modules/contract).
 * Server module: server/src/modules/supplier/; screens: src/features/supplier/; choices:
 * docs/supplier.md.
 */
import Type, { type Static } from 'typebox';
import { Attachment, CreateBody, ListQueryBase, Page, RecordMeta, UpdateBody, Uuid } from '../../schemas/platform';

export const SUPPLIER_NAME_MAX = 200;
export const SUPPLIER_TEXT_MAX = 500;
export const SUPPLIER_NOTES_MAX = 10_000;
export const TRADE_NAME_MAX = 100;
export const DOCUMENT_TITLE_MAX = 200;
/** A document expiring within this many days is "expiring" (shown in orange, filtered, counted). */
export const DOCUMENT_EXPIRING_DAYS = 30;

/** A calendar day, YYYY-MM-DD (an expiry date has no time). */
export const IsoDay = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$', maxLength: 10 });

/** SIRET: 14 digits (spaces allowed as people write them, stored without). Empty when unknown. */
export const SIRET_PATTERN = '^(|[0-9 ]{14,17})$';
/** An EU VAT number: two letters and 2 to 13 characters (FR + 11 digits in France). Empty when unknown. */
export const VAT_PATTERN = '^(|[A-Za-z]{2}[0-9A-Za-z ]{2,15})$';

const Name = Type.String({ minLength: 1, maxLength: SUPPLIER_NAME_MAX, pattern: '\\S' });
const Text = Type.String({ maxLength: SUPPLIER_TEXT_MAX });
const Email = Type.String({ maxLength: 254, pattern: '^(|[^\\s@]+@[^\\s@]+\\.[^\\s@]+)$' });

// ---------------------------------------------------------------- trades

export const TradeFields = Type.Object({ name: Type.String({ minLength: 1, maxLength: TRADE_NAME_MAX, pattern: '\\S' }) }, { additionalProperties: false });
export type TradeFields = Static<typeof TradeFields>;
export const TradeCreate = CreateBody(TradeFields, ['name']);
export type TradeCreate = Static<typeof TradeCreate>;
export const TradeUpdate = UpdateBody(Type.Partial(TradeFields, { additionalProperties: false, minProperties: 1 }));
export type TradeUpdate = Static<typeof TradeUpdate>;
export const Trade = Type.Object({ ...RecordMeta.properties, ...TradeFields.properties, supplierCount: Type.Integer({ minimum: 0 }) });
export type Trade = Static<typeof Trade>;
export const TradeListQuery = Type.Object({ deleted: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])) }, { additionalProperties: false });

// ---------------------------------------------------------------- suppliers

export const SupplierFields = Type.Object(
  {
    name: Name,
    legalName: Text,
    siret: Type.String({ maxLength: 17, pattern: SIRET_PATTERN }),
    vatNumber: Type.String({ maxLength: 17, pattern: VAT_PATTERN }),
    address: Text,
    postalCode: Type.String({ maxLength: 12 }),
    city: Type.String({ maxLength: 120 }),
    phone: Type.String({ maxLength: 40 }),
    email: Email,
    website: Type.String({ maxLength: 300 }),
    tradeIds: Type.Array(Uuid, { maxItems: 20, uniqueItems: true }),
    notes: Type.String({ maxLength: SUPPLIER_NOTES_MAX }),
    /** Archived: kept with its history, documents and contracts, out of the usual list and pickers. */
    archived: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type SupplierFields = Static<typeof SupplierFields>;
export const SUPPLIER_FIELDS = ['name', 'legalName', 'siret', 'vatNumber', 'address', 'postalCode', 'city', 'phone', 'email', 'website', 'tradeIds', 'notes', 'archived'] as const satisfies readonly (keyof SupplierFields)[];

/** POST /api/supplier/suppliers (Idempotency-Key): the id is the client's. */
export const SupplierCreate = CreateBody(SupplierFields, ['name']);
export type SupplierCreate = Static<typeof SupplierCreate>;
/** PATCH /api/supplier/suppliers/:id: 409 `record.version_conflict` with the current supplier on a stale base. */
export const SupplierUpdate = UpdateBody(Type.Partial(SupplierFields, { additionalProperties: false, minProperties: 1 }));
export type SupplierUpdate = Static<typeof SupplierUpdate>;

/** Where a document stands on a day: no expiry or later than DOCUMENT_EXPIRING_DAYS ahead, within them, past. */
export const DocumentState = Type.Union([Type.Literal('valid'), Type.Literal('expiring'), Type.Literal('expired')]);
export type DocumentState = Static<typeof DocumentState>;
export const DOCUMENT_STATES = ['valid', 'expiring', 'expired'] as const satisfies readonly DocumentState[];


export const DocumentKind = Type.Union([
  Type.Literal('insurance'),
  Type.Literal('certification'),
  Type.Literal('registration'),
  Type.Literal('tax'),
  Type.Literal('safety'),
  Type.Literal('other'),
]);
export type DocumentKind = Static<typeof DocumentKind>;
export const DOCUMENT_KINDS = ['insurance', 'certification', 'registration', 'tax', 'safety', 'other'] as const satisfies readonly DocumentKind[];

export const SupplierDocumentFields = Type.Object(
  {
    supplierId: Uuid,
    kind: DocumentKind,
    title: Type.String({ minLength: 1, maxLength: DOCUMENT_TITLE_MAX, pattern: '\\S' }),
    reference: Type.String({ maxLength: 120 }),
    issuedOn: Type.Union([IsoDay, Type.Null()]),
    /** Null: the document does not expire (a registration extract, a charter). */
    expiresOn: Type.Union([IsoDay, Type.Null()]),
  },
  { additionalProperties: false },
);
export type SupplierDocumentFields = Static<typeof SupplierDocumentFields>;
export const SupplierDocumentCreate = CreateBody(SupplierDocumentFields, ['supplierId', 'kind', 'title']);
export type SupplierDocumentCreate = Static<typeof SupplierDocumentCreate>;
/** A document stays with its supplier: `supplierId` is not changed by an update. */
export const SupplierDocumentUpdate = UpdateBody(Type.Partial(Type.Omit(SupplierDocumentFields, ['supplierId']), { additionalProperties: false, minProperties: 1 }));
export type SupplierDocumentUpdate = Static<typeof SupplierDocumentUpdate>;
export const SupplierDocument = Type.Object({
  ...RecordMeta.properties,
  ...SupplierDocumentFields.properties,
  /** Computed on the server's day (Europe/Paris). */
  state: DocumentState,
  /** The scanned or signed document (a PDF, a photo). */
  files: Type.Array(Attachment),
});
export type SupplierDocument = Static<typeof SupplierDocument>;
/** A document as its supplier's sheet lists it. */
export const SupplierDocumentSummary = Type.Object({
  id: Uuid,
  version: Type.Integer({ minimum: 1 }),
  ...Type.Omit(SupplierDocumentFields, ['supplierId']).properties,
  state: DocumentState,
  fileCount: Type.Integer({ minimum: 0 }),
});
export type SupplierDocumentSummary = Static<typeof SupplierDocumentSummary>;
export const SupplierDocumentListQuery = Type.Object(
  {
    /** One supplier's documents; absent: the district's (a manager's list of what expires). */
    supplier: Type.Optional(Uuid),
    /** States, comma-separated. */
    state: Type.Optional(Type.String({ maxLength: 40 })),
    deleted: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  },
  { additionalProperties: false },
);
/** The district's documents, soonest expiry first (at most DOCUMENTS_LIST_MAX), with their supplier's name. */
export const DOCUMENTS_LIST_MAX = 500;
export const SupplierDocumentListItem = Type.Object({ ...SupplierDocumentSummary.properties, supplierId: Uuid, supplierName: Type.String() });
export type SupplierDocumentListItem = Static<typeof SupplierDocumentListItem>;

export const Supplier = Type.Object({
  ...RecordMeta.properties,
  ...SupplierFields.properties,
  trades: Type.Array(Type.Object({ id: Uuid, name: Type.String() })),
  /** Its live documents, the soonest expiry first. */
  documents: Type.Array(SupplierDocumentSummary),
  /** The worst state of its documents (valid when it has none). */
  documentState: DocumentState,
});
export type Supplier = Static<typeof Supplier>;

/** A row of the list: what a phone's list line and its filters need. */
export const SupplierRow = Type.Object({
  ...RecordMeta.properties,
  name: Type.String(),
  city: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  archived: Type.Boolean(),
  tradeIds: Type.Array(Uuid),
  trades: Type.Array(Type.Object({ id: Uuid, name: Type.String() })),
  documentState: DocumentState,
  /** The soonest expiry among its live documents, if any. */
  nextExpiry: Type.Union([IsoDay, Type.Null()]),
});
export type SupplierRow = Static<typeof SupplierRow>;
export const SupplierPage = Page(SupplierRow);

export const SupplierListQuery = Type.Object(
  {
    ...ListQueryBase,
    /** Trade ids, comma-separated: suppliers of any of them. */
    trade: Type.Optional(Type.String({ maxLength: 2000 })),
    /** Document states, comma-separated (`expiring,expired`): suppliers whose worst document is one of them. */
    documents: Type.Optional(Type.String({ maxLength: 40 })),
    /** `true`: the archived suppliers only; absent or `false`: the active ones. */
    archived: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
    /** `true`: the deleted ones (managers, to restore them). */
    deleted: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  },
  { additionalProperties: false },
);
export type SupplierListQuery = Static<typeof SupplierListQuery>;
