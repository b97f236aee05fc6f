/**
 * The attachments of every module's records (photos, documents, stage images): the one place
 * that reads and writes the `attachments` table of a client database, always scoped to a
 * district. The tus endpoint (routes/api/uploads) creates a row when an upload starts and
 * completes it when its last byte is stored; routes/api/attachments serves and deletes; a
 * module lists its record's attachments with listRecordAttachments and checks the ids a write
 * names with requireRecordAttachments. Who reaches which files is ATTACHMENT_MODULES's one
 * rule. The bytes are in the storage (storage.ts).
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { Attachment } from '../../../common/schemas/platform.js';
import { can, type Action, type Feature } from '../../../common/rights.js';
import type { Queryable } from '../db/types.js';
import { ApiError } from '../lib/errors.js';
import { thumbnailKey, type AttachmentStorage } from './storage.js';

/**
 * Each module whose records take files, and who reaches them. One rule for every module, so
 * none can forget a part of it:
 * - seeing a record's files takes the read right of one of its features;
 * - attaching a file to a record, or deleting one of its files, takes the manage right, or
 *   the read right and being named by the record (its author or its assignee: `owners`), and
 *   then only one's own uploads are deleted; a module that names no owner is managers' only;
 * - a record not written yet takes files from whoever holds the read right (a record made
 *   offline arrives after its photos; its id is the device's, unguessable);
 * - a record locked for good (`locks`: a closed declaration, a submitted inspection, its
 *   `locked_at` set) takes no new file and loses none (423);
 * - an upload is continued (HEAD, PATCH, a second creation) by the account that started it only.
 */
export interface AttachmentRule {
  /** The features whose rights reach the files (any one of them). */
  features: readonly Feature[];
  /** The records' table (a record table of MODULES.md: id, district_id, version, updated_at/by), whose record a deletion writes. */
  table: string;
  /** The columns of a record naming the people whose work it is: they attach with the read right. Empty: managers only. */
  owners: readonly string[];
  /** Whether the read right sees only the files of the records naming it (the others are not found). */
  ownersOnly?: true;
  /**
   * For a module whose readers see only some of its records (a resource published to a group):
   * an SQL condition on the record's row (its columns unqualified, `$3` the account's id) a
   * reader's record must meet; the files of the others are not found, as the records are.
   */
  readableWhen?: string;
  locks?: true;
  /**
   * `documents`: the module takes files of any type (a document library), up to
   * VIGIE_DOCUMENT_MAX_BYTES, served inline only when a browser shows the type without running
   * anything (INLINE_TYPES), as a download otherwise. Unset: photos and PDFs (ATTACHMENT_TYPES)
   * up to VIGIE_UPLOAD_MAX_BYTES.
   */
  documents?: true;
  /** The module's own rule for deleting a file of one of its records (throws the refusal), after the common one. */
  beforeDelete?: (db: Queryable, where: { districtId: string; recordId: string; accountId: string; uploaderId: string; rights: readonly string[] }) => Promise<void>;
}

const rules: Record<string, AttachmentRule> = {};

/**
 * Each module whose records take files, and who reaches them, by the attachments' module name:
 * filled from the module descriptors (server/src/modules/index.ts, `attachments`). One rule for
 * every module, so none can forget a part of it:
 * - seeing a record's files takes the read right of one of its features;
 * - attaching a file to a record, or deleting one of its files, takes the manage right, or
 *   the read right and being named by the record (its author or its assignee: `owners`), and
 *   then only one's own uploads are deleted; a module that names no owner is managers' only;
 * - a record not written yet takes files from whoever holds the read right (a record made
 *   offline arrives after its photos; its id is the device's, unguessable);
 * - a record locked for good (`locks`: a closed declaration, a submitted inspection, its
 *   `locked_at` set) takes no new file and loses none (423);
 * - an upload is continued (HEAD, PATCH, a second creation) by the account that started it only.
 */
export const ATTACHMENT_MODULES: Readonly<Record<string, AttachmentRule>> = rules;

/** Adds the modules' attachment rules (the module list does, once). */
export function registerAttachmentRules(added: Readonly<Record<string, AttachmentRule>>): void {
  Object.assign(rules, added);
}

/**
 * Where an account stands with a record's files: 'manage' (any record of the district),
 * 'owner' (named by the record, or the record is not written yet: attaches, deletes its own
 * uploads), 'reader' (sees them only), 'hidden' (a record the read right does not reach: not
 * found), 'none' (no right of the module: 403).
 */
export type RecordAccess = 'manage' | 'owner' | 'reader' | 'hidden' | 'none';

export async function recordAccess(db: Queryable, rule: AttachmentRule, rights: readonly string[], where: { districtId: string; recordId: string; accountId: string }): Promise<RecordAccess> {
  if (canAttach(rights, rule, 'manage')) return 'manage';
  if (!canAttach(rights, rule, 'read')) return 'none';
  if (rule.owners.length === 0 && rule.readableWhen === undefined) return 'reader';
  const own = rule.owners.length === 0 ? 'false' : `(${rule.owners.map((column) => `${column} = $3`).join(' or ')}) is true`;
  const readable = rule.readableWhen === undefined ? 'true' : `(${rule.readableWhen}) is true`;
  const { rows } = await db.query<{ own: boolean; readable: boolean }>(
    `select ${own} as own, ${readable} as readable from ${rule.table} where id = $1 and district_id = $2`,
    [where.recordId, where.districtId, where.accountId],
  );
  // A record not written yet (its files arrive first) is its uploader's.
  if (rows[0] === undefined) return rule.owners.length === 0 ? 'reader' : 'owner';
  if (!rows[0].readable) return 'hidden';
  if (rows[0].own) return 'owner';
  return rule.ownersOnly ? 'hidden' : 'reader';
}

/** 403: attaching a file to a record that is neither one's own work nor a manager's to change. */
export const NOT_YOURS_TO_ATTACH = 'upload.not_yours';
/** 403: deleting a file one did not upload, or of a record that is not one's own work. */
export const NOT_YOURS_TO_DELETE = 'attachments.not_yours';

/**
 * The account's access to a record's files, refused as the API answers it: 403
 * auth.missing_rights without a right of the module, 404 `notFound` for a record the read
 * right does not reach, and, to `change` them (attach, continue an upload, delete), 403
 * `notYours` for a reader the record does not name.
 */
export async function requireRecordAccess(
  db: Queryable,
  rule: AttachmentRule,
  rights: readonly string[],
  where: { districtId: string; recordId: string; accountId: string },
  wanted: { change: boolean; notFound: string; notYours: string },
): Promise<Exclude<RecordAccess, 'none' | 'hidden'>> {
  const access = await recordAccess(db, rule, rights, where);
  if (access === 'none' || (wanted.change && access === 'reader' && rule.owners.length === 0)) {
    throw ApiError.forbidden('auth.missing_rights', { requiredPermissions: [...rule.features] });
  }
  if (access === 'hidden') throw ApiError.notFound(wanted.notFound);
  if (wanted.change && access === 'reader') throw ApiError.forbidden(wanted.notYours);
  return access;
}

export const RECORD_LOCKED = 'upload.record_locked';

/** Whether the record a file belongs to is locked for good (a record not written yet is not). */
export async function recordLocked(db: Queryable, module: string, districtId: string, recordId: string): Promise<boolean> {
  const rule = ATTACHMENT_MODULES[module];
  if (!rule?.locks) return false;
  const { rows } = await db.query<{ locked_at: Date | null }>(`select locked_at from ${rule.table} where id = $1 and district_id = $2`, [recordId, districtId]);
  return rows[0]?.locked_at != null;
}

/** Whether `rights` may do `action` on a module's attachments (any one of its features). */
export const canAttach = (rights: readonly string[], rule: { features: readonly Feature[] }, action: Action): boolean => rule.features.some((feature) => can(rights, feature, action));

/** What may be attached: photos (resized on the device to JPEG, but PNG and WebP are taken too) and PDF documents. */
export const ATTACHMENT_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];
/** A media type as a browser declares it (`type/subtype`, parameters dropped by the app). */
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** Whether a module takes a file of `type` (its rule's `documents`, else ATTACHMENT_TYPES). */
export const acceptsType = (rule: Pick<AttachmentRule, 'documents'>, type: string): boolean =>
  rule.documents ? MEDIA_TYPE.test(type) : ATTACHMENT_TYPES.includes(type);

/** The largest file a module takes, from the configuration. */
export const maxBytesOf = (rule: Pick<AttachmentRule, 'documents'>, config: { uploadMaxBytes: number; documentMaxBytes: number }): number =>
  rule.documents ? config.documentMaxBytes : config.uploadMaxBytes;

/**
 * Types served inline: what a browser displays without running anything of the file's (no
 * SVG, HTML or XML, whose scripts would run on the app's origin). Every other type is served
 * as a download (`Content-Disposition: attachment`), always with `X-Content-Type-Options: nosniff`.
 */
export const INLINE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'application/pdf', 'text/plain', 'video/mp4', 'video/webm', 'audio/mpeg']);

/** Types a thumbnail can be made of. */
const IMAGE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp']);
/**
 * The largest image decoded (width × height): 50 megapixels, above any phone photo the app
 * sends (it resizes them on the device) and far below what a forged header can claim; a
 * larger one gets no thumbnail and is printed as a file name.
 */
export const IMAGE_MAX_PIXELS = 50_000_000;

/** The first bytes of each image type taken (its signature), as the upload declared it. */
const SIGNATURES: Readonly<Record<string, (head: Buffer) => boolean>> = {
  'image/jpeg': (head) => head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff,
  'image/png': (head) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/webp': (head) => head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP',
};
/** sharp's name of each image type's format. */
const SHARP_FORMATS: Readonly<Record<string, string>> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * The image decoder of bytes uploaded as `type`, or null when they are not that image: only
 * the declared format is decoded (bytes of another format, an SVG or HTML declared as a PNG,
 * never reach its decoder), at most IMAGE_MAX_PIXELS.
 */
function declaredImage(bytes: Buffer, type: string): Sharp | null {
  if (!IMAGE_TYPES.has(type) || !SIGNATURES[type]!(bytes)) return null;
  return sharp(bytes, { failOn: 'none', limitInputPixels: IMAGE_MAX_PIXELS });
}

/** The metadata of a declared image, or null when it is not one, or is larger than IMAGE_MAX_PIXELS. */
async function declaredMetadata(image: Sharp, type: string): Promise<Metadata | null> {
  const meta = await image.metadata();
  if (meta.format !== SHARP_FORMATS[type] || !meta.width || !meta.height || meta.width * meta.height > IMAGE_MAX_PIXELS) return null;
  return meta;
}
/** Long edge of thumbnails, in pixels (lists and grids). */
export const THUMBNAIL_EDGE = 320;

export const attachmentUrl = (id: string): string => `/api/attachments/${id}`;
export const attachmentThumbnailUrl = (id: string): string => `/api/attachments/${id}/thumbnail`;

export interface AttachmentRow {
  id: string;
  district_id: string;
  module: string;
  record_id: string;
  name: string;
  type: string;
  size: string | number;
  width: number | null;
  height: number | null;
  taken_at: Date | string | null;
  gps_lat: number | null;
  gps_lng: number | null;
  storage_key: string;
  thumbnail_key: string | null;
  sha256: string | null;
  state: 'uploading' | 'complete';
  created_at: Date | string;
  created_by: string;
  created_by_name: string;
  deleted_at: Date | string | null;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

/** A row as the API returns it (common/schemas/platform.ts Attachment). */
export function toAttachment(row: AttachmentRow): Attachment {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    size: Number(row.size),
    width: row.width,
    height: row.height,
    takenAt: row.taken_at === null ? null : iso(row.taken_at),
    gps: row.gps_lat === null || row.gps_lng === null ? null : { lat: row.gps_lat, lng: row.gps_lng },
    url: attachmentUrl(row.id),
    thumbnailUrl: IMAGE_TYPES.has(row.type) ? attachmentThumbnailUrl(row.id) : null,
    createdAt: iso(row.created_at),
    createdBy: { id: row.created_by, name: row.created_by_name },
  };
}

/** The complete, not deleted attachments of one record, oldest first (the order they were added). */
export async function listRecordAttachments(db: Queryable, districtId: string, module: string, recordId: string): Promise<Attachment[]> {
  const { rows } = await db.query<AttachmentRow>(
    `select * from attachments
      where district_id = $1 and module = $2 and record_id = $3 and state = 'complete' and deleted_at is null
      order by created_at, id`,
    [districtId, module, recordId],
  );
  return rows.map(toAttachment);
}

/** 400: an attachment id a write names is not one of its record's files in the session's district. */
export const NOT_THIS_RECORD = 'attachments.not_this_record';

/**
 * The check of every attachment id a write names (a declaration's photos and photo fields,
 * an inspection's answers and signature, a site's stage image): each must be one of the
 * record's files (its module, this record, the session's district, not deleted; an upload
 * still arriving counts, as the record may come before the last byte of its photos), or a
 * 400 NOT_THIS_RECORD naming `field`. With `uploadsFollow` (a write the app sends before its
 * files: a stage's image), an id no upload has taken yet in the database is accepted too: its
 * upload, which follows, is created in the session's district and names its record.
 */
export async function requireRecordAttachments(
  db: Queryable,
  record: { districtId: string; module: string; recordId: string },
  ids: readonly string[],
  field: string,
  options: { uploadsFollow?: boolean } = {},
): Promise<void> {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (wanted.length === 0) return;
  const { rows } = await db.query<Pick<AttachmentRow, 'id' | 'district_id' | 'module' | 'record_id' | 'deleted_at'>>(
    'select id, district_id, module, record_id, deleted_at from attachments where id = any($1::uuid[])',
    [wanted],
  );
  const found = new Map(rows.map((row) => [row.id, row]));
  for (const id of wanted) {
    const row = found.get(id);
    const ours = row !== undefined && row.district_id === record.districtId && row.module === record.module && row.record_id === record.recordId && row.deleted_at === null;
    if (!ours && !(row === undefined && options.uploadsFollow === true)) throw ApiError.badRequest(NOT_THIS_RECORD, field);
  }
}

/** The row of attachment `id` in the district, whatever its state; null when it is another district's or not there. */
export async function findAttachment(db: Queryable, districtId: string, id: string): Promise<AttachmentRow | null> {
  const { rows } = await db.query<AttachmentRow>('select * from attachments where id = $1 and district_id = $2', [id, districtId]);
  return rows[0] ?? null;
}

/** The row of attachment `id` in any district of the database (the tus endpoint tells "another district's" from "new"). */
export async function findAnyAttachment(db: Queryable, id: string): Promise<AttachmentRow | null> {
  const { rows } = await db.query<AttachmentRow>('select * from attachments where id = $1', [id]);
  return rows[0] ?? null;
}

export interface NewAttachment {
  id: string;
  districtId: string;
  module: string;
  recordId: string;
  name: string;
  type: string;
  size: number;
  takenAt: string | null;
  gps: { lat: number; lng: number } | null;
  storageKey: string;
  createdBy: string;
  createdByName: string;
}

/** Records an upload that starts; a second start of the same id changes nothing. */
export async function createUploading(db: Queryable, a: NewAttachment): Promise<void> {
  await db.query(
    `insert into attachments (id, district_id, module, record_id, name, type, size, taken_at, gps_lat, gps_lng, storage_key, created_by, created_by_name)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     on conflict (id) do nothing`,
    [a.id, a.districtId, a.module, a.recordId, a.name, a.type, a.size, a.takenAt, a.gps?.lat ?? null, a.gps?.lng ?? null, a.storageKey, a.createdBy, a.createdByName],
  );
}

async function sha256Of(storage: AttachmentStorage, key: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of await storage.get(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Width and height of an image, read from its header (null for documents, or what sharp cannot read). */
async function dimensionsOf(storage: AttachmentStorage, key: string, type: string): Promise<{ width: number | null; height: number | null }> {
  if (!IMAGE_TYPES.has(type)) return { width: null, height: null };
  try {
    const chunks: Buffer[] = [];
    let length = 0;
    // The header is at the start; 256 KiB holds it even behind a large EXIF block.
    for await (const chunk of await storage.get(key, { start: 0, end: 256 * 1024 - 1 })) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
    }
    const image = declaredImage(Buffer.concat(chunks, length), type);
    const meta = image && (await declaredMetadata(image, type));
    if (!meta) return { width: null, height: null };
    // Orientations 5 to 8 turn the picture a quarter: the sides swap as it is shown.
    const turned = (meta.orientation ?? 1) >= 5;
    const width = meta.width ?? null;
    const height = meta.height ?? null;
    return turned ? { width: height, height: width } : { width, height };
  } catch {
    return { width: null, height: null };
  }
}

/**
 * Marks an upload whose bytes are all stored as complete: its hash (the ETag) and, for an
 * image, its size in pixels. Idempotent: a complete row is left as it is, so the second
 * finish of the same upload (a re-upload, a HEAD after a lost answer) is a success without a
 * duplicate. True when this call completed it (the caller tells the open apps, once).
 */
export async function completeUpload(db: Queryable, storage: AttachmentStorage, row: AttachmentRow): Promise<boolean> {
  if (row.state === 'complete') return false;
  const [sha256, { width, height }] = await Promise.all([sha256Of(storage, row.storage_key), dimensionsOf(storage, row.storage_key, row.type)]);
  const { rows } = await db.query(
    `update attachments set state = 'complete', sha256 = $2, width = $3, height = $4, completed_at = now()
      where id = $1 and state = 'uploading' returning id`,
    [row.id, sha256, width, height],
  );
  return rows.length > 0;
}

/**
 * The thumbnail of an image attachment (JPEG, long edge THUMBNAIL_EDGE, orientation applied,
 * transparency on white): made on first request and stored beside the original, its key kept
 * on the row. Null for a document, and for bytes that are not the image their upload declared
 * or that are larger than IMAGE_MAX_PIXELS (no preview, never a 500).
 */
export async function ensureThumbnail(db: Queryable, storage: AttachmentStorage, row: AttachmentRow): Promise<string | null> {
  if (!IMAGE_TYPES.has(row.type)) return null;
  if (row.thumbnail_key && (await storage.stat(row.thumbnail_key))) return row.thumbnail_key;
  const image = declaredImage(await readWhole(storage, row.storage_key), row.type);
  if (!image || !(await declaredMetadata(image, row.type).catch(() => null))) return null;
  let thumbnail: Buffer;
  try {
    thumbnail = await image
      .rotate()
      .resize(THUMBNAIL_EDGE, THUMBNAIL_EDGE, { fit: 'inside', withoutEnlargement: true })
      // A JPEG has no transparency: a transparent PNG (a signature) on white, as on paper, not black.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 75, mozjpeg: true })
      .toBuffer();
  } catch {
    // Bytes that start as the declared format but do not decode.
    return null;
  }
  const key = thumbnailKey(row.storage_key);
  await storage.put(key, thumbnail, 'image/jpeg');
  await db.query('update attachments set thumbnail_key = $2 where id = $1', [row.id, key]);
  return key;
}

/** An object's bytes, whole in memory (images to resize: a few MiB at most). */
async function readWhole(storage: AttachmentStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Long edge of an image embedded in a printed document (PDF): about 150 dpi across an A4 page, small enough that 20 photos stay a few MiB. */
export const PRINT_IMAGE_EDGE = 1200;

/**
 * An image attachment's bytes for a printed document: JPEG or PNG (what a PDF embeds), long
 * edge at most PRINT_IMAGE_EDGE. A JPEG or PNG already that small is sent as stored (a PDF
 * writer applies its EXIF orientation); a larger one, or a WebP, is decoded, turned upright
 * and downscaled, a PNG staying PNG (a signature keeps its transparency). Null for a document
 * or bytes that are not a readable image of the declared type (declaredImage).
 */
export async function printableImage(storage: AttachmentStorage, row: Pick<AttachmentRow, 'storage_key' | 'type' | 'width' | 'height'>, edge = PRINT_IMAGE_EDGE): Promise<Buffer | null> {
  if (!IMAGE_TYPES.has(row.type)) return null;
  try {
    const bytes = await readWhole(storage, row.storage_key);
    const decoder = declaredImage(bytes, row.type);
    if (!decoder || !(await declaredMetadata(decoder, row.type))) return null;
    const small = row.width !== null && row.height !== null && Math.max(row.width, row.height) <= edge;
    if (small && (row.type === 'image/jpeg' || row.type === 'image/png')) return bytes;
    const image = decoder.rotate().resize(edge, edge, { fit: 'inside', withoutEnlargement: true });
    return await (row.type === 'image/png' ? image.png() : image.jpeg({ quality: 80 })).toBuffer();
  } catch {
    return null;
  }
}

/** Deletes an attachment (reversibly: the row and the bytes stay, with who and when). */
export async function softDeleteAttachment(db: Queryable, districtId: string, id: string, accountId: string): Promise<AttachmentRow | null> {
  const { rows } = await db.query<AttachmentRow>(
    `update attachments set deleted_at = coalesce(deleted_at, now()), deleted_by = coalesce(deleted_by, $3)
      where id = $1 and district_id = $2 returning *`,
    [id, districtId, accountId],
  );
  return rows[0] ?? null;
}

/**
 * Deleting an attachment is a write of its record: a new version (an edit based on the old one
 * merges as any concurrent edit), updated by and at. Returns the new version, or null when the
 * record is not the district's.
 */
export async function touchAttachmentRecord(db: Queryable, row: Pick<AttachmentRow, 'module' | 'record_id' | 'district_id'>, actorId: string): Promise<number | null> {
  const rule = ATTACHMENT_MODULES[row.module];
  if (!rule) return null;
  const { rows } = await db.query<{ version: number }>(
    `update ${rule.table} set version = version + 1, updated_at = now(), updated_by = $3 where id = $1 and district_id = $2 returning version`,
    [row.record_id, row.district_id, actorId],
  );
  return rows[0]?.version ?? null;
}
