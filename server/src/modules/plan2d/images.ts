/**
 * A plan's images in the attachment storage: an uploaded image is the revision's image as it
 * is; a PDF page is rasterised (./raster.ts) into an attachment of the plan whose id is derived
 * from the source and the page, so a write sent again (the outbox's retry, a replay) stores the
 * same object once.
 */
import { createHash } from 'node:crypto';
import { PLAN2D_ATTACHMENT_MODULE } from '../../../../common/modules/plan2d/schemas.js';
import { findAttachment, type AttachmentRow } from '../../attachments/index.js';
import { attachmentKey, type AttachmentStorage } from '../../attachments/storage.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { rasterisePdfPage } from './raster.js';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

export interface PlanImage {
  imageId: string;
  sourceId: string;
  page: number | null;
  width: number;
  height: number;
  /** The rasterised page to store (null: the source is the image). */
  raster: { bytes: Buffer; name: string } | null;
}

/** A UUID derived from a source attachment and a page. */
export function derivedId(sourceId: string, page: number): string {
  const hex = createHash('sha256').update(`plan2d:${sourceId}:${page}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function readAll(storage: AttachmentStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The image of a revision from its source attachment (an upload of this plan, complete): an
 * image with a readable size, or a PDF whose `page` (1 by default) is rasterised. Run before
 * the write's transaction (a large page takes a second or two).
 */
export async function planImageOf(db: Queryable, storage: AttachmentStorage, where: { districtId: string; planId: string }, sourceId: string, page: number | undefined): Promise<PlanImage> {
  const row: AttachmentRow | null = await findAttachment(db, where.districtId, sourceId);
  if (!row || row.module !== PLAN2D_ATTACHMENT_MODULE || row.record_id !== where.planId || row.deleted_at !== null) throw ApiError.badRequest('attachments.not_this_record', 'sourceId');
  if (row.state !== 'complete') throw ApiError.badRequest('plan2d.source_incomplete', 'sourceId');
  if (IMAGE_TYPES.has(row.type)) {
    if (!row.width || !row.height) throw ApiError.badRequest('plan2d.unreadable_source', 'sourceId');
    if (page !== undefined && page !== 1) throw ApiError.badRequest('plan2d.page_out_of_range', 'page');
    return { imageId: row.id, sourceId: row.id, page: null, width: row.width, height: row.height, raster: null };
  }
  if (row.type !== 'application/pdf') throw ApiError.badRequest('plan2d.unreadable_source', 'sourceId');
  const chosen = page ?? 1;
  const result = await rasterisePdfPage(new Uint8Array(await readAll(storage, row.storage_key)), chosen);
  if (!result.ok) throw ApiError.badRequest(result.reason === 'page' ? 'plan2d.page_out_of_range' : 'plan2d.unreadable_source', result.reason === 'page' ? 'page' : 'sourceId');
  const base = row.name.replace(/\.pdf$/i, '');
  return { imageId: derivedId(row.id, chosen), sourceId: row.id, page: chosen, width: result.width, height: result.height, raster: { bytes: result.bytes, name: `${base}-p${chosen}.webp` } };
}

/** Stores a rasterised page as a complete attachment of the plan (once: a second store changes nothing). */
export async function storePlanImage(
  tx: Queryable,
  storage: AttachmentStorage,
  image: { id: string; bytes: Buffer; name: string; type: string; width: number; height: number },
  where: { clientDb: string; districtId: string; planId: string; actorId: string; actorName: string },
): Promise<void> {
  const key = attachmentKey(where.clientDb, image.id);
  const { rows } = await tx.query('select 1 from attachments where id = $1', [image.id]);
  if (rows.length > 0) return;
  await storage.put(key, image.bytes, image.type);
  await tx.query(
    `insert into attachments (id, district_id, module, record_id, name, type, size, width, height, storage_key, sha256, state, created_by, created_by_name, completed_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'complete', $12, $13, now())
     on conflict (id) do nothing`,
    [
      image.id,
      where.districtId,
      PLAN2D_ATTACHMENT_MODULE,
      where.planId,
      image.name,
      image.type,
      image.bytes.length,
      image.width,
      image.height,
      key,
      createHash('sha256').update(image.bytes).digest('hex'),
      where.actorId,
      where.actorName,
    ],
  );
}
