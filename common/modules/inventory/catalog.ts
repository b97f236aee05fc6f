/**
 * The inventory family's catalog part, its API contract written once (routes under
 * /api/inventory: categories, articles, equipment, checks): the catalog's categories (custom
 * fields, the periodic check's period, checklist and optional questionnaire template), the
 * articles (models shared by equipment and stock), the items of equipment (one physical thing
 * each, with its place, status, custodian, dates and next check) and their periodic checks.
 * The due-date rule (`nextCheckOn`, `checkState`) is here once, used by the server and the app.
 *
 * Rights (features `inventory` and `inventoryV2`, either one): a read right reads everything and
 * allows a field user's own work on an item: record a check (POST /equipment/:id/checks) and
 * report it out of order with a note (POST /equipment/:id/status, status `outOfOrder` only).
 * Everything else (categories, articles, creating, editing, retiring or deleting items, any
 * other status move) needs the manage right.
 */
import Type, { type Static } from 'typebox';
import { Attachment, CreateBody, ListQueryBase, Page, RecordMeta, UpdateBody, Uuid } from '../../schemas/platform';

export const NAME_MAX = 200;
export const TEXT_MAX = 5000;
export const CATEGORY_FIELDS_MAX = 30;
export const CHECKLIST_MAX = 40;

/** A calendar day, YYYY-MM-DD. */
export const Day = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$', maxLength: 10 });
const NullableDay = Type.Union([Day, Type.Null()]);
const NullableUuid = Type.Union([Uuid, Type.Null()]);
const Months = Type.Union([Type.Integer({ minimum: 1, maximum: 120 }), Type.Null()]);
const Short = (max = 200) => Type.String({ maxLength: max });

// ---------------------------------------------------------------- the due date

// The rule lives in ./due-date.ts (no schema: the lists' chunks import it without TypeBox).
export { addDaysTo, addMonthsTo, CHECK_STATES, checkState, nextCheckOn, type CheckState } from './due-date';

// ---------------------------------------------------------------- categories

export const CUSTOM_FIELD_KINDS = ['text', 'number', 'date'] as const;
export const CustomField = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z][A-Za-z0-9_]*$' }),
    label: Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' }),
    kind: Type.Union([Type.Literal('text'), Type.Literal('number'), Type.Literal('date')]),
  },
  { additionalProperties: false },
);
export type CustomField = Static<typeof CustomField>;

/** A custom field's value on an article or an item: text, a number, a day; null when not filled. */
export const FieldValues = Type.Record(Type.String({ maxLength: 40 }), Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Null()]));
export type FieldValues = Static<typeof FieldValues>;

export const CategoryFields = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: NAME_MAX, pattern: '\\S' }),
    fields: Type.Array(CustomField, { maxItems: CATEGORY_FIELDS_MAX }),
    /** Regulatory equipment: checked every this many months (null: no periodic check). */
    checkPeriodMonths: Months,
    /** The check's items, each answered ok or not ok. */
    checklist: Type.Array(Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }), { maxItems: CHECKLIST_MAX }),
    /** A questionnaire template whose inspection the check form offers to start. */
    checkTemplateId: NullableUuid,
  },
  { additionalProperties: false },
);
export type CategoryFields = Static<typeof CategoryFields>;
export const CategoryCreate = CreateBody(CategoryFields, ['name']);
export type CategoryCreate = Static<typeof CategoryCreate>;
export const CategoryUpdate = UpdateBody(Type.Partial(CategoryFields, { additionalProperties: false, minProperties: 1 }));
export const Category = Type.Object({ ...RecordMeta.properties, ...CategoryFields.properties, articleCount: Type.Integer({ minimum: 0 }) });
export type Category = Static<typeof Category>;
export const DeletedQuery = Type.Object({ deleted: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])) }, { additionalProperties: false });

// ---------------------------------------------------------------- articles

export const ArticleFields = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: NAME_MAX, pattern: '\\S' }),
    categoryId: NullableUuid,
    maker: Short(),
    model: Short(),
    reference: Short(),
    unit: Short(40),
    /** An EAN or any code printed on the article (a scan finds the article by it). */
    barcode: Type.String({ maxLength: 64, pattern: '^[\\x21-\\x7E]*$' }),
    supplierId: NullableUuid,
    contractId: NullableUuid,
    unitCostCents: Type.Union([Type.Integer({ minimum: 0, maximum: 1e12 }), Type.Null()]),
    fieldValues: FieldValues,
    notes: Short(TEXT_MAX),
  },
  { additionalProperties: false },
);
export type ArticleFields = Static<typeof ArticleFields>;
export const ArticleCreate = CreateBody(ArticleFields, ['name']);
export type ArticleCreate = Static<typeof ArticleCreate>;
export const ArticleUpdate = UpdateBody(Type.Partial(ArticleFields, { additionalProperties: false, minProperties: 1 }));
export const Article = Type.Object({
  ...RecordMeta.properties,
  ...ArticleFields.properties,
  categoryName: Type.String(),
  supplierName: Type.String(),
  contractName: Type.String(),
  equipmentCount: Type.Integer({ minimum: 0 }),
  /** The photo and the documents (a manual). */
  files: Type.Array(Attachment),
});
export type Article = Static<typeof Article>;
export const ArticleRow = Type.Object({
  ...RecordMeta.properties,
  name: Type.String(),
  categoryId: NullableUuid,
  categoryName: Type.String(),
  maker: Type.String(),
  model: Type.String(),
  reference: Type.String(),
  unit: Type.String(),
  barcode: Type.String(),
});
export type ArticleRow = Static<typeof ArticleRow>;
export const ArticlePage = Page(ArticleRow);
export const ArticleListQuery = Type.Object(
  {
    ...ListQueryBase,
    category: Type.Optional(Type.String({ maxLength: 2000 })),
    barcode: Type.Optional(Type.String({ maxLength: 64 })),
    deleted: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  },
  { additionalProperties: false },
);

// ---------------------------------------------------------------- equipment

export const EquipmentStatusSchema = Type.Union([Type.Literal('inService'), Type.Literal('outOfOrder'), Type.Literal('inRepair'), Type.Literal('retired')]);

export const EquipmentFields = Type.Object(
  {
    articleId: Uuid,
    name: Type.String({ minLength: 1, maxLength: NAME_MAX, pattern: '\\S' }),
    serial: Short(120),
    tag: Short(120),
    siteId: NullableUuid,
    building: Short(120),
    floor: Short(60),
    room: Short(120),
    /** A point on the map. */
    position: Type.Union([Type.Object({ lat: Type.Number({ minimum: -90, maximum: 90 }), lng: Type.Number({ minimum: -180, maximum: 180 }) }, { additionalProperties: false }), Type.Null()]),
    status: EquipmentStatusSchema,
    custodianId: NullableUuid,
    boughtOn: NullableDay,
    commissionedOn: NullableDay,
    warrantyEndOn: NullableDay,
    /** The item's own check period (else its category's). */
    checkPeriodMonths: Months,
    supplierId: NullableUuid,
    contractId: NullableUuid,
    fieldValues: FieldValues,
    notes: Short(TEXT_MAX),
  },
  { additionalProperties: false },
);
export type EquipmentFields = Static<typeof EquipmentFields>;
export const EquipmentCreate = CreateBody(EquipmentFields, ['articleId', 'name']);
export type EquipmentCreate = Static<typeof EquipmentCreate>;
export const EquipmentUpdate = UpdateBody(Type.Partial(EquipmentFields, { additionalProperties: false, minProperties: 1 }));

const CheckProps = {
  lastCheckOn: NullableDay,
  nextCheckOn: NullableDay,
  checkState: Type.Union([Type.Literal('none'), Type.Literal('ok'), Type.Literal('due'), Type.Literal('overdue')]),
};

export const Equipment = Type.Object({
  ...RecordMeta.properties,
  ...EquipmentFields.properties,
  ...CheckProps,
  articleName: Type.String(),
  categoryId: NullableUuid,
  categoryName: Type.String(),
  siteName: Type.String(),
  custodianName: Type.String(),
  supplierName: Type.String(),
  contractName: Type.String(),
  /** The check's items (the category's checklist) and the questionnaire template it may start. */
  checklist: Type.Array(Type.String()),
  checkTemplateId: NullableUuid,
  /** Its period in effect (its own, else its category's). */
  periodMonths: Months,
  files: Type.Array(Attachment),
});
export type Equipment = Static<typeof Equipment>;

export const EquipmentRow = Type.Object({
  ...RecordMeta.properties,
  name: Type.String(),
  articleId: Uuid,
  articleName: Type.String(),
  serial: Type.String(),
  tag: Type.String(),
  siteId: NullableUuid,
  siteName: Type.String(),
  room: Type.String(),
  status: EquipmentStatusSchema,
  ...CheckProps,
});
export type EquipmentRow = Static<typeof EquipmentRow>;
export const EquipmentPage = Page(EquipmentRow);

export const EquipmentListQuery = Type.Object(
  {
    ...ListQueryBase,
    /** Site ids, comma-separated. */
    site: Type.Optional(Type.String({ maxLength: 2000 })),
    article: Type.Optional(Type.String({ maxLength: 2000 })),
    category: Type.Optional(Type.String({ maxLength: 2000 })),
    status: Type.Optional(Type.String({ maxLength: 200 })),
    /** `due`: next check within CHECK_DUE_SOON_DAYS or past; `overdue`: past. */
    check: Type.Optional(Type.Union([Type.Literal('due'), Type.Literal('overdue')])),
    tag: Type.Optional(Type.String({ maxLength: 120 })),
    serial: Type.Optional(Type.String({ maxLength: 120 })),
    deleted: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  },
  { additionalProperties: false },
);
export type EquipmentListQuery = Static<typeof EquipmentListQuery>;

/** The equipment list's filters without its paging nor its deleted view: what a sheet of labels takes to print "the list as filtered". */
const { cursor: _cursor, limit: _limit, deleted: _deleted, ...equipmentFilters } = EquipmentListQuery.properties;
export const EquipmentFilter = Type.Object(equipmentFilters, { additionalProperties: false });
export type EquipmentFilter = Static<typeof EquipmentFilter>;

/** POST /api/inventory/equipment/:id/status (Idempotency-Key): a field user reports `outOfOrder` with a note; any other move is a manager's. */
export const EquipmentStatusBody = Type.Object(
  { baseVersion: Type.Integer({ minimum: 1 }), status: EquipmentStatusSchema, note: Type.String({ maxLength: 1000 }) },
  { additionalProperties: false },
);
export type EquipmentStatusBody = Static<typeof EquipmentStatusBody>;

// ---------------------------------------------------------------- checks

export const CheckAnswer = Type.Object(
  { item: Type.String({ minLength: 1, maxLength: 200 }), ok: Type.Boolean(), note: Type.String({ maxLength: 1000 }) },
  { additionalProperties: false },
);
export type CheckAnswer = Static<typeof CheckAnswer>;

/** POST /api/inventory/equipment/:id/checks (Idempotency-Key): the client's id, the day, the answers; fail when any item is not ok. */
export const CheckCreate = Type.Object(
  {
    id: Uuid,
    doneOn: Day,
    answers: Type.Array(CheckAnswer, { maxItems: CHECKLIST_MAX }),
    notes: Type.String({ maxLength: TEXT_MAX }),
    /**
     * The submitted inspection (of the category's template, started from the item's sheet) the
     * check was made with: its failed answers fail the check, as a checklist point not OK does.
     */
    inspectionId: Type.Optional(NullableUuid),
  },
  { additionalProperties: false },
);
export type CheckCreate = Static<typeof CheckCreate>;

export const Check = Type.Object({
  id: Uuid,
  equipmentId: Uuid,
  dueOn: NullableDay,
  doneOn: Day,
  result: Type.Union([Type.Literal('pass'), Type.Literal('fail')]),
  answers: Type.Array(CheckAnswer),
  notes: Type.String(),
  /** The action a failed check opened. */
  actionId: NullableUuid,
  /** The questionnaire inspection the check was made with. */
  inspectionId: NullableUuid,
  createdAt: Type.String(),
  createdBy: Type.Object({ id: Uuid, name: Type.String() }),
});
export type Check = Static<typeof Check>;

/** POST /api/inventory/equipment/:id/inspections: starts an inspection of the item's category's template on its site (the id is the inspection's, the device's). */
export const EquipmentInspectionStart = Type.Object({ id: Uuid }, { additionalProperties: false });
export type EquipmentInspectionStart = Static<typeof EquipmentInspectionStart>;

/** An inspection started from an item's sheet, as the sheet lists it (GET /api/inventory/equipment/:id/inspections). */
export const EquipmentInspection = Type.Object({
  id: Uuid,
  templateId: Uuid,
  templateName: Type.String(),
  status: Type.Union([Type.Literal('todo'), Type.Literal('inProgress'), Type.Literal('submitted')]),
  /** Submitted: its failed answers (0: passed). */
  failedCount: Type.Integer({ minimum: 0 }),
  startedAt: Type.String(),
  startedBy: Type.Object({ id: Uuid, name: Type.String() }),
  /** The check recorded with it, once one is. */
  checkId: NullableUuid,
});
export type EquipmentInspection = Static<typeof EquipmentInspection>;

/** A check's result from its answers: fail when any item is not ok. */
export const checkResult = (answers: readonly { ok: boolean }[]): 'pass' | 'fail' => (answers.some((a) => !a.ok) ? 'fail' : 'pass');

/** GET /api/inventory/choices: what the forms and filters pick from (kept on the device for offline work). */
const Named = Type.Object({ id: Uuid, name: Type.String() });
/** A site with its GPS point, where it has one (the map point picker's first view). */
const SiteChoice = Type.Object({ id: Uuid, name: Type.String(), lat: Type.Optional(Type.Union([Type.Number(), Type.Null()])), lng: Type.Optional(Type.Union([Type.Number(), Type.Null()])) });
export const CatalogChoices = Type.Object({ sites: Type.Array(SiteChoice), members: Type.Array(Named), suppliers: Type.Array(Named), contracts: Type.Array(Named) });
export type CatalogChoices = Static<typeof CatalogChoices>;

/** An item's sheet in the app (the QR labels hold it: ./codes.ts). */
export const equipmentPagePath = (id: string): string => `/inventory-v2/equipment/${id}`;
