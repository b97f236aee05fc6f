/**
 * Large panoramas cut in the background (_platform/jobs.ts), not while a phone waits for them:
 * when an upload of a stage's panorama (Sites) or of a capture (this module) completes
 * (_platform/upload-hooks.ts) and its header says it is wider than TILE_THRESHOLD_PX, its grid is
 * recorded as 'queued' and the job `view360.tiles` is queued; a tour read that finds a wide
 * panorama not queued yet (uploaded before this job existed) queues it the same way. Until the
 * tiles are stored the tour serves the grid anyway: its low-resolution base is made on demand
 * (a JPEG decoded at an eighth of its size: a fraction of a second) and a tile not cut yet is a
 * 404, so the viewer shows the base, then the tiles once there.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { BASE_WIDTH_PX, TILE_THRESHOLD_PX } from '../../../../common/modules/view360/schemas.js';
import { findAttachment, type AttachmentRow } from '../../attachments/index.js';
import type { AttachmentStorage } from '../../attachments/storage.js';
import type { Queryable } from '../../db/types.js';
import { enqueueJob, kickJobs, registerJobKind } from '../_platform/jobs.js';
import { onUploadComplete } from '../_platform/upload-hooks.js';
import { cutTiles, gridOf, tileKey, type TileGrid } from './tiles.js';

export const TILES_JOB = 'view360.tiles';
const PANORAMA_MODULES = new Set(['sites', 'view360']);

interface TilesInput {
  source: string;
  clientDb: string;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Whether a picture of this size is a panorama to cut (wide, and about twice as wide as high). */
export const wantsTiles = (width: number | null, height: number | null): boolean =>
  width !== null && height !== null && width > TILE_THRESHOLD_PX && Math.abs(width / height - 2) < 0.05;

/**
 * Records `source`'s grid as queued and queues its cut, once (answers whether it queued it now).
 * The caller starts the jobs (`kickJobs`) after its transaction, if any, committed.
 */
export async function queueTiles(db: Queryable, q: { source: string; clientDb: string; districtId: string; accountId: string; width: number }): Promise<boolean> {
  const grid = gridOf(q.width);
  const { rows } = await db.query(
    `insert into view360_tiles (source, district_id, width, cols, rows, state) values ($1, $2, $3, $4, $5, 'queued') on conflict (source) do nothing returning source`,
    [q.source, q.districtId, grid.width, grid.cols, grid.rows],
  );
  if (rows.length === 0) return false;
  await enqueueJob(db, { id: randomUUID(), kind: TILES_JOB, districtId: q.districtId, accountId: q.accountId, input: { source: q.source, clientDb: q.clientDb } satisfies TilesInput });
  return true;
}

const PANORAMA_MAX_PIXELS = 300_000_000;

/**
 * A panorama's size in pixels: the one its upload recorded, or read from its header (the
 * attachments record sizes up to 50 megapixels only; a 16,000-pixel panorama is 128).
 */
export async function panoramaSize(storage: AttachmentStorage, row: AttachmentRow): Promise<{ width: number | null; height: number | null }> {
  if (row.width !== null && row.height !== null) return { width: row.width, height: row.height };
  if (!row.type.startsWith('image/')) return { width: null, height: null };
  try {
    const head = await readAll(await storage.get(row.storage_key, { start: 0, end: 256 * 1024 - 1 }));
    const meta = await sharp(head, { limitInputPixels: PANORAMA_MAX_PIXELS }).metadata();
    return { width: meta.width ?? null, height: meta.height ?? null };
  } catch {
    return { width: null, height: null };
  }
}

/** The bytes of an attachment panorama of the district (null when gone). */
async function attachmentBytes(db: Queryable, storage: AttachmentStorage, districtId: string, id: string): Promise<Buffer | null> {
  const row = await findAttachment(db, districtId, id);
  if (!row || row.deleted_at !== null || row.state !== 'complete') return null;
  return readAll(await storage.get(row.storage_key));
}

/**
 * The low-resolution base of a panorama whose tiles are not cut yet: made from its bytes now,
 * kept where the cut puts it (the cut writes the same image again).
 */
export async function baseNow(db: Queryable, storage: AttachmentStorage, clientDb: string, districtId: string, source: string): Promise<boolean> {
  const bytes = await attachmentBytes(db, storage, districtId, source);
  if (!bytes) return false;
  const base = await sharp(bytes, { limitInputPixels: PANORAMA_MAX_PIXELS }).resize(BASE_WIDTH_PX, BASE_WIDTH_PX / 2, { fit: 'fill' }).jpeg({ quality: 75 }).toBuffer();
  await storage.put(tileKey(clientDb, source, 'base.jpg'), base, 'image/jpeg');
  return true;
}

registerJobKind(TILES_JOB, async ({ job, db, ctx }) => {
  const { source, clientDb } = job.input as TilesInput;
  const { rows } = await db.query<TileGrid>('select width, cols, rows from view360_tiles where source = $1 and district_id = $2', [source, job.district_id]);
  const grid = rows[0];
  const bytes = grid ? await attachmentBytes(db, ctx.storage, job.district_id, source) : null;
  if (!grid || !bytes) return { summary: { source, cut: false } };
  try {
    await cutTiles(ctx.storage, clientDb, source, bytes, grid);
  } catch (error) {
    await db.query(`update view360_tiles set state = 'failed', made_at = now() where source = $1`, [source]);
    throw error;
  }
  await db.query(`update view360_tiles set state = 'done', made_at = now() where source = $1`, [source]);
  return { summary: { source, cut: true, tiles: grid.cols * grid.rows } };
});

// A panorama uploaded (a stage's or a capture's): its tiles cut in the background.
onUploadComplete(async ({ ctx, auth, row, log }) => {
  if (!PANORAMA_MODULES.has(row.module)) return;
  const done = await findAttachment(auth.db, auth.districtId, row.id);
  if (!done || done.state !== 'complete') return;
  const { width, height } = await panoramaSize(ctx.storage, done);
  if (!wantsTiles(width, height) || width === null) return;
  const queued = await queueTiles(auth.db, { source: done.id, clientDb: auth.clientDb, districtId: auth.districtId, accountId: auth.accountId, width });
  if (queued) kickJobs(ctx, auth.clientDb, log);
});
