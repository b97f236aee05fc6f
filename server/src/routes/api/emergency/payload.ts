/**
 * The send payload of spec section 3 (`POST /api/emergency/sendInformations`): its JSON
 * schema, its type, the checks a schema cannot express (images really are the images they
 * claim to be, no site or stage twice, a non-zero delay) and the hash the idempotency key is
 * bound to. Pure: nothing here touches a database.
 */
import { createHash } from 'node:crypto';
import { ApiError } from '../../../lib/errors.js';
import { UUID_PATTERN } from '../admin/index.js';

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
/** RFC 5321: an address longer than this cannot be delivered. */
export const MAX_EMAIL_LENGTH = 254;

/** The general fields of spec section 3, in the spec's order. */
export const GENERAL_FIELDS = ['name', 'description', 'address.fullAddress', 'gps', 'owner.name'] as const;
export type GeneralField = (typeof GENERAL_FIELDS)[number];

/**
 * What the app accepts as an address (src/lib/validation.ts: one "@", a dot in the domain, no
 * spaces), minus the characters that mean something in a mail header (`,;<>()[]":\`) and
 * control characters: "a,b@x.fr" must never become two recipients.
 */
export const EMAIL_PATTERN = /^[^\s@",:;<>()[\]\\\p{Cc}]+@[^\s@",:;<>()[\]\\.\p{Cc}]+(\.[^\s@",:;<>()[\]\\.\p{Cc}]+)+$/u;

/** Image types a share may carry: what browsers render from a data URL, and never SVG (scripts). */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
type ImageType = (typeof IMAGE_TYPES)[number];
const DATA_URL_PREFIX = new RegExp(`^data:(${IMAGE_TYPES.join('|')});base64,`);
const BASE64_BODY = /^[A-Za-z0-9+/]*={0,2}$/;

export interface StagePayload {
  name: string;
}
export interface StagePayloadWithImage extends StagePayload {
  /** A base64 data URL; null or absent when the app could not fetch it (the server fills it). */
  image?: string | null;
}
export interface SitePayload {
  _id: string;
  informations: { threeD: StagePayload[]; threeSixty: StagePayloadWithImage[] };
  files?: never[];
  fields: { allFields: false; general: GeneralField[] } & EmptyFieldLists;
  // The site as listed by GET /sites may ride along; the server shares its own copy.
  name?: string;
  description?: string;
  address?: { fullAddress?: string };
  gps?: { lat: number; lng: number } | null;
  owner?: { name?: string };
}
interface EmptyFieldLists {
  clientFields?: never[];
  districtFields?: never[];
  siteFields?: never[];
  siteTypeFields?: never[];
}
export interface Delay {
  days: number;
  hours: number;
  minutes: number;
}
export interface SendInformationsBody {
  sites: (SitePayload & EmptyFieldLists)[];
  delay: Delay;
  recipients: string[];
  emergency?: boolean;
  description?: string;
}

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const emptyList = { type: 'array', maxItems: 0 } as const;
const emptyFieldLists = { clientFields: emptyList, districtFields: emptyList, siteFields: emptyList, siteTypeFields: emptyList } as const;
const stageName = { type: 'string', minLength: 1, maxLength: MAX_STAGE_NAME } as const;

const siteSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['_id', 'informations', 'fields'],
  properties: {
    _id: { type: 'string', pattern: UUID_PATTERN },
    informations: {
      type: 'object',
      additionalProperties: false,
      required: ['threeD', 'threeSixty'],
      properties: {
        threeD: {
          type: 'array',
          maxItems: MAX_STAGES_PER_KIND,
          items: { type: 'object', additionalProperties: false, required: ['name'], properties: { name: stageName } },
        },
        threeSixty: {
          type: 'array',
          maxItems: MAX_STAGES_PER_KIND,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['name'],
            properties: {
              name: stageName,
              // Only the prefix here: the base64 body is checked in code (a regex over
              // megabytes in the validator would be slow) and the bytes against the type.
              image: { anyOf: [{ type: 'null' }, { type: 'string', maxLength: SEND_BODY_LIMIT, pattern: DATA_URL_PREFIX.source }] },
            },
          },
        },
      },
    },
    files: emptyList,
    fields: {
      type: 'object',
      additionalProperties: false,
      required: ['allFields', 'general'],
      properties: {
        allFields: { const: false },
        general: { type: 'array', minItems: 1, maxItems: GENERAL_FIELDS.length, uniqueItems: true, items: { enum: [...GENERAL_FIELDS] } },
        ...emptyFieldLists,
      },
    },
    // Spec section 3 lists the empty field lists beside `fields`; accepted at either level.
    ...emptyFieldLists,
    name: text(MAX_STAGE_NAME),
    description: text(MAX_DESCRIPTION),
    address: { type: 'object', additionalProperties: false, properties: { fullAddress: text(MAX_DESCRIPTION) } },
    gps: {
      anyOf: [
        { type: 'null' },
        { type: 'object', additionalProperties: false, required: ['lat', 'lng'], properties: { lat: { type: 'number' }, lng: { type: 'number' } } },
      ],
    },
    owner: { type: 'object', additionalProperties: false, properties: { name: text(MAX_STAGE_NAME) } },
  },
} as const;

export const sendInformationsSchema = {
  headers: {
    type: 'object',
    required: ['idempotency-key'],
    properties: { 'idempotency-key': { type: 'string', pattern: UUID_PATTERN } },
  },
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['sites', 'delay', 'recipients'],
    properties: {
      sites: { type: 'array', minItems: 1, maxItems: MAX_SITES, items: siteSchema },
      delay: {
        type: 'object',
        additionalProperties: false,
        required: ['days', 'hours', 'minutes'],
        properties: {
          days: { type: 'integer', minimum: 0, maximum: MAX_DELAY_DAYS },
          hours: { type: 'integer', minimum: 0, maximum: MAX_DELAY_DAYS * 24 },
          minutes: { type: 'integer', minimum: 0, maximum: MAX_DELAY_DAYS * 24 * 60 },
        },
      },
      recipients: {
        type: 'array',
        minItems: 1,
        maxItems: MAX_RECIPIENTS,
        items: { type: 'string', maxLength: MAX_EMAIL_LENGTH, pattern: EMAIL_PATTERN.source },
      },
      emergency: { type: 'boolean' },
      description: text(MAX_DESCRIPTION),
    },
  },
} as const;

export interface DecodedImage {
  bytes: Buffer;
  type: ImageType;
}

/** Whether `bytes` starts like an image of `type` (magic numbers), so a share never serves junk as a picture. */
function looksLike(type: ImageType, bytes: Buffer): boolean {
  switch (type) {
    case 'image/png':
      return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'image/jpeg':
      return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    case 'image/webp':
      return bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
  }
}

/** Decodes a data URL the schema let through; a 400 `emergency.invalid_image` when it is not a real image. */
export function decodeImage(dataUrl: string): DecodedImage {
  const prefix = DATA_URL_PREFIX.exec(dataUrl);
  const base64 = prefix ? dataUrl.slice(prefix[0].length) : '';
  if (!prefix || base64.length === 0 || base64.length % 4 !== 0 || !BASE64_BODY.test(base64)) {
    throw ApiError.badRequest('emergency.invalid_image');
  }
  const type = prefix[1] as ImageType;
  const bytes = Buffer.from(base64, 'base64');
  if (!looksLike(type, bytes)) throw ApiError.badRequest('emergency.invalid_image');
  return { bytes, type };
}

export const delayMs = (delay: Delay): number => ((delay.days * 24 + delay.hours) * 60 + delay.minutes) * 60_000;

/** Case-insensitive de-duplication, first spelling kept: one e-mail per mailbox. */
export function uniqueRecipients(recipients: string[]): string[] {
  const seen = new Set<string>();
  return recipients.filter((r) => {
    const key = r.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * What the schema cannot say. Returns the decoded images per site (index-aligned with
 * `body.sites`, keyed by stage name); throws a 400 with a precise key otherwise.
 */
export function checkPayload(body: SendInformationsBody): Map<string, DecodedImage>[] {
  const total = delayMs(body.delay);
  if (total <= 0 || total > MAX_DELAY_DAYS * 24 * 3600_000) throw ApiError.badRequest('emergency.invalid_delay');
  const siteIds = new Set<string>();
  return body.sites.map((site) => {
    const id = site._id.toLowerCase();
    if (siteIds.has(id)) throw ApiError.badRequest('emergency.duplicate_site');
    siteIds.add(id);
    for (const list of [site.informations.threeD, site.informations.threeSixty]) {
      if (new Set(list.map((s) => s.name)).size !== list.length) throw ApiError.badRequest('emergency.duplicate_stage');
    }
    const images = new Map<string, DecodedImage>();
    for (const stage of site.informations.threeSixty) {
      if (typeof stage.image === 'string') images.set(stage.name, decodeImage(stage.image));
    }
    return images;
  });
}

/** JSON with object keys sorted at every level: equal payloads hash equal whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The hash an idempotency key is bound to: the payload plus who sent it and where from, so a
 * key replayed by another account or from another district is a mismatch (422), never the
 * first sender's answer.
 */
export function requestHash(accountId: string, districtId: string, body: SendInformationsBody): string {
  return createHash('sha256').update(canonicalJson({ accountId, districtId, body })).digest('hex');
}
