/**
 * The demo photos every module's seed attaches (a declaration's, an action's proof): a coloured
 * gradient with a caption, 800 × 600 JPEG (about 6 KiB each; drawing the five takes about
 * 0.1 s), drawn once per process, and stored through the attachment storage as a complete
 * attachment of the record it illustrates.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { attachmentKey, type AttachmentStorage } from '../attachments/storage.js';
import type { Queryable } from '../db/types.js';

const PHOTO_CAPTIONS = [
  ['Vue d’ensemble', '#2f5d8a', '#9cc3e6'],
  ['Détail de la zone', '#7a3b2e', '#e8b79e'],
  ['Zone balisée', '#8a6d1f', '#f2dc8c'],
  ['Équipement concerné', '#2e6b45', '#a9dcb8'],
  ['Après intervention', '#4b3f7a', '#c4bbeb'],
] as const;
export const DEMO_PHOTO_WIDTH = 800;
export const DEMO_PHOTO_HEIGHT = 600;

export interface DemoPhoto {
  name: string;
  bytes: Buffer;
  sha256: string;
}

/** Drawn on first use, then the same bytes for every district (each stored under its own key). */
let demoPhotos: Promise<DemoPhoto[]> | null = null;
const escapeXml = (text: string) => text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

/** The five demo photos, in caption order (the last one: "Après intervention"). */
export function drawDemoPhotos(): Promise<DemoPhoto[]> {
  demoPhotos ??= Promise.all(
    PHOTO_CAPTIONS.map(async ([caption, dark, light], n) => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${DEMO_PHOTO_WIDTH}" height="${DEMO_PHOTO_HEIGHT}">
        <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
        <rect width="100%" height="100%" fill="url(#g)"/>
        <rect x="0" y="${DEMO_PHOTO_HEIGHT - 90}" width="100%" height="90" fill="black" fill-opacity="0.45"/>
        <text x="30" y="${DEMO_PHOTO_HEIGHT - 35}" font-family="sans-serif" font-size="40" fill="white">${escapeXml(caption)}</text>
      </svg>`;
      const bytes = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
      return { name: `photo-${n + 1}.jpg`, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
    }),
  );
  return demoPhotos;
}

/** Stores a demo photo as a complete attachment of a record (its bytes in the storage, its row in the transaction). */
export async function storeDemoPhoto(
  tx: Queryable,
  storage: AttachmentStorage,
  photo: {
    id: string;
    picture: DemoPhoto;
    clientDb: string;
    districtId: string;
    module: string;
    recordId: string;
    takenAt: Date;
    gps: { lat: number; lng: number } | null;
    createdAt: Date;
    createdBy: string;
    createdByName: string;
  },
): Promise<void> {
  const key = attachmentKey(photo.clientDb, photo.id);
  await storage.put(key, photo.picture.bytes, 'image/jpeg');
  await tx.query(
    `insert into attachments (id, district_id, module, record_id, name, type, size, width, height, taken_at, gps_lat, gps_lng, storage_key, sha256, state,
                              created_at, created_by, created_by_name, completed_at)
     values ($1, $2, $3, $4, $5, 'image/jpeg', $6, $7, $8, $9, $10, $11, $12, $13, 'complete', $14, $15, $16, $14)`,
    [
      photo.id,
      photo.districtId,
      photo.module,
      photo.recordId,
      photo.picture.name,
      photo.picture.bytes.length,
      DEMO_PHOTO_WIDTH,
      DEMO_PHOTO_HEIGHT,
      photo.takenAt,
      photo.gps?.lat ?? null,
      photo.gps?.lng ?? null,
      key,
      photo.picture.sha256,
      photo.createdAt,
      photo.createdBy,
      photo.createdByName,
    ],
  );
}
