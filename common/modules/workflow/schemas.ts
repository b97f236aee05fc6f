/**
 * The workflows' API contract (routes under /api/workflow), written once: versioned definitions
 * (states, transitions, who may make each, N-of-M approvals with an optional sequence, required
 * fields or a signature, deadlines with a reminder and an escalation), instances that keep the
 * version they started with, their history, the inbox of what waits on a person, and delegations
 * while away. Server module: server/src/modules/workflow/; screens: src/features/workflow/.
 */
import Type, { type Static } from 'typebox';
import { Uuid } from '../../schemas/platform';

export const WORKFLOW_NAME_MAX = 200;
export const WORKFLOW_REASON_MAX = 2000;
export const WORKFLOW_STATES_MAX = 30;
export const WORKFLOW_TRANSITIONS_MAX = 60;
/** Instances in one page of a list or of the inbox. */
export const WORKFLOW_PAGE = 50;
export { WORKFLOW_DEFINITIONS_MODULE, WORKFLOW_INSTANCES_MODULE } from './names';

const Key = Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z][A-Za-z0-9_]*$' });
/** A text in both languages (definitions are read in each reader's language). */
export const Label = Type.Object({ fr: Type.String({ minLength: 1, maxLength: 120 }), en: Type.String({ minLength: 1, maxLength: 120 }) }, { additionalProperties: false });
export type Label = Static<typeof Label>;

/** The roles a record gives (the record's registry in the server: its assignee, its site's manager), and whoever started the instance. */
export const ROLES = ['assignee', 'siteManager', 'starter'] as const;
export type Role = (typeof ROLES)[number];

/** Who may make a transition: anyone holding a right, a role on the record, or named people. */
export const Actor = Type.Union([
  Type.Object({ type: Type.Literal('right'), right: Type.String({ minLength: 1, maxLength: 80 }) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('role'), role: Type.Union([Type.Literal('assignee'), Type.Literal('siteManager'), Type.Literal('starter')]) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('people'), accountIds: Type.Array(Uuid, { minItems: 1, maxItems: 30 }) }, { additionalProperties: false }),
]);
export type Actor = Static<typeof Actor>;

export const WorkflowStateDef = Type.Object(
  {
    key: Key,
    label: Label,
    final: Type.Optional(Type.Boolean()),
    /** A deadline after entering the state: a reminder to who must act at `remindHours`, an escalation at `deadlineHours`. */
    deadlineHours: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 * 365 })),
    remindHours: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 * 365 })),
    escalateTo: Type.Optional(Type.Array(Actor, { maxItems: 5 })),
  },
  { additionalProperties: false },
);
export type WorkflowStateDef = Static<typeof WorkflowStateDef>;

/** The records a field may name instead of a text (the server's registry reads them): an outside company of the third parties V2. */
export const FIELD_REFERENCES = ['thirdPartyV2.company'] as const;
export type FieldReference = (typeof FIELD_REFERENCES)[number];

/** A field the transition asks for: a text, or with `ref` the id of a record of that kind in the district (its title kept in the history). */
export const RequiredField = Type.Object({ key: Key, label: Label, ref: Type.Optional(Type.Literal('thirdPartyV2.company')) }, { additionalProperties: false });
export type RequiredField = Static<typeof RequiredField>;

export const WorkflowTransitionDef = Type.Object(
  {
    key: Key,
    from: Key,
    to: Key,
    label: Label,
    actors: Type.Array(Actor, { minItems: 1, maxItems: 10 }),
    /** N of M: the transition is made when `required` of the actors approved it; `sequence`: the named people in their order. */
    approvals: Type.Optional(Type.Object({ required: Type.Integer({ minimum: 1, maximum: 30 }), sequence: Type.Optional(Type.Boolean()) }, { additionalProperties: false })),
    requiredFields: Type.Optional(Type.Array(RequiredField, { maxItems: 10 })),
    signature: Type.Optional(Type.Boolean()),
    /** A refusal: the reason is required. */
    reasonRequired: Type.Optional(Type.Boolean()),
    /** Not before this many minutes in the state (the end-of-work check two hours after the work). */
    notBeforeMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 60 * 24 * 30 })),
  },
  { additionalProperties: false },
);
export type WorkflowTransitionDef = Static<typeof WorkflowTransitionDef>;

export const WorkflowSpec = Type.Object(
  {
    initial: Key,
    states: Type.Array(WorkflowStateDef, { minItems: 2, maxItems: WORKFLOW_STATES_MAX }),
    transitions: Type.Array(WorkflowTransitionDef, { minItems: 1, maxItems: WORKFLOW_TRANSITIONS_MAX }),
  },
  { additionalProperties: false },
);
export type WorkflowSpec = Static<typeof WorkflowSpec>;

/** The record kinds a definition may attach to (the server's registry answers which exist); null: a standalone instance (a permit). */
export const Target = Type.Union([Type.Null(), Type.String({ minLength: 1, maxLength: 60, pattern: '^[A-Za-z][A-Za-z0-9_.]*$' })]);

export const Definition = Type.Object({
  id: Uuid,
  name: Type.String(),
  target: Target,
  /** The published version (0: never published). */
  currentVersion: Type.Integer(),
  /** The draft being edited: published as the next version. */
  draft: WorkflowSpec,
  /** The published version's spec. */
  published: Type.Union([WorkflowSpec, Type.Null()]),
  running: Type.Integer(),
  version: Type.Integer(),
  updatedAt: Type.String(),
});
export type Definition = Static<typeof Definition>;

export const DefinitionCreate = Type.Object(
  { id: Uuid, name: Type.String({ minLength: 1, maxLength: WORKFLOW_NAME_MAX, pattern: '\\S' }), target: Target, draft: WorkflowSpec },
  { additionalProperties: false },
);
export type DefinitionCreate = Static<typeof DefinitionCreate>;
export const DefinitionUpdate = Type.Object(
  { name: Type.Optional(Type.String({ minLength: 1, maxLength: WORKFLOW_NAME_MAX, pattern: '\\S' })), draft: Type.Optional(WorkflowSpec) },
  { additionalProperties: false },
);
export type DefinitionUpdate = Static<typeof DefinitionUpdate>;

export const INSTANCE_STATUSES = ['open', 'done'] as const;

export const Step = Type.Object({
  id: Uuid,
  at: Type.String(),
  kind: Type.Union([Type.Literal('start'), Type.Literal('transition'), Type.Literal('approval'), Type.Literal('reminder'), Type.Literal('escalation')]),
  transition: Type.Union([Type.String(), Type.Null()]),
  fromState: Type.Union([Type.String(), Type.Null()]),
  toState: Type.Union([Type.String(), Type.Null()]),
  actorId: Type.Union([Uuid, Type.Null()]),
  actorName: Type.String(),
  /** "X for Y": the person a delegate acted for. */
  onBehalfOfName: Type.Union([Type.String(), Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
  fields: Type.Record(Type.String(), Type.String()),
  /** The ids of the records the fields with a `ref` named (their titles are in `fields`). */
  refs: Type.Record(Type.String(), Uuid),
  signed: Type.Boolean(),
});
export type Step = Static<typeof Step>;

/** A transition as the reader sees it: may they make it now, and if not, why. */
export const Move = Type.Object({
  key: Type.String(),
  label: Label,
  to: Type.String(),
  allowed: Type.Boolean(),
  /** The i18n key of why not (common.json workflow.*). */
  blocked: Type.Union([Type.String(), Type.Null()]),
  approvals: Type.Union([Type.Object({ required: Type.Integer(), given: Type.Integer(), sequence: Type.Boolean() }), Type.Null()]),
  requiredFields: Type.Array(RequiredField),
  signature: Type.Boolean(),
  reasonRequired: Type.Boolean(),
  notBefore: Type.Union([Type.String(), Type.Null()]),
});
export type Move = Static<typeof Move>;

export const InstanceSummary = Type.Object({
  id: Uuid,
  title: Type.String(),
  definitionId: Uuid,
  definitionName: Type.String(),
  definitionVersion: Type.Integer(),
  state: Type.String(),
  stateLabel: Label,
  status: Type.Union([Type.Literal('open'), Type.Literal('done')]),
  target: Target,
  recordId: Type.Union([Uuid, Type.Null()]),
  stateEnteredAt: Type.String(),
  updatedAt: Type.String(),
  version: Type.Integer(),
});
export type InstanceSummary = Static<typeof InstanceSummary>;

export const Instance = Type.Intersect([
  InstanceSummary,
  Type.Object({
    spec: WorkflowSpec,
    startedByName: Type.String(),
    /** Who must act now (names). */
    waitingOn: Type.Array(Type.String()),
    moves: Type.Array(Move),
    history: Type.Array(Step),
  }),
]);
export type Instance = Static<typeof Instance>;

/**
 * A page read by key: `nextCursor` names where the next page starts (null: the last page), so
 * pages never repeat nor skip an item while others change; `total` comes with the first page only.
 */
const Cursor = Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' });
const NextCursor = Type.Union([Cursor, Type.Null()]);

export const InstancePage = Type.Object({ items: Type.Array(InstanceSummary), total: Type.Optional(Type.Integer()), nextCursor: NextCursor });
export type InstancePage = Static<typeof InstancePage>;

export const InstanceListQuery = Type.Object(
  {
    status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('done')])),
    definitionId: Type.Optional(Uuid),
    target: Type.Optional(Type.String({ maxLength: 60 })),
    recordId: Type.Optional(Uuid),
    cursor: Type.Optional(Cursor),
  },
  { additionalProperties: false },
);
export type InstanceListQuery = Static<typeof InstanceListQuery>;

export const InstanceStart = Type.Object(
  {
    id: Uuid,
    definitionId: Uuid,
    title: Type.String({ minLength: 1, maxLength: WORKFLOW_NAME_MAX, pattern: '\\S' }),
    recordId: Type.Optional(Uuid),
    /** When the user started it (offline: earlier than it arrives). */
    at: Type.Optional(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false },
);
export type InstanceStart = Static<typeof InstanceStart>;

export const TransitionBody = Type.Object(
  {
    transition: Key,
    /** The state the user saw: a transition sent offline is refused if the instance moved on. */
    fromState: Key,
    reason: Type.Optional(Type.String({ maxLength: WORKFLOW_REASON_MAX })),
    fields: Type.Optional(Type.Record(Type.String({ maxLength: 40 }), Type.String({ maxLength: 2000 }), { maxProperties: 10 })),
    /** A signature drawn on the device (a PNG data URL). */
    signature: Type.Optional(Type.String({ maxLength: 300_000, pattern: '^data:image/png;base64,' })),
    at: Type.Optional(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false },
);
export type TransitionBody = Static<typeof TransitionBody>;

export const InboxItem = Type.Intersect([InstanceSummary, Type.Object({ moves: Type.Array(Type.String()), forName: Type.Union([Type.String(), Type.Null()]) })]);
export type InboxItem = Static<typeof InboxItem>;
/** What waits on the reader, oldest first (the time each entered its state, then its id). */
export const InboxPage = Type.Object({ items: Type.Array(InboxItem), total: Type.Optional(Type.Integer()), nextCursor: NextCursor });
export type InboxPage = Static<typeof InboxPage>;
export const InboxQuery = Type.Object({ cursor: Type.Optional(Cursor) }, { additionalProperties: false });

export const Delegation = Type.Object({
  id: Uuid,
  delegateId: Uuid,
  delegateName: Type.String(),
  accountName: Type.String(),
  startsOn: Type.String(),
  endsOn: Type.String(),
});
export type Delegation = Static<typeof Delegation>;
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
export const DelegationCreate = Type.Object({ id: Uuid, delegateId: Uuid, startsOn: Day, endsOn: Day }, { additionalProperties: false });
export type DelegationCreate = Static<typeof DelegationCreate>;
export const Delegations = Type.Object({ mine: Type.Array(Delegation), forMe: Type.Array(Delegation), members: Type.Array(Type.Object({ id: Uuid, name: Type.String() })) });
export type Delegations = Static<typeof Delegations>;

export const TargetInfo = Type.Object({ target: Type.String(), label: Label });
/** What starting an instance needs, kept on the device: the record kinds, the published definitions with their spec (an instance started offline shows its first step at once). */
export const WorkflowMeta = Type.Object({ targets: Type.Array(TargetInfo), definitions: Type.Array(Type.Object({ id: Uuid, name: Type.String(), target: Target, currentVersion: Type.Integer(), spec: WorkflowSpec })) });
export type WorkflowMeta = Static<typeof WorkflowMeta>;

export const InboxCount = Type.Object({ count: Type.Integer() });

/** The app's address of an instance, and of an inbox item (the hash opens it). */
export const instancePath = (id: string) => `/workflow/workflow-view/${id}`;
export const inboxPath = (id: string) => `/notificationsWorkflowV2#${id}`;
