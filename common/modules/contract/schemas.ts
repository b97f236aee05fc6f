/**
 * The Contracts module's API contract (routes under /api/contract), written once: contracts with
 * the district's suppliers (common/modules/supplier) over its sites (a maintenance contract, a
 * periodic regulatory inspection, a supply, a service), their terms and notice deadlines
 * (./deadline.ts), their status moved by rules (the scheduled job) and by a manager with a
 * reason, their reminders, and the templates a contract is drawn up from. Server module:
 * server/src/modules/contract/; screens: src/features/contract/; choices: docs/contract.md.
 */
import Type, { type Static } from 'typebox';
import { Attachment, CreateBody, ListQueryBase, Page, RecordMeta, UpdateBody, Uuid } from '../../schemas/platform';
import { CONTRACT_STATUSES, CONTRACT_TYPES } from './statuses';

// The lists of types and statuses are in ./statuses.ts (no schema: the app's route table reads them).
export { CONTRACT_STATUSES, CONTRACT_TYPES };

export const CONTRACT_TITLE_MAX = 200;
export const CONTRACT_TEXT_MAX = 10_000;
export const TEMPLATE_FIELDS_MAX = 40;
/** The reminders' days before a deadline when a contract names none of its own. */
export const DEFAULT_REMINDER_DAYS = [90, 30, 7] as const;
/** A notice deadline within this many days is highlighted on the sheet and the list. */
export const NOTICE_SOON_DAYS = 30;
/** The reminder window of a contract without reminder days (active → toRenew). */
export const RENEWAL_WINDOW_DEFAULT_DAYS = 30;

/** A calendar day, YYYY-MM-DD. */
export const IsoDay = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$', maxLength: 10 });

export const ContractType = Type.Union([Type.Literal('maintenance'), Type.Literal('regulatoryInspection'), Type.Literal('supply'), Type.Literal('service')]);
export type ContractType = (typeof CONTRACT_TYPES)[number];

export const ContractStatus = Type.Union([Type.Literal('draft'), Type.Literal('active'), Type.Literal('toRenew'), Type.Literal('terminated'), Type.Literal('expired')]);
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** The moves a manager may make (with a reason); anything else is 409 `contract.invalid_transition`. */
export const STATUS_TRANSITIONS: Readonly<Record<ContractStatus, readonly ContractStatus[]>> = {
  draft: ['active', 'terminated'],
  active: ['toRenew', 'terminated', 'expired'],
  toRenew: ['active', 'terminated', 'expired'],
  expired: ['active'],
  terminated: [],
};
export const canMove = (from: ContractStatus, to: ContractStatus): boolean => STATUS_TRANSITIONS[from].includes(to);
/** The statuses a contract is created in. */
export const CREATE_STATUSES = ['draft', 'active'] as const;

// ---------------------------------------------------------------- templates

export const FIELD_KINDS = ['text', 'number', 'date', 'money'] as const;
export const TemplateFieldKind = Type.Union([Type.Literal('text'), Type.Literal('number'), Type.Literal('date'), Type.Literal('money')]);
export type TemplateFieldKind = (typeof FIELD_KINDS)[number];
/** A template's field: its key (the `{{key}}` of the clauses), its label, its kind. */
export const TemplateField = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z][A-Za-z0-9_]*$' }),
    label: Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' }),
    kind: TemplateFieldKind,
  },
  { additionalProperties: false },
);
export type TemplateField = Static<typeof TemplateField>;

export const ContractTemplateFields = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: CONTRACT_TITLE_MAX, pattern: '\\S' }),
    type: ContractType,
    fields: Type.Array(TemplateField, { maxItems: TEMPLATE_FIELDS_MAX }),
    /** The default clauses, with `{{key}}` placeholders filled from the contract's field values. */
    clauses: Type.String({ maxLength: CONTRACT_TEXT_MAX }),
  },
  { additionalProperties: false },
);
export type ContractTemplateFields = Static<typeof ContractTemplateFields>;
export const ContractTemplateCreate = CreateBody(ContractTemplateFields, ['name', 'type']);
export type ContractTemplateCreate = Static<typeof ContractTemplateCreate>;
export const ContractTemplateUpdate = UpdateBody(Type.Partial(ContractTemplateFields, { additionalProperties: false, minProperties: 1 }));
export type ContractTemplateUpdate = Static<typeof ContractTemplateUpdate>;
export const ContractTemplate = Type.Object({ ...RecordMeta.properties, ...ContractTemplateFields.properties, contractCount: Type.Integer({ minimum: 0 }) });
export type ContractTemplate = Static<typeof ContractTemplate>;
export const ContractTemplateListQuery = Type.Object({ deleted: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])) }, { additionalProperties: false });

/** A field's value on a contract: text, a number (money in cents), a day; null when not filled. */
export const FieldValue = Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Null()]);
export type FieldValue = Static<typeof FieldValue>;

/** `{{key}}` replaced by `value(key)` (an unknown key stays as written). */
export function fillClauses(clauses: string, value: (key: string) => string | undefined): string {
  return clauses.replace(/\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g, (whole, key: string) => value(key) ?? whole);
}

// ---------------------------------------------------------------- contracts

export const ContractFields = Type.Object(
  {
    supplierId: Uuid,
    siteIds: Type.Array(Uuid, { maxItems: 500, uniqueItems: true }),
    type: ContractType,
    reference: Type.String({ maxLength: 120 }),
    title: Type.String({ minLength: 1, maxLength: CONTRACT_TITLE_MAX, pattern: '\\S' }),
    startOn: Type.Union([IsoDay, Type.Null()]),
    /** Null: open-ended (no term, no notice deadline). */
    endOn: Type.Union([IsoDay, Type.Null()]),
    tacitRenewal: Type.Boolean(),
    /** The renewal period of a tacitly renewed contract, in months. */
    renewalMonths: Type.Union([Type.Integer({ minimum: 1, maximum: 120 }), Type.Null()]),
    noticeDays: Type.Integer({ minimum: 0, maximum: 730 }),
    /** Euros, in cents. */
    amountCents: Type.Union([Type.Integer({ minimum: 0, maximum: 1e13 }), Type.Null()]),
    /** Days before each deadline (notice, end) its manager is reminded: 90, 30, 7 by default. */
    reminderDays: Type.Array(Type.Integer({ minimum: 1, maximum: 365 }), { maxItems: 6, uniqueItems: true }),
    /** The contract's manager, a member of the district (the creator by default). */
    ownerId: Uuid,
    templateId: Type.Union([Uuid, Type.Null()]),
    /** The template's field values, by key. */
    fieldValues: Type.Record(Type.String({ maxLength: 40 }), FieldValue),
    notes: Type.String({ maxLength: CONTRACT_TEXT_MAX }),
  },
  { additionalProperties: false },
);
export type ContractFields = Static<typeof ContractFields>;

/** POST /api/contract/contracts (Idempotency-Key): the id is the client's; the status draft (default) or active. */
export const ContractCreate = Type.Object(
  {
    ...CreateBody(ContractFields, ['supplierId', 'type', 'title']).properties,
    status: Type.Optional(Type.Union([Type.Literal('draft'), Type.Literal('active')])),
  },
  { additionalProperties: false },
);
export type ContractCreate = Static<typeof ContractCreate>;
/** PATCH /api/contract/contracts/:id: the status moves by its own route. */
export const ContractUpdate = UpdateBody(Type.Partial(ContractFields, { additionalProperties: false, minProperties: 1 }));
export type ContractUpdate = Static<typeof ContractUpdate>;

/** POST /api/contract/contracts/:id/status (Idempotency-Key): a manager's move, with its reason. */
export const ContractStatusBody = Type.Object(
  { baseVersion: Type.Integer({ minimum: 1 }), status: ContractStatus, reason: Type.String({ minLength: 1, maxLength: 1000, pattern: '\\S' }) },
  { additionalProperties: false },
);
export type ContractStatusBody = Static<typeof ContractStatusBody>;

/** The day's term (./deadline.ts), computed by the server on the district's day. */
const TermProperties = {
  /** The current term's end (null: open-ended). */
  termEndOn: Type.Union([IsoDay, Type.Null()]),
  /** The current term's notice deadline. */
  noticeOn: Type.Union([IsoDay, Type.Null()]),
};

export const Contract = Type.Object({
  ...RecordMeta.properties,
  ...ContractFields.properties,
  status: ContractStatus,
  /** The reason of the last status move (a manager's words, or `rule:<status>` for the job's). */
  statusReason: Type.String(),
  ...TermProperties,
  supplierName: Type.String(),
  sites: Type.Array(Type.Object({ id: Uuid, name: Type.String() })),
  ownerName: Type.String(),
  templateName: Type.Union([Type.String(), Type.Null()]),
  /** The signed PDF and its annexes. */
  files: Type.Array(Attachment),
});
export type Contract = Static<typeof Contract>;

export const ContractRow = Type.Object({
  ...RecordMeta.properties,
  title: Type.String(),
  reference: Type.String(),
  type: ContractType,
  status: ContractStatus,
  supplierId: Uuid,
  supplierName: Type.String(),
  siteIds: Type.Array(Uuid),
  endOn: Type.Union([IsoDay, Type.Null()]),
  tacitRenewal: Type.Boolean(),
  amountCents: Type.Union([Type.Integer(), Type.Null()]),
  ownerId: Uuid,
  ...TermProperties,
});
export type ContractRow = Static<typeof ContractRow>;
export const ContractPage = Page(ContractRow);

export const ContractListQuery = Type.Object(
  {
    ...ListQueryBase,
    /** Supplier ids, comma-separated. */
    supplier: Type.Optional(Type.String({ maxLength: 2000 })),
    /** Site ids, comma-separated: contracts covering any of them. */
    site: Type.Optional(Type.String({ maxLength: 2000 })),
    type: Type.Optional(Type.String({ maxLength: 200 })),
    status: Type.Optional(Type.String({ maxLength: 200 })),
    /** Contracts whose notice deadline is from today to this many days ahead. */
    noticeWithin: Type.Optional(Type.String({ pattern: '^[0-9]{1,4}$' })),
    deleted: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  },
  { additionalProperties: false },
);
export type ContractListQuery = Static<typeof ContractListQuery>;

/** GET /api/contract/contracts/:id/pdf?lang=fr|en: the contract printed with its template's fields filled. */
export const ContractPdfQuery = Type.Object({ lang: Type.Optional(Type.Union([Type.Literal('fr'), Type.Literal('en')])) }, { additionalProperties: false });

/** GET /api/contract/choices: what the contract form picks from (kept on the device for offline work). */
const Named = Type.Object({ id: Uuid, name: Type.String() });
export const ContractChoices = Type.Object({ suppliers: Type.Array(Named), sites: Type.Array(Named), members: Type.Array(Named) });
export type ContractChoices = Static<typeof ContractChoices>;

/** The contract's page in the app (bells, e-mails, calendar). */
export const contractPagePath = (id: string): string => `/contract/contract-view/${id}`;
