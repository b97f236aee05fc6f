/**
 * The tc module's API contract (routes under /api/tc), written once: the terms of use and the
 * privacy notice the operator publishes (versioned, in French and English, plain text with a
 * small markdown-like syntax rendered as text, never as HTML), each account's acceptance of the
 * current version, and the audit log of administrative acts (append-only, read by
 * administrators). Server module: server/src/modules/tc/; screens: src/features/tc/.
 */
import Type, { type Static } from 'typebox';

/** One text of a version (terms or privacy notice, in one language): plain text, at most this long. */
export const TC_TEXT_MAX = 100_000;
export const TC_NOTE_MAX = 500;

/** The error a session gets on any API route (but auth, config, /api/me and /api/tc) until it accepts the current version. */
export const TC_ACCEPTANCE_REQUIRED = 'tc.acceptanceRequired';
export const TC_ACCEPTANCE_STATUS = 428;

const Text = Type.String({ minLength: 1, maxLength: TC_TEXT_MAX });

export const TcVersion = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  publishedAt: Type.String({ format: 'date-time' }),
  publishedBy: Type.String(),
  termsFr: Type.String(),
  termsEn: Type.String(),
  privacyFr: Type.String(),
  privacyEn: Type.String(),
  /** A minor version (wording, typo) does not ask anyone to accept again. */
  requiresAcceptance: Type.Boolean(),
  note: Type.String(),
});
export type TcVersion = Static<typeof TcVersion>;

/** What the app asks at start and after a 428: the current version, and whether the caller must accept it. */
export const TcStatus = Type.Object({
  current: Type.Union([TcVersion, Type.Null()]),
  /** The version the caller last accepted (null: never). */
  acceptedVersion: Type.Union([Type.Integer(), Type.Null()]),
  acceptedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  mustAccept: Type.Boolean(),
});
export type TcStatus = Static<typeof TcStatus>;

export const TcPublishBody = Type.Object(
  {
    termsFr: Text,
    termsEn: Text,
    privacyFr: Text,
    privacyEn: Text,
    requiresAcceptance: Type.Boolean(),
    note: Type.Optional(Type.String({ maxLength: TC_NOTE_MAX })),
  },
  { additionalProperties: false },
);
export type TcPublishBody = Static<typeof TcPublishBody>;

export const TcAcceptBody = Type.Object({ version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export type TcAcceptBody = Static<typeof TcAcceptBody>;

export const TcAcceptance = Type.Object({ version: Type.Integer(), acceptedAt: Type.String({ format: 'date-time' }) });
export type TcAcceptance = Static<typeof TcAcceptance>;

export const TcVersionSummary = Type.Object({
  version: Type.Integer(),
  publishedAt: Type.String({ format: 'date-time' }),
  publishedBy: Type.String(),
  requiresAcceptance: Type.Boolean(),
  note: Type.String(),
  acceptances: Type.Integer(),
});
export type TcVersionSummary = Static<typeof TcVersionSummary>;

export const TcVersionParams = Type.Object({ version: Type.String({ pattern: '^[1-9][0-9]{0,8}$' }) }, { additionalProperties: false });

// --- audit log -------------------------------------------------------------------------------

/** The administrative acts the log records (issue 34 item 6). */
export const AUDIT_ACTS = [
  'rights.changed',
  'account.created',
  'account.disabled',
  'account.removed',
  'client.created',
  'district.created',
  'share.created',
  'share.revoked',
  'import.done',
  'tc.published',
] as const;
export type AuditAct = (typeof AUDIT_ACTS)[number];
export const AuditActSchema = Type.Union(AUDIT_ACTS.map((act) => Type.Literal(act)));

export const AuditEntry = Type.Object({
  _id: Type.String(),
  at: Type.String({ format: 'date-time' }),
  actorId: Type.Union([Type.String(), Type.Null()]),
  actorEmail: Type.String(),
  act: Type.String(),
  clientDb: Type.Union([Type.String(), Type.Null()]),
  districtId: Type.Union([Type.String(), Type.Null()]),
  targetKind: Type.String(),
  targetId: Type.String(),
  targetLabel: Type.String(),
  details: Type.Record(Type.String(), Type.Unknown()),
  ip: Type.Union([Type.String(), Type.Null()]),
});
export type AuditEntry = Static<typeof AuditEntry>;

const Day = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$', maxLength: 10 });

export const AuditQuery = Type.Object(
  {
    act: Type.Optional(AuditActSchema),
    /** Part of the actor's e-mail, or of the target's label (case-insensitive). */
    person: Type.Optional(Type.String({ maxLength: 200 })),
    from: Type.Optional(Day),
    to: Type.Optional(Day),
    limit: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,3}$' })),
    /** The `at` and `_id` of the last entry of the previous page (newest first). */
    before: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditPage = Type.Object({ items: Type.Array(AuditEntry), next: Type.Union([Type.String(), Type.Null()]) });
export type AuditPage = Static<typeof AuditPage>;
export const AUDIT_PAGE_MAX = 500;
