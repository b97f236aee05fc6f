/**
 * The emergency service (spec sections 2, 3 and 7): the district's sites and their stages, the
 * send payload of `POST /api/emergency/sendInformations` (bound to an Idempotency-Key) and its
 * answer, and the per-recipient delivery state at `/outbox`. The checks a schema cannot say
 * (images really are images, no site or stage twice, a non-zero delay) stay in
 * server/src/routes/api/emergency/payload.ts.
 */
import Type, { type Static } from 'typebox';
import { IDEMPOTENCY_HEADER } from '../constants.js';
import { Email } from './email.js';
import { UuidString } from './ids.js';

/** Images make the body big: a few 360 panoramas as data URLs. Anything above is a 400. */
export const SEND_BODY_LIMIT = 8 * 1024 * 1024;
/** Spec section 5 leaves the maximum open; 50 recipients is far above a real alert. */
export const MAX_RECIPIENTS = 50;
/** The dialog picks one site; the payload is a list, so a few are accepted. */
export const MAX_SITES = 10;
export const MAX_STAGES_PER_KIND = 100;
export const MAX_STAGE_NAME = 200;
export const MAX_DESCRIPTION = 2000;
/** A share lives at most this long, whatever the delay asks. */
export const MAX_DELAY_DAYS = 30;
export const OUTBOX_PAGE_SIZE = 100;

/** The general fields of spec section 3, in the spec's order. */
export const GENERAL_FIELDS = ['name', 'description', 'address.fullAddress', 'gps', 'owner.name'] as const;
export type GeneralField = (typeof GENERAL_FIELDS)[number];

/** Image types a share may carry: what browsers render from a data URL, and never SVG (scripts). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const DATA_URL_PREFIX_PATTERN = `^data:(${IMAGE_TYPES.join('|')});base64,`;

const LatLng = Type.Object({ lat: Type.Number(), lng: Type.Number() });

/** GET /api/emergency/sites */
export const EmergencySite = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  address: Type.Object({ fullAddress: Type.String() }),
  gps: Type.Union([LatLng, Type.Null()]),
  owner: Type.Object({ name: Type.String() }),
});

/** GET /api/emergency/getAll360Stages/:siteId */
export const Emergency360Stage = Type.Object({
  name: Type.String(),
  /** File-service path of the image, null when the stage has none. */
  imageUrl: Type.Union([Type.String(), Type.Null()]),
});

/** GET /api/emergency/getSiteStages/:siteId */
export const EmergencySiteStage = Type.Object({ name: Type.String() });

export const SiteIdParams = Type.Object({ siteId: UuidString }, { additionalProperties: false });

const text = (maxLength: number) => Type.String({ maxLength });
const EmptyList = Type.Array(Type.Never(), { maxItems: 0 });
const EmptyFieldLists = {
  clientFields: Type.Optional(EmptyList),
  districtFields: Type.Optional(EmptyList),
  siteFields: Type.Optional(EmptyList),
  siteTypeFields: Type.Optional(EmptyList),
};
const StageName = Type.String({ minLength: 1, maxLength: MAX_STAGE_NAME });

export const EmergencyDelay = Type.Object(
  {
    days: Type.Integer({ minimum: 0, maximum: MAX_DELAY_DAYS }),
    hours: Type.Integer({ minimum: 0, maximum: MAX_DELAY_DAYS * 24 }),
    minutes: Type.Integer({ minimum: 0, maximum: MAX_DELAY_DAYS * 24 * 60 }),
  },
  { additionalProperties: false },
);

export const EmergencyPayloadSite = Type.Object(
  {
    _id: UuidString,
    informations: Type.Object(
      {
        threeD: Type.Array(Type.Object({ name: StageName }, { additionalProperties: false }), { maxItems: MAX_STAGES_PER_KIND }),
        threeSixty: Type.Array(
          Type.Object(
            {
              name: StageName,
              // Only the prefix here: the base64 body is checked in code (a regex over
              // megabytes in the validator would be slow) and the bytes against the type.
              // Null or absent: the server fills it from the stage's stored image.
              image: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: SEND_BODY_LIMIT, pattern: DATA_URL_PREFIX_PATTERN })])),
            },
            { additionalProperties: false },
          ),
          { maxItems: MAX_STAGES_PER_KIND },
        ),
      },
      { additionalProperties: false },
    ),
    files: Type.Optional(EmptyList),
    fields: Type.Object(
      {
        allFields: Type.Literal(false),
        general: Type.Array(Type.Enum([...GENERAL_FIELDS]), {
          minItems: 1,
          maxItems: GENERAL_FIELDS.length,
          uniqueItems: true,
        }),
        ...EmptyFieldLists,
      },
      { additionalProperties: false },
    ),
    // Spec section 3 lists the empty field lists beside `fields`; accepted at either level.
    ...EmptyFieldLists,
    // The site as listed by GET /sites may ride along; the server shares its own copy.
    name: Type.Optional(text(MAX_STAGE_NAME)),
    description: Type.Optional(text(MAX_DESCRIPTION)),
    address: Type.Optional(Type.Object({ fullAddress: Type.Optional(text(MAX_DESCRIPTION)) }, { additionalProperties: false })),
    gps: Type.Optional(Type.Union([Type.Null(), Type.Object({ lat: Type.Number(), lng: Type.Number() }, { additionalProperties: false })])),
    owner: Type.Optional(Type.Object({ name: Type.Optional(text(MAX_STAGE_NAME)) }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

/** POST /api/emergency/sendInformations body (spec section 3). */
export const EmergencyPayload = Type.Object(
  {
    sites: Type.Array(EmergencyPayloadSite, { minItems: 1, maxItems: MAX_SITES }),
    delay: EmergencyDelay,
    recipients: Type.Array(Email, { minItems: 1, maxItems: MAX_RECIPIENTS }),
    emergency: Type.Optional(Type.Boolean()),
    description: Type.Optional(text(MAX_DESCRIPTION)),
  },
  { additionalProperties: false },
);
export type EmergencyPayload = Static<typeof EmergencyPayload>;

/** The send is bound to a UUID Idempotency-Key: the same key answers the first send's answer. */
export const IdempotencyHeaders = Type.Object({ [IDEMPOTENCY_HEADER]: UuidString });

/** POST /api/emergency/sendInformations data. */
export const EmergencySendResult = Type.Object({
  shareIds: Type.Array(Type.String()),
  recipients: Type.Array(Type.String()),
  serverTime: Type.String({ format: 'date-time' }),
});

export const EMERGENCY_MAIL_STATES = ['queued', 'sending', 'sent', 'failed'] as const;
export const EmergencyMailState = Type.Enum([...EMERGENCY_MAIL_STATES]);

/** GET /api/emergency/outbox items: one e-mail per recipient and share. */
export const EmergencyMailItem = Type.Object({
  _id: Type.String(),
  shareId: Type.String(),
  idempotencyKey: Type.String(),
  siteName: Type.String(),
  recipient: Type.String(),
  state: EmergencyMailState,
  attempts: Type.Integer({ minimum: 0 }),
  nextAttemptAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
  sentAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  messageId: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});

export const OutboxQuery = Type.Object(
  {
    shareId: Type.Optional(UuidString),
    idempotencyKey: Type.Optional(UuidString),
    /** Decimal digits; at most OUTBOX_PAGE_SIZE are answered. */
    limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })),
    offset: Type.Optional(Type.String({ pattern: '^[0-9]{1,6}$' })),
  },
  { additionalProperties: false },
);
export const OutboxPage = Type.Object({ items: Type.Array(EmergencyMailItem), total: Type.Integer({ minimum: 0 }) });
