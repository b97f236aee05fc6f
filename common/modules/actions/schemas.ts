/**
 * The actions' API contract (routes under /api/actions), one source for the server
 * and the screens of both modules that show actions: Action plans (prefix actionPlan: the plans
 * and the actions) and Actions V3 (prefix actionsV3: the actions made from templates, and the
 * templates). Who may do what is ./access.ts, the status workflow ./workflow.ts; the choices are
 * in docs/actions.md.
 *
 * Four kinds of records:
 * - an action: corrective work with a site, a source (a declaration, an inspection's failed
 *   item, or none), an assignee, a due date, a priority and a status, followed to a proof of
 *   closure (the photo or the note it requires), with comments, photos and its history;
 * - a comment on an action (append-only);
 * - an action plan: a named set of actions (for a site, an audit, a year) with an owner and its
 *   progress;
 * - an action template (actionsV3-templates): a prefilled title, description, priority, delay
 *   to the due date and required proof.
 */
import Type, { type Static } from 'typebox';
import { Actor, Attachment, IsoDateTime, ListQueryBase, Page, RecordMeta, UpdateBody, Uuid } from '../../schemas/platform';
import type { ActionStatus as StatusWord } from './statuses';

export const TITLE_MAX = 200;
export const TEXT_MAX = 10_000;
export const COMMENT_MAX = 4_000;
export const PLAN_NAME_MAX = 120;
export const TEMPLATE_NAME_MAX = 120;
/** A template's delay to the due date, in days. */
export const DUE_IN_DAYS_MAX = 365;
/** Photos of one action (the proof among them). */
export const ACTION_PHOTOS_MAX = 20;
/** Days before its due date an action's assignee is reminded (the reminder job, server). */
export const ACTION_REMIND_DAYS = 2;

/** A calendar date (YYYY-MM-DD): an action is due on a day, not at an hour. */
export const DateOnly = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });
const Title = Type.String({ minLength: 1, maxLength: TITLE_MAX, pattern: '\\S' });

export { ACTION_STATUSES, OPEN_STATUSES } from './statuses';
export const ActionStatus = Type.Union([Type.Literal('todo'), Type.Literal('inProgress'), Type.Literal('done'), Type.Literal('verified'), Type.Literal('cancelled')]);
export type ActionStatus = StatusWord;

export const PRIORITIES = ['low', 'normal', 'high', 'critical'] as const;
export const Priority = Type.Union([Type.Literal('low'), Type.Literal('normal'), Type.Literal('high'), Type.Literal('critical')]);
export type Priority = (typeof PRIORITIES)[number];

/** What closing requires: at least one photo on the action, a closing note. */
export const Proof = Type.Object({ photo: Type.Boolean(), note: Type.Boolean() }, { additionalProperties: false });
export type Proof = Static<typeof Proof>;

/** Where an action comes from: a declaration, an inspection's failed item, an item of equipment's failed check (made by the check alone). */
export const SOURCE_KINDS = ['declaration', 'inspection', 'equipment'] as const;
export const SourceKind = Type.Union([Type.Literal('declaration'), Type.Literal('inspection'), Type.Literal('equipment')]);
export type SourceKind = (typeof SOURCE_KINDS)[number];

/**
 * Where an action comes from, as written: a declaration, or a submitted inspection's failed
 * item (its question key). Checked by the server: the record is in the district (and, for an
 * item, the inspection is submitted and the item is one of its failed items).
 */
export const SourceRef = Type.Union([
  Type.Object({ kind: Type.Literal('declaration'), id: Uuid }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('inspection'), id: Uuid, questionKey: Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$' }) }, { additionalProperties: false }),
]);
export type SourceRef = Static<typeof SourceRef>;

/** The source as the action shows it (its label is the declaration's title, or the template and the item's question). */
export const Source = Type.Object({
  kind: SourceKind,
  id: Uuid,
  questionKey: Type.Union([Type.String(), Type.Null()]),
  label: Type.String(),
});
export type Source = Static<typeof Source>;

// ---------------------------------------------------------------- actions

/** What a manager edits on an action (PATCH). */
export const ActionFields = Type.Object(
  {
    title: Title,
    description: Type.String({ maxLength: TEXT_MAX }),
    siteId: Type.Union([Uuid, Type.Null()]),
    planId: Type.Union([Uuid, Type.Null()]),
    assigneeId: Type.Union([Uuid, Type.Null()]),
    dueOn: Type.Union([DateOnly, Type.Null()]),
    priority: Priority,
    proof: Proof,
  },
  { additionalProperties: false },
);
export type ActionFields = Static<typeof ActionFields>;

/**
 * POST /api/actions (Idempotency-Key): by a manager (any assignee), or by anyone who may see
 * the source for itself (its own work: the assignee is the caller). `templateId` names the
 * template it was made from (its fields come prefilled in the app; the server keeps the link).
 */
export const ActionCreate = Type.Object(
  {
    id: Uuid,
    ...ActionFields.properties,
    templateId: Type.Optional(Type.Union([Uuid, Type.Null()])),
    source: Type.Optional(Type.Union([SourceRef, Type.Null()])),
  },
  { additionalProperties: false },
);
export type ActionCreate = Static<typeof ActionCreate>;

/** PATCH /api/actions/:id: managers (409 `record.version_conflict` with the current action on a stale base). */
export const ActionUpdate = UpdateBody(Type.Partial(ActionFields, { additionalProperties: false, minProperties: 1 }));
export type ActionUpdate = Static<typeof ActionUpdate>;

/**
 * POST /api/actions/:id/status (Idempotency-Key): a move in the workflow (./workflow.ts says
 * which, for whom). No base version: a status move is checked against the action's status when
 * it arrives, so a field user's offline close is not refused because a manager moved the due
 * date meanwhile. A move the workflow refuses from the current status is a 409
 * `actions.transition_not_allowed` with the current action; closing (`done`) without the proof
 * the action requires is a 400 `actions.proof_required` (`photo` or `note`).
 */
export const ActionTransition = Type.Object(
  {
    status: ActionStatus,
    /** The closing note (the proof when a note is required), or why it was reopened or cancelled. */
    note: Type.Optional(Type.String({ maxLength: TEXT_MAX })),
    /** When it was done on the device (offline closes keep their time). */
    at: IsoDateTime,
  },
  { additionalProperties: false },
);
export type ActionTransition = Static<typeof ActionTransition>;

/** POST /api/actions/:id/comments (Idempotency-Key): the assignee, the author, or a manager. */
export const CommentCreate = Type.Object(
  { id: Uuid, text: Type.String({ minLength: 1, maxLength: COMMENT_MAX, pattern: '\\S' }), at: IsoDateTime },
  { additionalProperties: false },
);
export type CommentCreate = Static<typeof CommentCreate>;

export const Comment = Type.Object({ id: Uuid, text: Type.String(), at: IsoDateTime, by: Actor });
export type Comment = Static<typeof Comment>;

/** A status move as the action's timeline shows it. */
export const StatusChange = Type.Object({ from: ActionStatus, to: ActionStatus, at: IsoDateTime, by: Actor, note: Type.Union([Type.String(), Type.Null()]) });
export type StatusChange = Static<typeof StatusChange>;

/** GET /api/actions/:id */
export const Action = Type.Intersect([
  RecordMeta,
  ActionFields,
  Type.Object({
    status: ActionStatus,
    siteName: Type.Union([Type.String(), Type.Null()]),
    planName: Type.Union([Type.String(), Type.Null()]),
    assignee: Type.Union([Actor, Type.Null()]),
    templateId: Type.Union([Uuid, Type.Null()]),
    source: Type.Union([Source, Type.Null()]),
    /** Open and its due date passed (the server's today in the district's time zone). */
    overdue: Type.Boolean(),
    closingNote: Type.Union([Type.String(), Type.Null()]),
    doneAt: Type.Union([IsoDateTime, Type.Null()]),
    doneBy: Type.Union([Actor, Type.Null()]),
    verifiedAt: Type.Union([IsoDateTime, Type.Null()]),
    verifiedBy: Type.Union([Actor, Type.Null()]),
    attachments: Type.Array(Attachment),
    comments: Type.Array(Comment),
    statusChanges: Type.Array(StatusChange),
  }),
]);
export type Action = Static<typeof Action>;

/** A row of GET /api/actions. */
export const ActionSummary = Type.Object({
  id: Uuid,
  title: Type.String(),
  status: ActionStatus,
  priority: Priority,
  dueOn: Type.Union([DateOnly, Type.Null()]),
  overdue: Type.Boolean(),
  siteId: Type.Union([Uuid, Type.Null()]),
  siteName: Type.Union([Type.String(), Type.Null()]),
  assignee: Type.Union([Actor, Type.Null()]),
  planId: Type.Union([Uuid, Type.Null()]),
  planName: Type.Union([Type.String(), Type.Null()]),
  source: Type.Union([Source, Type.Null()]),
  proof: Proof,
  photoCount: Type.Integer({ minimum: 0 }),
  commentCount: Type.Integer({ minimum: 0 }),
  version: Type.Integer({ minimum: 1 }),
  updatedAt: IsoDateTime,
  deletedAt: Type.Union([IsoDateTime, Type.Null()]),
});
export type ActionSummary = Static<typeof ActionSummary>;

/** Sorts of the list: due date (none last), priority (critical first), last change. */
export const ACTION_SORTS = ['dueOn', '-dueOn', '-priority', '-updatedAt'] as const;
export type ActionSort = (typeof ACTION_SORTS)[number];
/** Due periods of the list's filter, from the server's today. */
export const DUE_PERIODS = ['overdue', 'today', 'week', 'month', 'none'] as const;
export type DuePeriod = (typeof DUE_PERIODS)[number];

/**
 * GET /api/actions?search=&cursor=&limit=&sort=&status=&priority=&assignee=&mine=&site=&plan=&template=&source=&sourceId=&due=&from=&to=&deleted=
 * (and GET /api/actions/export.csv with the same filters). `status`, `priority`, `site` and
 * `plan` take comma-separated values; `source` is `declaration`, `inspection` or `none`;
 * `sourceId` the declaration's or inspection's id (their sheets list their actions with it);
 * `due` a period of DUE_PERIODS; `from`/`to` bound the due date; `mine=true` the caller's own
 * (assigned to it). Overdue first by default ("my actions"). A member with the read right sees
 * its own work only (assigned to it or created by it); a manager sees the district's.
 */
export const ActionListQuery = Type.Object(
  {
    ...ListQueryBase,
    sort: Type.Optional(Type.Union([Type.Literal('dueOn'), Type.Literal('-dueOn'), Type.Literal('-priority'), Type.Literal('-updatedAt')])),
    status: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    priority: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    assignee: Type.Optional(Uuid),
    mine: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
    site: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    plan: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    template: Type.Optional(Uuid),
    source: Type.Optional(Type.Union([Type.Literal('declaration'), Type.Literal('inspection'), Type.Literal('equipment'), Type.Literal('none')])),
    sourceId: Type.Optional(Uuid),
    due: Type.Optional(Type.Union([Type.Literal('overdue'), Type.Literal('today'), Type.Literal('week'), Type.Literal('month'), Type.Literal('none')])),
    from: Type.Optional(DateOnly),
    to: Type.Optional(DateOnly),
    deleted: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  },
  { additionalProperties: false },
);
export type ActionListQuery = Static<typeof ActionListQuery>;
export const ActionPage = Page(ActionSummary);

// ---------------------------------------------------------------- action plans

export const PlanFields = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: PLAN_NAME_MAX, pattern: '\\S' }),
    description: Type.String({ maxLength: TEXT_MAX }),
    siteId: Type.Union([Uuid, Type.Null()]),
    ownerId: Uuid,
    /** The period it covers (an audit's month, a year), both optional. */
    startOn: Type.Union([DateOnly, Type.Null()]),
    endOn: Type.Union([DateOnly, Type.Null()]),
  },
  { additionalProperties: false },
);
export type PlanFields = Static<typeof PlanFields>;

/** POST /api/actions/plans (Idempotency-Key; action-plans manage right). */
export const PlanCreate = Type.Object({ id: Uuid, ...PlanFields.properties }, { additionalProperties: false });
export type PlanCreate = Static<typeof PlanCreate>;
/** PATCH /api/actions/plans/:id */
export const PlanUpdate = UpdateBody(Type.Partial(PlanFields, { additionalProperties: false, minProperties: 1 }));
export type PlanUpdate = Static<typeof PlanUpdate>;

/** A plan's progress: its actions (cancelled ones left out), the done ones (done or verified), the overdue ones. */
export const PlanProgress = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  done: Type.Integer({ minimum: 0 }),
  overdue: Type.Integer({ minimum: 0 }),
  /** done / total, 0 to 100; null without actions. */
  percent: Type.Union([Type.Number(), Type.Null()]),
});
export type PlanProgress = Static<typeof PlanProgress>;

/** GET /api/actions/plans/:id (its actions: GET /api/actions?plan=<id>). */
export const Plan = Type.Intersect([
  RecordMeta,
  PlanFields,
  Type.Object({ siteName: Type.Union([Type.String(), Type.Null()]), owner: Actor, progress: PlanProgress }),
]);
export type Plan = Static<typeof Plan>;

export const PlanSummary = Type.Object({
  id: Uuid,
  name: Type.String(),
  siteId: Type.Union([Uuid, Type.Null()]),
  siteName: Type.Union([Type.String(), Type.Null()]),
  owner: Actor,
  startOn: Type.Union([DateOnly, Type.Null()]),
  endOn: Type.Union([DateOnly, Type.Null()]),
  progress: PlanProgress,
  version: Type.Integer({ minimum: 1 }),
  updatedAt: IsoDateTime,
  deletedAt: Type.Union([IsoDateTime, Type.Null()]),
});
export type PlanSummary = Static<typeof PlanSummary>;

/** GET /api/actions/plans?search=&cursor=&limit=&site=&owner=&deleted= (by name). */
export const PlanListQuery = Type.Object(
  {
    ...ListQueryBase,
    site: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    owner: Type.Optional(Uuid),
    deleted: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  },
  { additionalProperties: false },
);
export type PlanListQuery = Static<typeof PlanListQuery>;
export const PlanPage = Page(PlanSummary);

// ---------------------------------------------------------------- action templates (actionsV3)

export const ActionTemplateFields = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: TEMPLATE_NAME_MAX, pattern: '\\S' }),
    title: Title,
    description: Type.String({ maxLength: TEXT_MAX }),
    priority: Priority,
    /** Days from the action's creation to its due date; null: no due date. */
    dueInDays: Type.Union([Type.Integer({ minimum: 0, maximum: DUE_IN_DAYS_MAX }), Type.Null()]),
    proof: Proof,
  },
  { additionalProperties: false },
);
export type ActionTemplateFields = Static<typeof ActionTemplateFields>;

/** POST /api/actions/templates (Idempotency-Key; actionsV3-templates manage right). */
export const ActionTemplateCreate = Type.Object({ id: Uuid, ...ActionTemplateFields.properties }, { additionalProperties: false });
export type ActionTemplateCreate = Static<typeof ActionTemplateCreate>;
export const ActionTemplateUpdate = UpdateBody(Type.Partial(ActionTemplateFields, { additionalProperties: false, minProperties: 1 }));
export type ActionTemplateUpdate = Static<typeof ActionTemplateUpdate>;

/** GET /api/actions/templates/:id, and the rows of GET /api/actions/templates?search=&cursor=&limit=&deleted= (by name). */
export const ActionTemplate = Type.Intersect([RecordMeta, ActionTemplateFields, Type.Object({ usageCount: Type.Integer({ minimum: 0 }) })]);
export type ActionTemplate = Static<typeof ActionTemplate>;
export const ActionTemplateListQuery = Type.Object(
  { ...ListQueryBase, deleted: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])) },
  { additionalProperties: false },
);
export type ActionTemplateListQuery = Static<typeof ActionTemplateListQuery>;
export const ActionTemplatePage = Page(ActionTemplate);

/** GET /api/actions/members?search=: the district's members an action can be assigned to (at most MEMBER_CHOICES_MAX). */
export const MEMBER_CHOICES_MAX = 30;
export const MemberChoicesQuery = Type.Object({ search: ListQueryBase.search }, { additionalProperties: false });
export type MemberChoicesQuery = Static<typeof MemberChoicesQuery>;

/** An action's page in the app (links of the reminders' bells and e-mails, the calendar and its iCal feed). */
export const actionPagePath = (id: string): string => `/actionPlan/actions/${id}`;

/** The socket's module names of these records (records:changed). */
export { ACTIONS_MODULE, ACTION_TEMPLATES_MODULE, PLANS_MODULE } from './names';
