/**
 * The Sharing bank's API contract (routes under /api/sharing-bank), written once: the district's
 * library of reference resources (procedures, instructions, posters, documents, and templates of
 * questionnaires and declaration types), each published to the district's members or to chosen
 * groups of them, read and acknowledged per version (a new version asks again), with reminders to
 * those who have not acknowledged; the groups (a named list of the district's members, managed
 * here); the templates other districts of the same client share, imported as a copy.
 * Server module: server/src/modules/sharingBank/; screens: src/features/sharingBank/.
 */
import Type, { type Static } from 'typebox';
import { Attachment, CreateBody, IsoDateTime, RecordMeta, UpdateBody, Uuid } from '../../schemas/platform';
import { RESOURCE_KINDS } from './kinds';

export const RESOURCE_TITLE_MAX = 200;
export const RESOURCE_DESCRIPTION_MAX = 10_000;
export const RESOURCE_TAGS_MAX = 20;
export const RESOURCE_TAG_MAX = 40;
export const GROUP_NAME_MAX = 100;
export const GROUP_MEMBERS_MAX = 1000;
/** A scheduled reminder goes at most this many days after publication. */
export const REMIND_AFTER_MAX = 365;
/** Resources one library answer holds at most (a district's library has tens to a few hundred). */
export const LIBRARY_MAX = 2000;

// The kinds' list is in ./kinds.ts (no schema: the app's route table reads it).
export { RESOURCE_KINDS };
export const ResourceKind = Type.Union([
  Type.Literal('procedure'),
  Type.Literal('instruction'),
  Type.Literal('poster'),
  Type.Literal('document'),
  Type.Literal('questionnaireTemplate'),
  Type.Literal('declarationType'),
]);
export type ResourceKind = (typeof RESOURCE_KINDS)[number];
/** The kinds that carry a copy of a template's definition, shared with the client's other districts. */
export const TEMPLATE_KINDS = ['questionnaireTemplate', 'declarationType'] as const satisfies readonly ResourceKind[];
export const isTemplateKind = (kind: ResourceKind): kind is (typeof TEMPLATE_KINDS)[number] => (TEMPLATE_KINDS as readonly string[]).includes(kind);

export const AUDIENCES = ['district', 'groups'] as const;
export const Audience = Type.Union([Type.Literal('district'), Type.Literal('groups')]);
export type Audience = (typeof AUDIENCES)[number];

// ---------------------------------------------------------------- groups

export const GroupFields = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: GROUP_NAME_MAX, pattern: '\\S' }),
    /** Accounts, members of the district. */
    memberIds: Type.Array(Uuid, { maxItems: GROUP_MEMBERS_MAX, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type GroupFields = Static<typeof GroupFields>;
export const GroupCreate = CreateBody(GroupFields, ['name']);
export type GroupCreate = Static<typeof GroupCreate>;
export const GroupUpdate = UpdateBody(Type.Partial(GroupFields, { additionalProperties: false, minProperties: 1 }));
export type GroupUpdate = Static<typeof GroupUpdate>;
export const Group = Type.Object({ ...RecordMeta.properties, ...GroupFields.properties, memberNames: Type.Array(Type.Object({ id: Uuid, name: Type.String() })) });
export type Group = Static<typeof Group>;
export const GroupListQuery = Type.Object({ deleted: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])) }, { additionalProperties: false });

// ---------------------------------------------------------------- resources

const Tag = Type.String({ minLength: 1, maxLength: RESOURCE_TAG_MAX, pattern: '\\S' });

export const ResourceFields = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: RESOURCE_TITLE_MAX, pattern: '\\S' }),
    kind: ResourceKind,
    description: Type.String({ maxLength: RESOURCE_DESCRIPTION_MAX }),
    tags: Type.Array(Tag, { maxItems: RESOURCE_TAGS_MAX }),
    /** `district`: every member with the read right; `groups`: the members of `groupIds`. */
    audience: Audience,
    groupIds: Type.Array(Uuid, { maxItems: 50, uniqueItems: true }),
    /** A reminder to those who have not acknowledged, this many days after each publication (null: none). */
    remindAfterDays: Type.Union([Type.Integer({ minimum: 1, maximum: REMIND_AFTER_MAX }), Type.Null()]),
    /** The template copied (a questionnaire template or a declaration type of the district): template kinds only. */
    sourceId: Type.Union([Uuid, Type.Null()]),
  },
  { additionalProperties: false },
);
export type ResourceFields = Static<typeof ResourceFields>;
export const RESOURCE_FIELDS = ['title', 'kind', 'description', 'tags', 'audience', 'groupIds', 'remindAfterDays', 'sourceId'] as const satisfies readonly (keyof ResourceFields)[];

/** POST /api/sharing-bank/resources (Idempotency-Key): published at once, version 1. */
export const ResourceCreate = CreateBody(ResourceFields, ['title', 'kind']);
export type ResourceCreate = Static<typeof ResourceCreate>;
/** PATCH: an edit (no new reading asked); the kind and the template stay. */
export const ResourceUpdate = UpdateBody(Type.Partial(Type.Omit(ResourceFields, ['kind', 'sourceId']), { additionalProperties: false, minProperties: 1 }));
export type ResourceUpdate = Static<typeof ResourceUpdate>;
/** POST /resources/:id/publish: a new version, acknowledged again by everyone (a template copied again). */
export const NewVersionBody = Type.Object({ baseVersion: Type.Integer({ minimum: 1 }), note: Type.Optional(Type.String({ maxLength: 500 })) }, { additionalProperties: false });
export type NewVersionBody = Static<typeof NewVersionBody>;

/** The caller's reading of the current version. */
export const MyReading = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  openedAt: Type.Union([IsoDateTime, Type.Null()]),
  acknowledgedAt: Type.Union([IsoDateTime, Type.Null()]),
  /** The caller is in the audience (an admin reads resources it is not asked to acknowledge). */
  asked: Type.Boolean(),
});
export type MyReading = Static<typeof MyReading>;

const ResourceState = {
  /** The published version readers acknowledge (1, then one more per new version). */
  currentVersion: Type.Integer({ minimum: 1 }),
  publishedAt: IsoDateTime,
  /** `client`: a template, seen by the client's other districts too. */
  scope: Type.Union([Type.Literal('district'), Type.Literal('client')]),
  mine: MyReading,
  /** Acknowledgements of the current version among the audience (managers only; null otherwise). */
  acknowledged: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  audienceCount: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  fileCount: Type.Integer({ minimum: 0 }),
};

export const Resource = Type.Object({
  ...RecordMeta.properties,
  ...ResourceFields.properties,
  ...ResourceState,
  /** The template's definition as copied at the current version (template kinds). */
  template: Type.Union([Type.Unknown(), Type.Null()]),
  files: Type.Array(Attachment),
});
export type Resource = Static<typeof Resource>;

/** A resource as the library lists it. */
export const ResourceRow = Type.Object({
  id: Uuid,
  version: Type.Integer({ minimum: 1 }),
  title: Type.String(),
  kind: ResourceKind,
  description: Type.String(),
  tags: Type.Array(Type.String()),
  audience: Audience,
  groupIds: Type.Array(Uuid),
  updatedAt: IsoDateTime,
  deletedAt: Type.Union([IsoDateTime, Type.Null()]),
  ...ResourceState,
});
export type ResourceRow = Static<typeof ResourceRow>;
export const ResourceListQuery = Type.Object({ deleted: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])) }, { additionalProperties: false });

/** POST /resources/:id/acknowledge: the version the reader read (an offline acknowledgement of an older one stays that one's). */
export const AcknowledgeBody = Type.Object({ version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export type AcknowledgeBody = Static<typeof AcknowledgeBody>;
export const OpenBody = AcknowledgeBody;

// ---------------------------------------------------------------- the acknowledgement board

export const BoardRow = Type.Object({
  accountId: Uuid,
  name: Type.String(),
  openedAt: Type.Union([IsoDateTime, Type.Null()]),
  acknowledgedAt: Type.Union([IsoDateTime, Type.Null()]),
  /** The last version this member acknowledged, when not the current one. */
  lastAcknowledgedVersion: Type.Union([Type.Integer(), Type.Null()]),
});
export type BoardRow = Static<typeof BoardRow>;
export const Reminder = Type.Object({ kind: Type.Union([Type.Literal('manual'), Type.Literal('scheduled')]), sentAt: IsoDateTime, count: Type.Integer({ minimum: 0 }) });
export type Reminder = Static<typeof Reminder>;
export const Board = Type.Object({
  resourceId: Uuid,
  title: Type.String(),
  currentVersion: Type.Integer({ minimum: 1 }),
  publishedAt: IsoDateTime,
  rows: Type.Array(BoardRow),
  /** The reminders of the current version (each kind once). */
  reminders: Type.Array(Reminder),
});
export type Board = Static<typeof Board>;
export const RemindAnswer = Type.Object({ sent: Type.Integer({ minimum: 0 }), reminder: Reminder });
export type RemindAnswer = Static<typeof RemindAnswer>;

export const Member = Type.Object({ id: Uuid, name: Type.String() });
export type Member = Static<typeof Member>;

// ---------------------------------------------------------------- shared templates

export const SharedTemplate = Type.Object({
  id: Uuid,
  title: Type.String(),
  kind: ResourceKind,
  description: Type.String(),
  tags: Type.Array(Type.String()),
  currentVersion: Type.Integer({ minimum: 1 }),
  publishedAt: IsoDateTime,
  districtId: Uuid,
  districtName: Type.String(),
  /** The copy already made in the caller's district (its template's id), if any. */
  importedAs: Type.Union([Uuid, Type.Null()]),
  /** Whether the caller may import it (the target module's manage right). */
  canImport: Type.Boolean(),
});
export type SharedTemplate = Static<typeof SharedTemplate>;
/** POST /shared-templates/:id/import: `id` is the new template's, the device's (a replay creates nothing more). */
export const ImportBody = Type.Object({ id: Uuid }, { additionalProperties: false });
export type ImportBody = Static<typeof ImportBody>;
export const ImportAnswer = Type.Object({ resourceId: Uuid, kind: ResourceKind, templateId: Uuid, name: Type.String(), created: Type.Boolean() });
export type ImportAnswer = Static<typeof ImportAnswer>;

/** A resource's page in the app (notifications open it). */
export const resourcePagePath = (id: string): string => `/sharing-bank/sharingBankView/${id}`;
