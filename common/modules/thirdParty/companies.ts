/**
 * The outside companies' API contract (routes under /api/third-party: /companies, /workers,
 * /interventions, /presence), written once: the outside companies working on the district's
 * sites, their workers with their qualifications (each with an expiry day: valid, expiring,
 * expired), their interventions on a site with a prevention plan (décret 92-158: the site's
 * risks, the prevention measures, the emergency instructions, the assembly points; signed by the
 * district's and the company's representatives, a change after a signature asking for both
 * signatures again), and the sites' sign-in register (who is on which site now).
 * Server part: server/src/modules/thirdParty/companies/; screens: src/features/thirdParty/companies/.
 */
import Type, { type Static } from 'typebox';
import { CreateBody, IsoDateTime, RecordMeta, UpdateBody, Uuid } from '../../schemas/platform';

/** A qualification expiring within this many days reads "expiring". */
export const QUALIFICATION_EXPIRING_DAYS = 30;
export const COMPANY_TEXT_MAX = 200;
export const PLAN_SECTION_MAX = 20_000;
export const PLAN_SECTIONS_MAX = 30;
/** Rows of the presence history in one answer at most. */
export const PRESENCE_HISTORY_MAX = 500;
export { SIGNATURES_MODULE } from './names';

/** A calendar day, YYYY-MM-DD. */
export const TpDay = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$', maxLength: 10 });

const Text = (max = COMPANY_TEXT_MAX) => Type.String({ maxLength: max });
const Name = Type.String({ minLength: 1, maxLength: COMPANY_TEXT_MAX, pattern: '\\S' });

// ---------------------------------------------------------------- companies

export const CompanyFields = Type.Object(
  {
    name: Name,
    /** 14 digits, or empty. */
    siret: Type.Union([Type.Literal(''), Type.String({ pattern: '^[0-9]{14}$', maxLength: 14 })]),
    address: Text(500),
    contactName: Text(),
    email: Type.Union([Type.Literal(''), Type.String({ format: 'email', maxLength: 254 })]),
    phone: Text(40),
    /** What the company does (électricité, nettoyage, maintenance CVC...). */
    activity: Text(),
  },
  { additionalProperties: false },
);
export type CompanyFields = Static<typeof CompanyFields>;
export const CompanyCreate = CreateBody(CompanyFields, ['name']);
export type CompanyCreate = Static<typeof CompanyCreate>;
export const CompanyUpdate = UpdateBody(Type.Partial(CompanyFields, { additionalProperties: false, minProperties: 1 }));
export const Company = Type.Object({ ...RecordMeta.properties, ...CompanyFields.properties, workerCount: Type.Integer({ minimum: 0 }) });
export type Company = Static<typeof Company>;

export const CompanyDeletedQuery = Type.Object({ deleted: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])) }, { additionalProperties: false });

// ---------------------------------------------------------------- workers

export const Qualification = Type.Object(
  {
    /** Habilitation électrique B1V, CACES R489, SST, travail en hauteur... */
    name: Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' }),
    /** Null: no expiry. */
    expiresOn: Type.Union([TpDay, Type.Null()]),
  },
  { additionalProperties: false },
);
export type Qualification = Static<typeof Qualification>;

export const QUALIFICATION_STATES = ['valid', 'expiring', 'expired'] as const;
export type QualificationState = (typeof QUALIFICATION_STATES)[number];
export const QualificationState = Type.Union([Type.Literal('valid'), Type.Literal('expiring'), Type.Literal('expired')]);

/** A qualification's state on `day`: expired after its expiry day, expiring within QUALIFICATION_EXPIRING_DAYS. */
export function qualificationState(expiresOn: string | null, day: string): QualificationState {
  if (expiresOn === null) return 'valid';
  if (expiresOn < day) return 'expired';
  const limit = new Date(`${day}T00:00:00Z`);
  limit.setUTCDate(limit.getUTCDate() + QUALIFICATION_EXPIRING_DAYS);
  return expiresOn <= limit.toISOString().slice(0, 10) ? 'expiring' : 'valid';
}

export const WorkerFields = Type.Object(
  {
    companyId: Uuid,
    name: Name,
    role: Text(),
    phone: Text(40),
    qualifications: Type.Array(Qualification, { maxItems: 40 }),
  },
  { additionalProperties: false },
);
export type WorkerFields = Static<typeof WorkerFields>;
export const WorkerCreate = CreateBody(WorkerFields, ['companyId', 'name']);
export type WorkerCreate = Static<typeof WorkerCreate>;
export const WorkerUpdate = UpdateBody(Type.Partial(WorkerFields, { additionalProperties: false, minProperties: 1 }));
export const Worker = Type.Object({
  ...RecordMeta.properties,
  ...WorkerFields.properties,
  companyName: Type.String(),
  /** Each qualification's state today (the district's day), in the order of `qualifications`. */
  qualificationStates: Type.Array(QualificationState),
});
export type Worker = Static<typeof Worker>;
export const WorkerListQuery = Type.Object(
  { company: Type.Optional(Uuid), deleted: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])) },
  { additionalProperties: false },
);

/** The text of a worker's badge QR code: the worker's id, read back by the register's code field. */
export const badgeCode = (workerId: string): string => `vigie-worker:${workerId}`;
/** The worker's id of a scanned or typed badge code (the bare id is taken too), or null. */
export function workerIdOfCode(code: string): string | null {
  const match = /^(?:vigie-worker:)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(code.trim());
  return match ? match[1]!.toLowerCase() : null;
}

// ---------------------------------------------------------------- interventions and plans

export const INTERVENTION_STATES = ['planned', 'inProgress', 'done', 'cancelled'] as const;
export type InterventionState = (typeof INTERVENTION_STATES)[number];
export const InterventionState = Type.Union([Type.Literal('planned'), Type.Literal('inProgress'), Type.Literal('done'), Type.Literal('cancelled')]);

/** The sections of a new plan, prefilled from the template (their titles are translated by key). */
export const PLAN_SECTION_KEYS = ['risks', 'measures', 'emergency', 'assembly'] as const;

export const PlanSection = Type.Object(
  {
    /** `risks`, `measures`, `emergency`, `assembly` (translated titles), or `custom`. */
    key: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z][A-Za-z0-9_-]*$' }),
    /** A custom section's title; empty for the template's (their title is the key's translation). */
    title: Text(),
    body: Type.String({ maxLength: PLAN_SECTION_MAX }),
  },
  { additionalProperties: false },
);
export type PlanSection = Static<typeof PlanSection>;

export const InterventionFields = Type.Object(
  {
    companyId: Uuid,
    siteId: Uuid,
    /** The object of the work (the title). */
    title: Name,
    startsOn: TpDay,
    endsOn: TpDay,
    workerIds: Type.Array(Uuid, { maxItems: 200, uniqueItems: true }),
    state: InterventionState,
    planSections: Type.Array(PlanSection, { maxItems: PLAN_SECTIONS_MAX }),
  },
  { additionalProperties: false },
);
export type InterventionFields = Static<typeof InterventionFields>;
export const InterventionCreate = CreateBody(InterventionFields, ['companyId', 'siteId', 'title', 'startsOn', 'endsOn']);
export type InterventionCreate = Static<typeof InterventionCreate>;
export const InterventionUpdate = UpdateBody(Type.Partial(InterventionFields, { additionalProperties: false, minProperties: 1 }));

export const SIGNER_ROLES = ['district', 'company'] as const;
export type SignerRole = (typeof SIGNER_ROLES)[number];
export const SignerRole = Type.Union([Type.Literal('district'), Type.Literal('company')]);

export const PlanSignature = Type.Object({
  id: Uuid,
  role: SignerRole,
  name: Type.String(),
  /** The signature's picture (an attachment of module SIGNATURES_MODULE, record `id`). */
  attachmentId: Uuid,
  signedAt: IsoDateTime,
  planVersion: Type.Integer({ minimum: 1 }),
});
export type PlanSignature = Static<typeof PlanSignature>;

/** toSign: no signature of the current version; partlySigned: one; signed: both (locked: a change makes a new version). */
export const PLAN_STATES = ['toSign', 'partlySigned', 'signed'] as const;
export type PlanState = (typeof PLAN_STATES)[number];
export const PlanState = Type.Union([Type.Literal('toSign'), Type.Literal('partlySigned'), Type.Literal('signed')]);

/** An assigned worker's qualification expired on a day of the intervention. */
export const QualificationWarning = Type.Object({ workerId: Uuid, workerName: Type.String(), qualification: Type.String(), expiresOn: TpDay });
export type QualificationWarning = Static<typeof QualificationWarning>;

export const Intervention = Type.Object({
  ...RecordMeta.properties,
  ...InterventionFields.properties,
  companyName: Type.String(),
  companyEmail: Type.String(),
  siteName: Type.String(),
  workers: Type.Array(Type.Object({ id: Uuid, name: Type.String() })),
  /** The plan's version: 1, then one more with each change after a signature. */
  planVersion: Type.Integer({ minimum: 1 }),
  planState: PlanState,
  /** The current version's signatures. */
  signatures: Type.Array(PlanSignature),
  /** Signatures of the earlier versions, newest first. */
  previousSignatures: Type.Array(PlanSignature),
  warnings: Type.Array(QualificationWarning),
});
export type Intervention = Static<typeof Intervention>;
export const InterventionListQuery = Type.Object(
  {
    company: Type.Optional(Uuid),
    site: Type.Optional(Uuid),
    deleted: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  },
  { additionalProperties: false },
);

/** POST /api/third-party/interventions/:id/signatures (Idempotency-Key): a representative signs the plan's version they read. */
export const SignatureBody = Type.Object(
  {
    /** The signature's id (the client's): a second post of it answers the plan unchanged. */
    id: Uuid,
    role: SignerRole,
    name: Name,
    attachmentId: Uuid,
    /** The version the signer read: another one is 409 `thirdParty.companies.plan_changed`. */
    planVersion: Type.Integer({ minimum: 1 }),
    /** When it was signed on the device (default: now). */
    signedAt: Type.Optional(IsoDateTime),
  },
  { additionalProperties: false },
);
export type SignatureBody = Static<typeof SignatureBody>;

// ---------------------------------------------------------------- presence

export const SignInBody = Type.Object(
  {
    /** The presence's id (the client's): a second post of it answers the first one. */
    id: Uuid,
    siteId: Uuid,
    /** A worker of an outside company, or null for a visitor named by `visitorName`. */
    workerId: Type.Union([Uuid, Type.Null()]),
    visitorName: Type.String({ maxLength: COMPANY_TEXT_MAX }),
    /** When on the device (default: now). */
    signedInAt: Type.Optional(IsoDateTime),
  },
  { additionalProperties: false },
);
export type SignInBody = Static<typeof SignInBody>;

/**
 * POST /api/third-party/presence/:id/sign-out: the sign-in's fields come along, so a sign-out
 * made offline is never lost, even when its sign-in never reached the server (it then arrives
 * closed).
 */
export const SignOutBody = Type.Object(
  {
    siteId: Uuid,
    workerId: Type.Union([Uuid, Type.Null()]),
    visitorName: Type.String({ maxLength: COMPANY_TEXT_MAX }),
    signedInAt: IsoDateTime,
    signedOutAt: Type.Optional(IsoDateTime),
  },
  { additionalProperties: false },
);
export type SignOutBody = Static<typeof SignOutBody>;

export const Presence = Type.Object({
  id: Uuid,
  siteId: Uuid,
  siteName: Type.String(),
  workerId: Type.Union([Uuid, Type.Null()]),
  /** The worker's name, or the visitor's. */
  name: Type.String(),
  visitorName: Type.String(),
  companyId: Type.Union([Uuid, Type.Null()]),
  companyName: Type.String(),
  signedInAt: IsoDateTime,
  signedOutAt: Type.Union([IsoDateTime, Type.Null()]),
});
export type Presence = Static<typeof Presence>;

export const PresenceCurrentQuery = Type.Object({ siteId: Type.Optional(Uuid) }, { additionalProperties: false });
export const PresenceHistoryQuery = Type.Object(
  { siteId: Type.Optional(Uuid), from: Type.Optional(TpDay), to: Type.Optional(TpDay) },
  { additionalProperties: false },
);

/** GET /api/third-party/choices: the sites the register and the interventions pick from (kept on the device). */
export const CompaniesChoices = Type.Object({ sites: Type.Array(Type.Object({ id: Uuid, name: Type.String() })) });
export type CompaniesChoices = Static<typeof CompaniesChoices>;
