/**
 * The send payload of spec section 3 (`POST /api/emergency/sendInformations`): its schema and
 * type (common/schemas/emergency.ts), the checks a schema cannot express (images really are the images they
 * claim to be, no site or stage twice, a non-zero delay) and the hash the idempotency key is
 * bound to. Pure: nothing here touches a database.
 */
import { createHash } from 'node:crypto';
import type { EmergencyDelay, EmergencyPayload, EmergencyPayloadSite } from '../../../../../common/api-types.js';
import {
  DATA_URL_PREFIX_PATTERN,
  EmergencyPayload as EmergencyPayloadSchema,
  IdempotencyHeaders,
  IMAGE_TYPES,
  MAX_DELAY_DAYS,
} from '../../../../../common/schemas/emergency.js';
import { ApiError } from '../../../lib/errors.js';

export {
  GENERAL_FIELDS,
  MAX_DELAY_DAYS,
  MAX_DESCRIPTION,
  MAX_RECIPIENTS,
  MAX_SITES,
  MAX_STAGE_NAME,
  MAX_STAGES_PER_KIND,
  SEND_BODY_LIMIT,
  type GeneralField,
} from '../../../../../common/schemas/emergency.js';

type ImageType = (typeof IMAGE_TYPES)[number];
const DATA_URL_PREFIX = new RegExp(DATA_URL_PREFIX_PATTERN);
const BASE64_BODY = /^[A-Za-z0-9+/]*={0,2}$/;

/** The send body (common/schemas/emergency.ts) and its parts, for the server's own code. */
export type SendInformationsBody = EmergencyPayload;
export type SitePayload = EmergencyPayloadSite;
export type Delay = EmergencyDelay;

/** The route's schema: the body, and the Idempotency-Key it is bound to. */
export const sendInformationsSchema = { headers: IdempotencyHeaders, body: EmergencyPayloadSchema };

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
