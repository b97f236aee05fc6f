/**
 * The attachments of every module's records (photos, documents, stage images): the one place
 * that reads and writes the `attachments` table of a client database, always scoped to a
 * district. The tus endpoint (routes/api/uploads) creates a row when an upload starts and
 * completes it when its last byte is stored; routes/api/attachments serves and deletes; a
 * module lists its record's attachments with listRecordAttachments and checks an id a client
 * sends with attachmentInDistrict. The bytes are in the storage (storage.ts).
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Attachment } from '../../../common/schemas/platform.js';
import { can, type Action, type Feature } from '../../../common/rights.js';
import type { Queryable } from '../db/types.js';
import { checkPhotoDeletion } from '../modules/actions/photos.js';
import { thumbnailKey, type AttachmentStorage } from './storage.js';

/**
 * The modules whose records take attachments, with the feature whose rights guard them, the
 * action an upload or a deletion needs ('manage'; a module whose field users attach photos to
 * their own work, such as declarations, will say 'read' here and check ownership), and the
 * table of its records (a record table of MODULES.md: id, district_id, version, updated_at/by),
 * whose record a deletion writes.
 */
/**
 * Each module whose records take files: the features whose right reads them (any one), the
 * action that writes them, its records' table, and whether a record is locked for good once
 * its `locked_at` is set (a closed declaration, a submitted inspection: no file added or
 * removed after, 423).
 */
export const ATTACHMENT_MODULES: Readonly<Record<string, AttachmentRule>> = {
  sites: { features: ['sites'], write: 'manage', table: 'sites' },
  // Field users photograph what they report (own work): the read right uploads; deleting one
  // is its uploader's or a manager's (routes/api/attachments).
  declarations: { features: ['declarations'], write: 'read', table: 'declarations', locks: true },
  // An inspection's photos and signature, by whoever fills it (either family's read right);
  // the submit checks they are this inspection's own uploads.
  questionnaires: { features: ['questionnaires', 'securesphere'], write: 'read', table: 'inspections', locks: true },
  // An action's photos (its proof among them), by its assignee (own work, either manifest's
  // actions read right) or a manager; the action counts them for its proof.
  // Others' actions are not the read right's to see (docs/actions.md): their files neither.
  // Deleting one: its uploader on its own open action, or a manager on an open one; a closed
  // action keeps its photos as proof (modules/actions/photos.ts, the rule of access.ts).
  actions: { features: ['actions', 'actionsV3'], write: 'read', table: 'actions', owners: ['assignee_id', 'created_by'], beforeDelete: checkPhotoDeletion },
};

export interface AttachmentRule {
  features: readonly Feature[];
  write: Action;
  table: string;
  locks?: true;
  /**
   * Where a read right covers one's own records only: the columns of the record naming its
   * owners. Without the manage right, the files of a record owned by someone else are not
   * found (read, upload, delete); a record not written yet is anyone's (made offline with its photos).
   */
  owners?: readonly string[];
  /** The module's own rule for deleting a file of one of its records (throws the refusal). */
  beforeDelete?: (db: Queryable, where: { districtId: string; recordId: string; accountId: string; uploaderId: string; rights: readonly string[] }) => Promise<void>;
}

/** Whether the account may reach the files of the record (see AttachmentRule.owners). */
export async function ownsRecord(db: Queryable, rule: AttachmentRule, rights: readonly string[], where: { districtId: string; recordId: string; accountId: string }): Promise<boolean> {
  if (!rule.owners || canAttach(rights, rule, 'manage')) return true;
  const { rows } = await db.query<{ own: boolean }>(
    `select (${rule.owners.map((column) => `${column} = $3`).join(' or ')}) is true as own from ${rule.table} where id = $1 and district_id = $2`,
    [where.recordId, where.districtId, where.accountId],
  );
  return rows[0]?.own ?? true;
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
/** Types a thumbnail can be made of. */
const IMAGE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp']);
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

/**
 * Whether attachment `id` is the district's (and, when given, the module's), not deleted: a
 * module checks an id the app sends (a stage's image) with it. Uploading ones count: the app
 * may save the record before its photo's last byte arrives.
 */
export async function attachmentInDistrict(db: Queryable, districtId: string, id: string, module?: string): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from attachments where id = $1 and district_id = $2 and deleted_at is null and ($3::text is null or module = $3)`,
    [id, districtId, module ?? null],
  );
  return rows.length > 0;
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
    const meta = await sharp(Buffer.concat(chunks, length), { failOn: 'none' }).metadata();
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
 * transparency on white):
 * made on first request and stored beside the original, its key kept on the row.
 */
export async function ensureThumbnail(db: Queryable, storage: AttachmentStorage, row: AttachmentRow): Promise<string | null> {
  if (!IMAGE_TYPES.has(row.type)) return null;
  if (row.thumbnail_key && (await storage.stat(row.thumbnail_key))) return row.thumbnail_key;
  const thumbnail = await sharp(await readWhole(storage, row.storage_key), { failOn: 'none' })
    .rotate()
    .resize(THUMBNAIL_EDGE, THUMBNAIL_EDGE, { fit: 'inside', withoutEnlargement: true })
    // A JPEG has no transparency: a transparent PNG (a signature) on white, as on paper, not black.
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 75, mozjpeg: true })
    .toBuffer();
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
 * or bytes that are not a readable image.
 */
export async function printableImage(storage: AttachmentStorage, row: Pick<AttachmentRow, 'storage_key' | 'type' | 'width' | 'height'>, edge = PRINT_IMAGE_EDGE): Promise<Buffer | null> {
  if (!IMAGE_TYPES.has(row.type)) return null;
  try {
    const bytes = await readWhole(storage, row.storage_key);
    const small = row.width !== null && row.height !== null && Math.max(row.width, row.height) <= edge;
    if (small && (row.type === 'image/jpeg' || row.type === 'image/png')) return bytes;
    const image = sharp(bytes, { failOn: 'none' }).rotate().resize(edge, edge, { fit: 'inside', withoutEnlargement: true });
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
