/**
 * The Declarations module's API contract (routes under /api/declarations), written
 * before its server and screens so that both sides are built against one source. See
 * common/schemas/platform.ts for the shared parts and docs/declarations.md for the choices.
 *
 * Two kinds of records:
 * - a template (a declaration type: name, icon, default severity, the fields it asks for and
 *   who is told), managed with `declarations-templates-templates.admin`. Templates are
 *   versioned: every change makes a new revision, kept; a declaration names the revision its
 *   form was built from, so a change applies to new declarations only and a form filled
 *   offline on an older revision is still accepted and shown with that revision's fields;
 * - a declaration (what a field user reports), made with `declarations.read` and followed up
 *   with `declarations.admin`: a status workflow with a reason for each change, an assignee,
 *   comments, an investigation section; closed is locked.
 */
import Type, { type Static } from 'typebox';
import { Actor, Attachment, GpsPoint, IsoDateTime, ListQueryBase, Page, RecordMeta, UpdateBody, Uuid } from '../../schemas/platform';

export const TEMPLATE_NAME_MAX = 100;
export const FIELD_LABEL_MAX = 200;
export const FIELD_OPTIONS_MAX = 50;
export const TEMPLATE_FIELDS_MAX = 60;
export const TEMPLATE_NOTIFY_MAX = 50;
export const DECLARATION_TITLE_MAX = 200;
export const DECLARATION_TEXT_MAX = 10_000;
export const COMMENT_MAX = 5_000;
export const STATUS_REASON_MAX = 1_000;
/** Photos of one photo field, and of the declaration itself. */
export const PHOTOS_MAX = 20;

/** How serious: the list's colour and the notifications' wording. */
export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export const Severity = Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high'), Type.Literal('critical')]);
export type Severity = (typeof SEVERITIES)[number];

/**
 * The workflow: new → acknowledged → investigating → closed, a step may be skipped forward,
 * never backward; closed is final (the record is locked: no edit, no comment, no status).
 */
export const STATUSES = ['new', 'acknowledged', 'investigating', 'closed'] as const;
export const Status = Type.Union([Type.Literal('new'), Type.Literal('acknowledged'), Type.Literal('investigating'), Type.Literal('closed')]);
export type Status = (typeof STATUSES)[number];
export const STATUS_TRANSITIONS: Readonly<Record<Status, readonly Status[]>> = {
  new: ['acknowledged', 'investigating', 'closed'],
  acknowledged: ['investigating', 'closed'],
  investigating: ['closed'],
  closed: [],
};

/** The icons a template may show (ionicons names the app maps to its icon set). */
export const TEMPLATE_ICONS = ['warning', 'flame', 'water', 'construct', 'leaf', 'eye', 'medkit', 'flash', 'car', 'lock-closed'] as const;
export const TemplateIcon = Type.Union([Type.Literal('warning'), Type.Literal('flame'), Type.Literal('water'), Type.Literal('construct'), Type.Literal('leaf'), Type.Literal('eye'), Type.Literal('medkit'), Type.Literal('flash'), Type.Literal('car'), Type.Literal('lock-closed')]);

export const FIELD_KINDS = ['text', 'longText', 'number', 'date', 'choice', 'multiChoice', 'yesNo', 'photo', 'signature'] as const;
export const FieldKind = Type.Union([Type.Literal('text'), Type.Literal('longText'), Type.Literal('number'), Type.Literal('date'), Type.Literal('choice'), Type.Literal('multiChoice'), Type.Literal('yesNo'), Type.Literal('photo'), Type.Literal('signature')]);
export type FieldKind = (typeof FIELD_KINDS)[number];

/**
 * One field a template asks for. `key` is its identity across revisions (a declaration's
 * values are keyed by it); `options` only for choice and multiChoice.
 */
export const TemplateField = Type.Object(
  {
    key: Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$' }),
    label: Type.String({ minLength: 1, maxLength: FIELD_LABEL_MAX, pattern: '\\S' }),
    kind: FieldKind,
    required: Type.Boolean(),
    options: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: FIELD_LABEL_MAX }), { minItems: 1, maxItems: FIELD_OPTIONS_MAX })),
  },
  { additionalProperties: false },
);
export type TemplateField = Static<typeof TemplateField>;

/** What a template manager edits; every change is a new revision. */
export const TemplateFields = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: TEMPLATE_NAME_MAX, pattern: '\\S' }),
    icon: TemplateIcon,
    defaultSeverity: Severity,
    fields: Type.Array(TemplateField, { maxItems: TEMPLATE_FIELDS_MAX }),
    /** Members of the district told of every new declaration of this type (bell and e-mail). */
    notify: Type.Array(Uuid, { maxItems: TEMPLATE_NOTIFY_MAX }),
  },
  { additionalProperties: false },
);
export type TemplateFields = Static<typeof TemplateFields>;

/** POST /api/declarations/templates (Idempotency-Key): the id is the client's. */
export const TemplateCreate = Type.Object({ id: Uuid, ...TemplateFields.properties }, { additionalProperties: false });
export type TemplateCreate = Static<typeof TemplateCreate>;
/** PATCH /api/declarations/templates/:id: a new revision (409 `record.version_conflict` on a stale base). */
export const TemplateUpdate = UpdateBody(Type.Partial(TemplateFields, { additionalProperties: false, minProperties: 1 }));
export type TemplateUpdate = Static<typeof TemplateUpdate>;

/** GET /api/declarations/templates[/:id[?version=n]]: a template at a revision (its version). */
export const Template = Type.Intersect([RecordMeta, TemplateFields, Type.Object({ notifyNames: Type.Array(Actor) })]);
export type Template = Static<typeof Template>;

/**
 * A field's value, by kind: text and longText a string, number a number, date an ISO date
 * (YYYY-MM-DD), choice one of its options, multiChoice several, yesNo a boolean, photo the ids
 * of its attachments (uploaded with tus, module 'declarations', record the declaration), and
 * signature the id of one attachment (a PNG drawn on the device). An absent key is no answer.
 */
export const FieldValue = Type.Union([Type.String({ maxLength: DECLARATION_TEXT_MAX }), Type.Number(), Type.Boolean(), Type.Array(Type.String({ maxLength: FIELD_LABEL_MAX }), { maxItems: PHOTOS_MAX })]);
export const FieldValues = Type.Record(Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$' }), FieldValue, { maxProperties: TEMPLATE_FIELDS_MAX, additionalProperties: false });
export type FieldValues = Static<typeof FieldValues>;

/** Where the declaration was made, as the device knew it (kept as evidence, never replaced). */
export const CapturePosition = Type.Object(
  {
    ...GpsPoint.properties,
    /** Metres, as the device reported it; null for a pin placed by hand. */
    accuracy: Type.Union([Type.Number({ minimum: 0, maximum: 100_000 }), Type.Null()]),
    source: Type.Union([Type.Literal('device'), Type.Literal('pin')]),
  },
  { additionalProperties: false },
);
export type CapturePosition = Static<typeof CapturePosition>;

/** What the reporter fills (and may edit while the declaration is new and not assigned). */
export const DeclarationFields = Type.Object(
  {
    siteId: Type.Union([Uuid, Type.Null()]),
    position: Type.Union([CapturePosition, Type.Null()]),
    /** When it happened: the capture time by default, editable. */
    occurredAt: IsoDateTime,
    severity: Severity,
    title: Type.String({ minLength: 1, maxLength: DECLARATION_TITLE_MAX, pattern: '\\S' }),
    description: Type.String({ maxLength: DECLARATION_TEXT_MAX }),
    values: FieldValues,
    /** The declaration's own photos (attachment ids), besides the template's photo fields. */
    photos: Type.Array(Uuid, { maxItems: PHOTOS_MAX }),
  },
  { additionalProperties: false },
);
export type DeclarationFields = Static<typeof DeclarationFields>;

/**
 * POST /api/declarations (Idempotency-Key; `declarations.read` is enough): validated against
 * the named template revision's fields (400 `declarations.invalid_value` with the field key).
 * `capturedAt` is the device's clock when Save was pressed: kept as sent.
 */
export const DeclarationCreate = Type.Object(
  { id: Uuid, templateId: Uuid, templateVersion: Type.Integer({ minimum: 1 }), capturedAt: IsoDateTime, ...DeclarationFields.properties },
  { additionalProperties: false },
);
export type DeclarationCreate = Static<typeof DeclarationCreate>;

/** PATCH /api/declarations/:id: the author while new, or a manager; 423 `declarations.locked` once closed. */
export const DeclarationUpdate = UpdateBody(
  Type.Partial(
    Type.Object({
      ...DeclarationFields.properties,
      /** Managers only: who follows it up (a member of the district), or nobody. */
      assigneeId: Type.Union([Uuid, Type.Null()]),
      /** Managers only: the investigation section. */
      cause: Type.String({ maxLength: DECLARATION_TEXT_MAX }),
      measures: Type.String({ maxLength: DECLARATION_TEXT_MAX }),
    }),
    { additionalProperties: false, minProperties: 1 },
  ),
);
export type DeclarationUpdate = Static<typeof DeclarationUpdate>;

/** POST /api/declarations/:id/status (managers): one step of STATUS_TRANSITIONS, with its reason. */
export const StatusChange = Type.Object(
  { baseVersion: Type.Integer({ minimum: 1 }), status: Status, reason: Type.String({ minLength: 1, maxLength: STATUS_REASON_MAX, pattern: '\\S' }) },
  { additionalProperties: false },
);
export type StatusChange = Static<typeof StatusChange>;

/** POST /api/declarations/:id/comments (Idempotency-Key): anyone who may see it, until it is closed. */
export const CommentCreate = Type.Object({ id: Uuid, text: Type.String({ minLength: 1, maxLength: COMMENT_MAX, pattern: '\\S' }) }, { additionalProperties: false });
export type CommentCreate = Static<typeof CommentCreate>;
export const Comment = Type.Object({ id: Uuid, text: Type.String(), at: IsoDateTime, by: Actor });
export type Comment = Static<typeof Comment>;

/** GET /api/declarations/:id */
export const Declaration = Type.Intersect([
  RecordMeta,
  DeclarationFields,
  Type.Object({
    templateId: Uuid,
    templateVersion: Type.Integer({ minimum: 1 }),
    /** The template revision's name, icon and fields: what the form asked. */
    template: Type.Object({ name: Type.String(), icon: TemplateIcon, fields: Type.Array(TemplateField) }),
    capturedAt: IsoDateTime,
    siteName: Type.Union([Type.String(), Type.Null()]),
    status: Status,
    assignee: Type.Union([Actor, Type.Null()]),
    cause: Type.String(),
    measures: Type.String(),
    /** Set when closed: nothing changes after. */
    lockedAt: Type.Union([IsoDateTime, Type.Null()]),
    comments: Type.Array(Comment),
    attachments: Type.Array(Attachment),
    /** Actions created from it (the action plans issue links them; empty until then). */
    actionIds: Type.Array(Uuid),
  }),
]);
export type Declaration = Static<typeof Declaration>;

/** A row of GET /api/declarations. */
export const DeclarationSummary = Type.Object({
  id: Uuid,
  title: Type.String(),
  templateId: Uuid,
  templateName: Type.String(),
  templateIcon: TemplateIcon,
  siteId: Type.Union([Uuid, Type.Null()]),
  siteName: Type.Union([Type.String(), Type.Null()]),
  severity: Severity,
  status: Status,
  occurredAt: IsoDateTime,
  author: Actor,
  assignee: Type.Union([Actor, Type.Null()]),
  /** The first photo's thumbnail, when it has one. */
  thumbnailUrl: Type.Union([Type.String(), Type.Null()]),
  position: Type.Union([GpsPoint, Type.Null()]),
  version: Type.Integer({ minimum: 1 }),
  updatedAt: IsoDateTime,
});
export type DeclarationSummary = Static<typeof DeclarationSummary>;

export const DECLARATION_SORTS = ['-occurredAt', 'occurredAt', '-severity', 'severity', 'title', '-title', '-updatedAt'] as const;
export type DeclarationSort = (typeof DECLARATION_SORTS)[number];

/** A filter of several comma-separated values. */
const csv = () => Type.String({ minLength: 1, maxLength: 2000 });

/**
 * GET /api/declarations?search=&cursor=&limit=&sort=&template=&site=&severity=&status=&author=&assignee=&from=&to=
 * (and GET /api/declarations/export.csv with the same filters). Several values of one filter
 * are comma-separated ids or names of SEVERITIES / STATUSES (400 for an unknown one). Every
 * member with `declarations.read` sees the district's declarations (a leak already reported
 * is not reported twice); only its author (while new) and managers change one.
 */
export const DeclarationListQuery = Type.Object(
  {
    ...ListQueryBase,
    sort: Type.Optional(Type.Union([Type.Literal('-occurredAt'), Type.Literal('occurredAt'), Type.Literal('-severity'), Type.Literal('severity'), Type.Literal('title'), Type.Literal('-title'), Type.Literal('-updatedAt')])),
    template: Type.Optional(csv()),
    site: Type.Optional(csv()),
    severity: Type.Optional(csv()),
    status: Type.Optional(csv()),
    author: Type.Optional(Uuid),
    assignee: Type.Optional(Uuid),
    /** occurredAt from (inclusive) and to (exclusive). */
    from: Type.Optional(IsoDateTime),
    to: Type.Optional(IsoDateTime),
  },
  { additionalProperties: false },
);
export type DeclarationListQuery = Static<typeof DeclarationListQuery>;
export const DeclarationPage = Page(DeclarationSummary);

/** GET /api/declarations/sites: the reporter's site picker (common/schemas/site-choices.ts). */
