/**
 * Large panoramas cut into tiles so a phone opens them quickly: a panorama wider than
 * TILE_THRESHOLD_PX is served as a low-resolution base (BASE_WIDTH_PX wide, shown at once) and a
 * grid of JPEG tiles (cols a power of two, rows half of it: the equirectangular tiles adapter's
 * layout) that the viewer loads for the part on screen. Cut once, in the background after its
 * upload (tiling.ts), decoded one strip of tiles at a time so a 16,000-pixel image never sits
 * whole in memory; the tiles live in the attachment storage next to the panorama's bytes.
 */
import sharp from 'sharp';
import { BASE_WIDTH_PX, TILE_EDGE_PX, TILE_THRESHOLD_PX } from '../../../../common/modules/view360/schemas.js';
import type { AttachmentStorage } from '../../attachments/storage.js';
import type { Queryable } from '../../db/types.js';

export interface TileGrid {
  width: number;
  cols: number;
  rows: number;
}

/** The grid of a panorama `width` pixels wide: cols 0 when served whole. */
export function gridOf(width: number): TileGrid {
  if (width <= TILE_THRESHOLD_PX) return { width, cols: 0, rows: 0 };
  // The power of two nearest to width / TILE_EDGE_PX, at least 8 (tiles of 512 to 1,448 pixels).
  const cols = Math.max(8, 2 ** Math.round(Math.log2(width / TILE_EDGE_PX)));
  return { width, cols, rows: cols / 2 };
}

export const tileKey = (clientDb: string, source: string, name: string): string => `${clientDb}/view360/${source}/${name}`;

// Up to 300 megapixels (a 24,000-pixel-wide panorama): past it, a forged header is refused, not decoded.
const open = (bytes: Buffer) => sharp(bytes, { limitInputPixels: 300_000_000, sequentialRead: true });

/** Cuts `bytes` (width × width/2) into the base and the grid's tiles, written to `storage`. */
export async function cutTiles(storage: AttachmentStorage, clientDb: string, source: string, bytes: Buffer, grid: TileGrid): Promise<void> {
  const meta = await open(bytes).metadata();
  const width = meta.width ?? grid.width;
  const height = meta.height ?? Math.round(width / 2);
  const base = await open(bytes).resize(BASE_WIDTH_PX, BASE_WIDTH_PX / 2, { fit: 'fill' }).jpeg({ quality: 75 }).toBuffer();
  await storage.put(tileKey(clientDb, source, 'base.jpg'), base, 'image/jpeg');
  const edge = (n: number, count: number, size: number) => Math.round((n * size) / count);
  for (let row = 0; row < grid.rows; row += 1) {
    const top = edge(row, grid.rows, height);
    const stripHeight = edge(row + 1, grid.rows, height) - top;
    const strip = await open(bytes).extract({ left: 0, top, width, height: stripHeight }).raw().toBuffer({ resolveWithObject: true });
    const puts: Promise<void>[] = [];
    for (let col = 0; col < grid.cols; col += 1) {
      const left = edge(col, grid.cols, width);
      const tileWidth = edge(col + 1, grid.cols, width) - left;
      const tile = await sharp(strip.data, { raw: { width: strip.info.width, height: strip.info.height, channels: strip.info.channels } })
        .extract({ left, top: 0, width: tileWidth, height: stripHeight })
        .jpeg({ quality: 80 })
        .toBuffer();
      puts.push(storage.put(tileKey(clientDb, source, `${col}_${row}.jpg`), tile, 'image/jpeg'));
    }
    await Promise.all(puts);
  }
}

/** The grid of `source` once recorded, cut or queued (null: not yet, or its cut failed). */
export async function knownGrid(db: Queryable, districtId: string, source: string): Promise<TileGrid | null> {
  const { rows } = await db.query<TileGrid>("select width, cols, rows from view360_tiles where source = $1 and district_id = $2 and state <> 'failed'", [source, districtId]);
  return rows[0] ?? null;
}

/** Measures `bytes` and, when wide, cuts its tiles; records the grid. */
export async function makeTiles(db: Queryable, storage: AttachmentStorage, clientDb: string, districtId: string, source: string, bytes: Buffer): Promise<TileGrid> {
  const meta = await open(bytes).metadata();
  const grid = gridOf(meta.width ?? 0);
  if (grid.cols > 0) await cutTiles(storage, clientDb, source, bytes, grid);
  await db.query(
    `insert into view360_tiles (source, district_id, width, cols, rows) values ($1, $2, $3, $4, $5)
     on conflict (source) do update set width = excluded.width, cols = excluded.cols, rows = excluded.rows, state = 'done', made_at = now()`,
    [source, districtId, grid.width, grid.cols, grid.rows],
  );
  return grid;
}
