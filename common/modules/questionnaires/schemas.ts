/**
 * The Questionnaires module's API contract (routes under /api/questionnaires), one
 * source for the server and the screens. The filling rules (conditions, required answers,
 * scores, failed items) are ./engine.ts, shared by both sides; the choices are in
 * docs/questionnaires.md.
 *
 * Three kinds of records:
 * - a template (a checklist: sections of questions), of one family (`questionnary` or
 *   `securesphere`), built by its family's template managers. Every write is a new revision,
 *   kept: an inspection names the revision it was started with and is filled, scored and
 *   printed with it;
 * - a schedule (a template assigned to sites and people, once or recurring, with its reminders);
 * - an inspection (one filling of a template on a site by one person): to do, in progress,
 *   submitted. A submitted inspection is locked and its content hashed (shown on the report,
 *   chained with the district's other locked records).
 */
import Type, { type Static } from 'typebox';
import { API_PREFIX } from '../../constants';
import { Email } from '../../schemas/email';
import { Actor, Attachment, GpsPoint, IsoDateTime, ListQueryBase, Page, RecordMeta, UpdateBody, Uuid } from '../../schemas/platform';

import { HELP_MAX, LABEL_MAX, OPTIONS_MAX, PHOTOS_PER_ANSWER_MAX, QUESTIONS_MAX, SECTIONS_MAX, TEMPLATE_NAME_MAX, TEXT_MAX, WEIGHT_MAX } from './limits';

export * from './limits';

/** A template's family: the right that builds it, fills it and schedules it (manifest's features). */
export const FAMILIES = ['questionnary', 'securesphere'] as const;
export const Family = Type.Union([Type.Literal('questionnary'), Type.Literal('securesphere')]);
export type Family = (typeof FAMILIES)[number];

export const QUESTION_TYPES = ['yesNo', 'choice', 'multiChoice', 'text', 'number', 'date', 'photo', 'signature', 'position'] as const;
export const QuestionType = Type.Union([Type.Literal('yesNo'), Type.Literal('choice'), Type.Literal('multiChoice'), Type.Literal('text'), Type.Literal('number'), Type.Literal('date'), Type.Literal('photo'), Type.Literal('signature'), Type.Literal('position')]);
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** A key: a question's, a section's or an option's identity across revisions (answers are keyed by it). */
export const Key = Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$' });
const Label = Type.String({ minLength: 1, maxLength: LABEL_MAX, pattern: '\\S' });

/**
 * An option of a choice: its score (0 to 1 of the question's weight; none: not scored, like
 * N/A), whether choosing it fails the item, and whether it excludes the others in a multiple
 * choice ("None": chosen alone, never with another option).
 */
export const ChoiceOption = Type.Object(
  {
    key: Key,
    label: Label,
    score: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()])),
    failed: Type.Optional(Type.Boolean()),
    exclusive: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ChoiceOption = Static<typeof ChoiceOption>;

/** The answer a yes / no / not applicable question fails on. */
export const YesNoAnswer = Type.Union([Type.Literal('yes'), Type.Literal('no'), Type.Literal('na')]);
export type YesNoAnswer = Static<typeof YesNoAnswer>;

export const CONDITION_OPS = ['is', 'isNot', 'answered', 'lessThan', 'greaterThan'] as const;
/**
 * Shown when an earlier question's answer matches: `is` / `isNot` one of `values` (yes, no, na
 * or option keys; a multiple choice matches when one of its choices is among them; a number
 * question's answer equal to, or other than, `number`), `answered`,
 * `lessThan` / `greaterThan` a number. A question whose condition's question is hidden is
 * hidden too.
 */
export const Condition = Type.Object(
  {
    question: Key,
    op: Type.Union([Type.Literal('is'), Type.Literal('isNot'), Type.Literal('answered'), Type.Literal('lessThan'), Type.Literal('greaterThan')]),
    values: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { minItems: 1, maxItems: OPTIONS_MAX })),
    number: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
);
export type Condition = Static<typeof Condition>;

/** What a failed answer requires before the inspection can be submitted. */
export const OnFail = Type.Object(
  { photo: Type.Optional(Type.Boolean()), note: Type.Optional(Type.Boolean()), action: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type OnFail = Static<typeof OnFail>;

export const Question = Type.Object(
  {
    key: Key,
    type: QuestionType,
    label: Label,
    help: Type.Optional(Type.String({ maxLength: HELP_MAX })),
    required: Type.Boolean(),
    /** Points when fully met (scored types: yesNo, choice, multiChoice, number with a range); 0 or absent: not scored. */
    weight: Type.Optional(Type.Number({ minimum: 0, maximum: WEIGHT_MAX })),
    /** yesNo: the answer that fails the item (default `no`; `yes` for "is there a blocked exit?"). */
    failOn: Type.Optional(Type.Union([Type.Literal('yes'), Type.Literal('no')])),
    /** choice and multiChoice only. */
    options: Type.Optional(Type.Array(ChoiceOption, { minItems: 1, maxItems: OPTIONS_MAX })),
    /** number only: the expected range (inclusive); an answer outside fails the item. */
    min: Type.Optional(Type.Number()),
    max: Type.Optional(Type.Number()),
    unit: Type.Optional(Type.String({ maxLength: 20 })),
    showIf: Type.Optional(Condition),
    onFail: Type.Optional(OnFail),
  },
  { additionalProperties: false },
);
export type Question = Static<typeof Question>;

export const Section = Type.Object(
  {
    key: Key,
    title: Label,
    questions: Type.Array(Question, { maxItems: QUESTIONS_MAX }),
  },
  { additionalProperties: false },
);
export type Section = Static<typeof Section>;

/** What a template manager edits; every change is a new revision. */
export const TemplateFields = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: TEMPLATE_NAME_MAX, pattern: '\\S' }),
    description: Type.String({ maxLength: TEXT_MAX }),
    sections: Type.Array(Section, { minItems: 1, maxItems: SECTIONS_MAX }),
    /** Percentage of the score to pass (0 to 100); null: the inspection is scored, not passed or failed. */
    passMark: Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()]),
  },
  { additionalProperties: false },
);
export type TemplateFields = Static<typeof TemplateFields>;
/** What the engine reads of a template revision. */
export type TemplateContent = Pick<TemplateFields, 'sections' | 'passMark'>;

/** POST /api/questionnaires/templates (Idempotency-Key; the family's template manage right). */
export const TemplateCreate = Type.Object({ id: Uuid, family: Family, ...TemplateFields.properties }, { additionalProperties: false });
export type TemplateCreate = Static<typeof TemplateCreate>;
/** PATCH /api/questionnaires/templates/:id: a new revision (409 `record.version_conflict` on a stale base). */
export const TemplateUpdate = UpdateBody(Type.Partial(TemplateFields, { additionalProperties: false, minProperties: 1 }));
export type TemplateUpdate = Static<typeof TemplateUpdate>;

/** GET /api/questionnaires/templates/:id[?version=n]: a template at a revision (its version). */
export const Template = Type.Intersect([
  RecordMeta,
  TemplateFields,
  Type.Object({ family: Family, questionCount: Type.Integer({ minimum: 0 }) }),
]);
export type Template = Static<typeof Template>;

/** A row of GET /api/questionnaires/templates (no sections: the list stays light). */
export const TemplateSummary = Type.Object({
  id: Uuid,
  family: Family,
  name: Type.String(),
  description: Type.String(),
  version: Type.Integer({ minimum: 1 }),
  questionCount: Type.Integer({ minimum: 0 }),
  passMark: Type.Union([Type.Number(), Type.Null()]),
  updatedAt: IsoDateTime,
  deletedAt: Type.Union([IsoDateTime, Type.Null()]),
});
export type TemplateSummary = Static<typeof TemplateSummary>;

/** Where the device was, as it said (kept as evidence). */
export const DevicePosition = Type.Object(
  { ...GpsPoint.properties, accuracy: Type.Union([Type.Number({ minimum: 0, maximum: 100_000 }), Type.Null()]) },
  { additionalProperties: false },
);
export type DevicePosition = Static<typeof DevicePosition>;

/** The follow-up a failed item asks for (the submit turns it into an action). */
export const ActionDraft = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: LABEL_MAX, pattern: '\\S' }),
    dueOn: Type.Union([Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), Type.Null()]),
    assigneeId: Type.Union([Uuid, Type.Null()]),
  },
  { additionalProperties: false },
);
export type ActionDraft = Static<typeof ActionDraft>;

/**
 * An answer's value by the question's type: yesNo `yes`/`no`/`na`, choice an option key,
 * multiChoice option keys, text a string, number a number, date YYYY-MM-DD, photo attachment
 * ids, signature one attachment id (a PNG drawn on the device), position a device position.
 */
export const AnswerValue = Type.Union([
  Type.String({ maxLength: TEXT_MAX }),
  Type.Number(),
  Type.Array(Type.String({ maxLength: 40 }), { maxItems: OPTIONS_MAX }),
  DevicePosition,
  Type.Null(),
]);
export type AnswerValue = Static<typeof AnswerValue>;

/** One question's answer, with what any question may carry: a note, photos, and a failed item's action. */
export const Answer = Type.Object(
  {
    value: AnswerValue,
    note: Type.Optional(Type.String({ maxLength: TEXT_MAX })),
    photos: Type.Optional(Type.Array(Uuid, { maxItems: PHOTOS_PER_ANSWER_MAX })),
    action: Type.Optional(ActionDraft),
    /** When it was answered on the device. */
    at: IsoDateTime,
  },
  { additionalProperties: false },
);
export type Answer = Static<typeof Answer>;
export const Answers = Type.Record(Key, Answer, { maxProperties: QUESTIONS_MAX, additionalProperties: false });
export type Answers = Static<typeof Answers>;

export const INSPECTION_STATUSES = ['todo', 'inProgress', 'submitted'] as const;
export const InspectionStatus = Type.Union([Type.Literal('todo'), Type.Literal('inProgress'), Type.Literal('submitted')]);
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number];

/** A score: points got of the points possible (questions answered and shown), and its percentage. */
export const Score = Type.Object({
  score: Type.Number(),
  max: Type.Number(),
  /** null when nothing is scored. */
  percent: Type.Union([Type.Number(), Type.Null()]),
});
export type Score = Static<typeof Score>;

/** A failed item of a submitted inspection, from which the submit makes its actions. */
export const FailedItem = Type.Object({
  sectionKey: Key,
  questionKey: Key,
  label: Type.String(),
  note: Type.Union([Type.String(), Type.Null()]),
  action: Type.Union([ActionDraft, Type.Null()]),
});
export type FailedItem = Static<typeof FailedItem>;

/**
 * POST /api/questionnaires/inspections (Idempotency-Key): started on site by the field user
 * (questionnary or securesphere read right: its own) with the device's time and position, or
 * planned for someone by a manager (status `todo`). The template's current revision is taken.
 */
export const InspectionCreate = Type.Object(
  {
    id: Uuid,
    templateId: Uuid,
    siteId: Type.Union([Uuid, Type.Null()]),
    /** Managers only: whose it is (default: the caller). */
    assigneeId: Type.Optional(Uuid),
    dueAt: Type.Optional(Type.Union([IsoDateTime, Type.Null()])),
    /** Absent: planned (to do); present: started now on the device. */
    startedAt: Type.Optional(IsoDateTime),
    startPosition: Type.Optional(Type.Union([DevicePosition, Type.Null()])),
  },
  { additionalProperties: false },
);
export type InspectionCreate = Static<typeof InspectionCreate>;

/**
 * PATCH /api/questionnaires/inspections/:id: progress sent while filling (the assignee's own,
 * until submitted). `answers` is merged question by question (null removes one): two devices
 * filling different questions both keep theirs; the same question answered on both is a 409
 * with the current record (the app asks which to keep).
 */
export const InspectionUpdate = UpdateBody(
  Type.Partial(
    Type.Object({
      answers: Type.Record(Key, Type.Union([Answer, Type.Null()]), { maxProperties: QUESTIONS_MAX, additionalProperties: false }),
      siteId: Type.Union([Uuid, Type.Null()]),
      startedAt: IsoDateTime,
      startPosition: Type.Union([DevicePosition, Type.Null()]),
      /** Managers only. */
      assigneeId: Uuid,
      dueAt: Type.Union([IsoDateTime, Type.Null()]),
    }),
    { additionalProperties: false, minProperties: 1 },
  ),
);
export type InspectionUpdate = Static<typeof InspectionUpdate>;

/**
 * POST /api/questionnaires/inspections/:id/submit (Idempotency-Key; the assignee): the whole
 * filling as the device has it (the assignee's final word: no base version, it replaces
 * whatever progress was sent before; a second submit is a 423), checked against the revision (400
 * `questionnaires.missing_answer` / `questionnaires.invalid_answer` / `questionnaires.failed_needs`
 * with the question key), scored by the server with the same engine, then locked and hashed.
 */
export const InspectionSubmit = Type.Object(
  {
    answers: Answers,
    signature: Uuid,
    signedBy: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    startedAt: IsoDateTime,
    finishedAt: IsoDateTime,
    startPosition: Type.Union([DevicePosition, Type.Null()]),
    endPosition: Type.Union([DevicePosition, Type.Null()]),
  },
  { additionalProperties: false },
);
export type InspectionSubmit = Static<typeof InspectionSubmit>;

export const SectionScore = Type.Object({ key: Key, title: Type.String(), ...Score.properties });
export type SectionScore = Static<typeof SectionScore>;

/** GET /api/questionnaires/inspections/:id */
export const Inspection = Type.Intersect([
  RecordMeta,
  Type.Object({
    family: Family,
    templateId: Uuid,
    templateVersion: Type.Integer({ minimum: 1 }),
    /** The revision it is filled with. */
    template: Type.Object({ name: Type.String(), sections: Type.Array(Section), passMark: Type.Union([Type.Number(), Type.Null()]) }),
    siteId: Type.Union([Uuid, Type.Null()]),
    siteName: Type.Union([Type.String(), Type.Null()]),
    assignee: Actor,
    scheduleId: Type.Union([Uuid, Type.Null()]),
    dueAt: Type.Union([IsoDateTime, Type.Null()]),
    status: InspectionStatus,
    answers: Answers,
    startedAt: Type.Union([IsoDateTime, Type.Null()]),
    startPosition: Type.Union([DevicePosition, Type.Null()]),
    finishedAt: Type.Union([IsoDateTime, Type.Null()]),
    endPosition: Type.Union([DevicePosition, Type.Null()]),
    signature: Type.Union([Uuid, Type.Null()]),
    signedBy: Type.Union([Type.String(), Type.Null()]),
    /** Computed at submit by the server (null before). */
    total: Type.Union([Score, Type.Null()]),
    sections: Type.Array(SectionScore),
    passed: Type.Union([Type.Boolean(), Type.Null()]),
    failedItems: Type.Array(FailedItem),
    submittedAt: Type.Union([IsoDateTime, Type.Null()]),
    /** SHA-256 of the submitted content (answers, scores, times, positions, files' hashes). */
    contentHash: Type.Union([Type.String(), Type.Null()]),
    attachments: Type.Array(Attachment),
  }),
]);
export type Inspection = Static<typeof Inspection>;

/** A row of GET /api/questionnaires/inspections. */
export const InspectionSummary = Type.Object({
  id: Uuid,
  family: Family,
  templateId: Uuid,
  templateName: Type.String(),
  templateVersion: Type.Integer({ minimum: 1 }),
  siteId: Type.Union([Uuid, Type.Null()]),
  siteName: Type.Union([Type.String(), Type.Null()]),
  assignee: Actor,
  status: InspectionStatus,
  dueAt: Type.Union([IsoDateTime, Type.Null()]),
  /** Due and not submitted, past its due time. */
  overdue: Type.Boolean(),
  startedAt: Type.Union([IsoDateTime, Type.Null()]),
  submittedAt: Type.Union([IsoDateTime, Type.Null()]),
  percent: Type.Union([Type.Number(), Type.Null()]),
  passed: Type.Union([Type.Boolean(), Type.Null()]),
  failedCount: Type.Integer({ minimum: 0 }),
  version: Type.Integer({ minimum: 1 }),
  updatedAt: IsoDateTime,
});
export type InspectionSummary = Static<typeof InspectionSummary>;

export const INSPECTION_SORTS = ['-updatedAt', 'dueAt', '-dueAt', '-submittedAt', 'percent', '-percent'] as const;
export type InspectionSort = (typeof INSPECTION_SORTS)[number];

/**
 * GET /api/questionnaires/inspections?search=&cursor=&limit=&sort=&family=&status=&template=&site=&assignee=&from=&to=&minPercent=&maxPercent=&overdue=
 * (and GET …/inspections/export.csv with the same filters). A field user (read right) sees its
 * own; a manager of the family everyone's. `from`/`to` bound the due time, or the submit time
 * of a submitted one.
 */
export const InspectionListQuery = Type.Object(
  {
    ...ListQueryBase,
    sort: Type.Optional(Type.Union([Type.Literal('-updatedAt'), Type.Literal('dueAt'), Type.Literal('-dueAt'), Type.Literal('-submittedAt'), Type.Literal('percent'), Type.Literal('-percent')])),
    family: Type.Optional(Family),
    status: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    template: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    site: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    assignee: Type.Optional(Uuid),
    from: Type.Optional(IsoDateTime),
    to: Type.Optional(IsoDateTime),
    minPercent: Type.Optional(Type.String({ pattern: '^(100|[0-9]{1,2})$' })),
    maxPercent: Type.Optional(Type.String({ pattern: '^(100|[0-9]{1,2})$' })),
    overdue: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  },
  { additionalProperties: false },
);
export type InspectionListQuery = Static<typeof InspectionListQuery>;
export const InspectionPage = Page(InspectionSummary);

// ---------------------------------------------------------------- schedules

export const RECURRENCES = ['once', 'weekly', 'monthly', 'yearly'] as const;
export const Recurrence = Type.Union([Type.Literal('once'), Type.Literal('weekly'), Type.Literal('monthly'), Type.Literal('yearly')]);
export type Recurrence = (typeof RECURRENCES)[number];
export const SCHEDULE_SITES_MAX = 200;
export const SCHEDULE_PEOPLE_MAX = 50;
export const REMIND_DAYS_MAX = 60;

/**
 * What a manager plans: a template on sites for people, once or every `interval` weeks, months
 * or years from `firstDueAt`, until `until` (none: open-ended). Each occurrence makes one
 * inspection per site and person (or per person without sites), due at the occurrence's time,
 * made one period ahead (a weekly one a week before it is due; a single one at once); its
 * assignee is reminded `remindDays` before (bell and e-mail) and both it and the planner are told
 * once it is overdue.
 */
export const ScheduleFields = Type.Object(
  {
    siteIds: Type.Array(Uuid, { maxItems: SCHEDULE_SITES_MAX }),
    assigneeIds: Type.Array(Uuid, { minItems: 1, maxItems: SCHEDULE_PEOPLE_MAX }),
    recurrence: Recurrence,
    interval: Type.Integer({ minimum: 1, maximum: 52 }),
    firstDueAt: IsoDateTime,
    until: Type.Union([IsoDateTime, Type.Null()]),
    remindDays: Type.Integer({ minimum: 0, maximum: REMIND_DAYS_MAX }),
  },
  { additionalProperties: false },
);
export type ScheduleFields = Static<typeof ScheduleFields>;

/** POST /api/questionnaires/schedules (Idempotency-Key; the family's inspections manage right). */
export const ScheduleCreate = Type.Object({ id: Uuid, templateId: Uuid, ...ScheduleFields.properties }, { additionalProperties: false });
export type ScheduleCreate = Static<typeof ScheduleCreate>;
/** PATCH /api/questionnaires/schedules/:id: applies to the occurrences not made yet. */
export const ScheduleUpdate = UpdateBody(Type.Partial(ScheduleFields, { additionalProperties: false, minProperties: 1 }));
export type ScheduleUpdate = Static<typeof ScheduleUpdate>;

export const Schedule = Type.Intersect([
  RecordMeta,
  ScheduleFields,
  Type.Object({
    family: Family,
    templateId: Uuid,
    templateName: Type.String(),
    /** The next occurrence to make; null once the schedule has ended. */
    nextDueAt: Type.Union([IsoDateTime, Type.Null()]),
    sites: Type.Array(Actor),
    assignees: Type.Array(Actor),
  }),
]);
export type Schedule = Static<typeof Schedule>;


// ---------------------------------------------------------------- report share links

/** A share link's validity, in days (the app offers SHARE_DAYS_CHOICES). */
export const SHARE_DAYS_MAX = 90;
export const SHARE_DAYS_CHOICES = [1, 7, 30] as const;

/**
 * POST /api/questionnaires/inspections/:id/shares (Idempotency-Key): a link to the submitted
 * inspection's report PDF, valid `expiresInDays` days; whoever may read the report may share
 * it. 409 `questionnaires.share_not_submitted` before the submit.
 */
export const ReportShareCreate = Type.Object({ expiresInDays: Type.Integer({ minimum: 1, maximum: SHARE_DAYS_MAX }) }, { additionalProperties: false });
export type ReportShareCreate = Static<typeof ReportShareCreate>;

export const REPORT_SHARE_STATES = ['active', 'expired', 'revoked'] as const;
export const ReportShareState = Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('revoked')]);
export type ReportShareState = (typeof REPORT_SHARE_STATES)[number];

/** One address of a sending, as the mail outbox last told of its e-mail. */
export const ReportShareDelivery = Type.Object({
  recipient: Email,
  /** queued: may still go (waiting, or between retries); sent: accepted by the mail server at `sentAt`; failed: never will. */
  state: Type.Union([Type.Literal('queued'), Type.Literal('sent'), Type.Literal('failed')]),
  sentAt: Type.Union([IsoDateTime, Type.Null()]),
  /** Why a failed one failed: the link expired or was revoked first, or the mail server would not take it (refused for good, or out of attempts); null otherwise. */
  failure: Type.Union([Type.Literal('link_expired'), Type.Literal('link_revoked'), Type.Literal('undeliverable'), Type.Null()]),
  /** An undeliverable one's last answer of the mail server (e.g. `550: No such mailbox`); null otherwise. */
  error: Type.Union([Type.String(), Type.Null()]),
});
export type ReportShareDelivery = Static<typeof ReportShareDelivery>;

/** A share link's sending by e-mail: who asked for it, when, to whom (shown in the link's row), and each e-mail's fate. */
export const ReportShareMail = Type.Object({
  sentAt: IsoDateTime,
  sentBy: Actor,
  recipients: Type.Array(Email),
  /** One per recipient, in the same order (fewer for a sending whose outbox rows were not recorded). */
  deliveries: Type.Array(ReportShareDelivery),
});
export type ReportShareMail = Static<typeof ReportShareMail>;

/** A share link as listed (GET …/inspections/:id/shares, newest first): never its token, which the server does not keep. */
export const ReportShare = Type.Object({
  id: Uuid,
  inspectionId: Uuid,
  createdAt: IsoDateTime,
  createdBy: Actor,
  expiresAt: IsoDateTime,
  revokedAt: Type.Union([IsoDateTime, Type.Null()]),
  revokedBy: Type.Union([Actor, Type.Null()]),
  /** At the server's time of the answer. */
  state: ReportShareState,
  /** The PDFs served through the link (a refused download is not counted), and the last one's time. */
  downloads: Type.Integer({ minimum: 0 }),
  lastDownloadedAt: Type.Union([IsoDateTime, Type.Null()]),
  /** Its sendings by e-mail, oldest first. */
  mails: Type.Array(ReportShareMail),
});
export type ReportShare = Static<typeof ReportShare>;

/** Addresses one sending of a link by e-mail takes at most. */
export const SHARE_MAIL_RECIPIENTS_MAX = 10;
/** Sendings of links by e-mail a minute from one session or address, at most (each one mails up to 10 people). */
export const SHARE_MAIL_RATE_LIMIT = 5;

/**
 * POST /api/questionnaires/inspections/:id/shares/:shareId/mails (Idempotency-Key): sends the
 * link by e-mail (French and English: its address and its expiry, nothing else of the report)
 * to each address once, through the mail outbox, and records who sent it to whom. The token is
 * the link's own (the server keeps only its hash, so only who holds the link can mail it: the
 * page that just made it); a live link only.
 */
export const ReportShareMailCreate = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200 }),
    recipients: Type.Array(Email, { minItems: 1, maxItems: SHARE_MAIL_RECIPIENTS_MAX, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type ReportShareMailCreate = Static<typeof ReportShareMailCreate>;

/**
 * The answer of the create: the link with its token, shown this once (only its SHA-256 is
 * stored). A replay of the same Idempotency-Key answers the same link with `token` and `path`
 * null: the token cannot be given twice.
 */
export const ReportShareCreated = Type.Object({
  ...ReportShare.properties,
  token: Type.Union([Type.String(), Type.Null()]),
  /** The public address of the PDF under the app's origin: `/api/shared/reports/<token>.pdf`. */
  path: Type.Union([Type.String(), Type.Null()]),
});
export type ReportShareCreated = Static<typeof ReportShareCreated>;

/** DELETE /api/questionnaires/inspections/:id/shares/:shareId (Idempotency-Key): revokes it; revoking a revoked one changes nothing. */
export const ReportShareParams = Type.Object({ id: Uuid, shareId: Uuid }, { additionalProperties: false });

/** The socket's module name of share links: records:changed with the inspection's id (its record itself is unchanged). */
export const REPORT_SHARES_MODULE = 'questionnaire_shares';

/** The public route's path (no session): the token names the client database and the link. */
export const SHARED_REPORTS_PREFIX = '/shared/reports';
export const sharedReportPath = (token: string): string => `${API_PREFIX}${SHARED_REPORTS_PREFIX}/${token}.pdf`;
/** An inspection's page in the app (links of the reminders' bells and e-mails, the calendar and its iCal feed). */
export const inspectionPagePath = (id: string): string => `/questionnary-v2/inspections/${id}`;
