/**
 * Photos are resized on the device before they are stored (MODULES.md, "Attachments"): long
 * edge RESIZE_MAX_EDGE px, JPEG at RESIZE_QUALITY, the orientation the camera recorded applied
 * to the pixels (createImageBitmap's imageOrientation 'from-image'), so a 12-megapixel photo
 * of 4 to 8 MB becomes about 500 KB to keep in IndexedDB and send on a weak network.
 * Re-encoding drops the EXIF block (with its position: no metadata leaks in the file); what
 * the user needs of it is kept as fields of the attachment: when the photo was taken (EXIF
 * DateTimeOriginal, else the file's time) and where (EXIF GPS, else the device position the
 * caller passes). readExif is a small reader of just those tags; it reads the first bytes
 * only (the EXIF block sits at the start of a JPEG).
 */

export const RESIZE_MAX_EDGE = 2000;
export const RESIZE_QUALITY = 0.8;
/** How much of the file's start is read for EXIF: APP1 is at most 64 KiB and comes first. */
const EXIF_READ_BYTES = 128 * 1024;

export interface GpsPosition {
  lat: number;
  lng: number;
}

export interface ExifInfo {
  /** DateTimeOriginal as an ISO instant (its OffsetTimeOriginal when present, else the device's zone). */
  takenAt: string | null;
  gps: GpsPosition | null;
  /** 1 to 8 (EXIF Orientation), null when absent. */
  orientation: number | null;
}

const NONE: ExifInfo = { takenAt: null, gps: null, orientation: null };

const TAG = {
  orientation: 0x0112,
  dateTime: 0x0132,
  exifIfd: 0x8769,
  gpsIfd: 0x8825,
  dateTimeOriginal: 0x9003,
  offsetTimeOriginal: 0x9011,
  gpsLatitudeRef: 0x0001,
  gpsLatitude: 0x0002,
  gpsLongitudeRef: 0x0003,
  gpsLongitude: 0x0004,
} as const;

/** Sizes of the TIFF field types this reader meets (BYTE, ASCII, SHORT, LONG, RATIONAL, UNDEFINED, SLONG, SRATIONAL). */
const TYPE_SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8 };

interface Entry {
  type: number;
  count: number;
  /** Where the value is: inline in the entry (4 bytes or less) or at an offset of the TIFF block. */
  valueAt: number;
}

/** The entries of one IFD, by tag; an IFD outside the block gives none. */
function readIfd(view: DataView, tiff: number, offset: number, little: boolean): Map<number, Entry> {
  const entries = new Map<number, Entry>();
  const at = tiff + offset;
  if (offset <= 0 || at + 2 > view.byteLength) return entries;
  const count = view.getUint16(at, little);
  for (let i = 0; i < count; i++) {
    const entry = at + 2 + i * 12;
    if (entry + 12 > view.byteLength) break;
    const type = view.getUint16(entry + 2, little);
    const n = view.getUint32(entry + 4, little);
    const size = (TYPE_SIZE[type] ?? 0) * n;
    const valueAt = size <= 4 ? entry + 8 : tiff + view.getUint32(entry + 8, little);
    if (size === 0 || valueAt + size > view.byteLength) continue;
    entries.set(view.getUint16(entry, little), { type, count: n, valueAt });
  }
  return entries;
}

function ascii(view: DataView, entry: Entry | undefined): string | null {
  if (!entry || entry.type !== 2) return null;
  let text = '';
  for (let i = 0; i < entry.count; i++) {
    const code = view.getUint8(entry.valueAt + i);
    if (code === 0) break;
    text += String.fromCharCode(code);
  }
  return text.trim() || null;
}

function unsigned(view: DataView, entry: Entry | undefined, little: boolean): number | null {
  if (!entry) return null;
  if (entry.type === 3) return view.getUint16(entry.valueAt, little);
  if (entry.type === 4) return view.getUint32(entry.valueAt, little);
  return null;
}

/** Degrees, minutes, seconds (three RATIONALs) as decimal degrees. */
function degrees(view: DataView, entry: Entry | undefined, little: boolean): number | null {
  if (!entry || entry.type !== 5 || entry.count < 3) return null;
  const parts = [0, 1, 2].map((i) => {
    const numerator = view.getUint32(entry.valueAt + i * 8, little);
    const denominator = view.getUint32(entry.valueAt + i * 8 + 4, little);
    return denominator === 0 ? Number.NaN : numerator / denominator;
  });
  const value = parts[0]! + parts[1]! / 60 + parts[2]! / 3600;
  return Number.isFinite(value) ? value : null;
}

/** EXIF's `YYYY:MM:DD HH:MM:SS` (and `+HH:MM`) as an ISO instant; without a zone, the device's. */
export function exifDate(text: string | null, offset: string | null): string | null {
  const match = text ? /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec(text) : null;
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  if (y < 1900 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return null;
  if (offset && /^[+-]\d{2}:\d{2}$/.test(offset)) {
    const iso = `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}${offset}`;
    const time = Date.parse(iso);
    return Number.isNaN(time) ? null : new Date(time).toISOString();
  }
  return new Date(y, mo - 1, d, h, mi, s).toISOString();
}

/**
 * The time, position and orientation of a JPEG's EXIF block; all null when the file is not a
 * JPEG, has no EXIF, or holds values out of range (a reader of untrusted bytes: it never
 * throws and never reads outside the buffer).
 */
export function readExif(buffer: ArrayBuffer): ExifInfo {
  const view = new DataView(buffer);
  if (view.byteLength < 4 || view.getUint16(0) !== 0xffd8) return NONE;
  let at = 2;
  while (at + 4 <= view.byteLength) {
    const marker = view.getUint16(at);
    // Start of scan or end of image: the metadata segments are behind us.
    if (marker === 0xffda || marker === 0xffd9 || (marker & 0xff00) !== 0xff00) return NONE;
    const length = view.getUint16(at + 2);
    if (marker === 0xffe1 && at + 10 <= view.byteLength && view.getUint32(at + 4) === 0x45786966 /* Exif */ && view.getUint16(at + 8) === 0) {
      return readTiff(new DataView(buffer, 0, Math.min(view.byteLength, at + 2 + length)), at + 10);
    }
    at += 2 + length;
  }
  return NONE;
}

function readTiff(view: DataView, tiff: number): ExifInfo {
  if (tiff + 8 > view.byteLength) return NONE;
  const order = view.getUint16(tiff);
  if (order !== 0x4949 && order !== 0x4d4d) return NONE;
  const little = order === 0x4949;
  if (view.getUint16(tiff + 2, little) !== 42) return NONE;
  const ifd0 = readIfd(view, tiff, view.getUint32(tiff + 4, little), little);
  const exifOffset = unsigned(view, ifd0.get(TAG.exifIfd), little);
  const exif = exifOffset ? readIfd(view, tiff, exifOffset, little) : new Map<number, Entry>();
  const gpsOffset = unsigned(view, ifd0.get(TAG.gpsIfd), little);
  const gpsIfd = gpsOffset ? readIfd(view, tiff, gpsOffset, little) : new Map<number, Entry>();

  const orientation = unsigned(view, ifd0.get(TAG.orientation), little);
  const takenAt =
    exifDate(ascii(view, exif.get(TAG.dateTimeOriginal)), ascii(view, exif.get(TAG.offsetTimeOriginal))) ?? exifDate(ascii(view, ifd0.get(TAG.dateTime)), null);

  let gps: GpsPosition | null = null;
  const lat = degrees(view, gpsIfd.get(TAG.gpsLatitude), little);
  const lng = degrees(view, gpsIfd.get(TAG.gpsLongitude), little);
  if (lat !== null && lng !== null) {
    const signedLat = ascii(view, gpsIfd.get(TAG.gpsLatitudeRef)) === 'S' ? -lat : lat;
    const signedLng = ascii(view, gpsIfd.get(TAG.gpsLongitudeRef)) === 'W' ? -lng : lng;
    // 0,0 is what some cameras write without a fix.
    if (Math.abs(signedLat) <= 90 && Math.abs(signedLng) <= 180 && !(signedLat === 0 && signedLng === 0)) gps = { lat: signedLat, lng: signedLng };
  }
  return { takenAt, gps, orientation: orientation !== null && orientation >= 1 && orientation <= 8 ? orientation : null };
}

/**
 * A JPEG's size in pixels as stored (before its orientation), from its frame header (SOF0 to
 * SOF15 but DHT, JPG and DAC); null when not found in the bytes given.
 */
export function jpegSize(buffer: ArrayBuffer): { width: number; height: number } | null {
  const view = new DataView(buffer);
  if (view.byteLength < 4 || view.getUint16(0) !== 0xffd8) return null;
  let at = 2;
  while (at + 9 <= view.byteLength) {
    const marker = view.getUint16(at);
    if ((marker & 0xff00) !== 0xff00 || marker === 0xffda || marker === 0xffd9) return null;
    const code = marker & 0xff;
    if (code >= 0xc0 && code <= 0xcf && code !== 0xc4 && code !== 0xc8 && code !== 0xcc) {
      const height = view.getUint16(at + 5);
      const width = view.getUint16(at + 7);
      return width > 0 && height > 0 ? { width, height } : null;
    }
    at += 2 + view.getUint16(at + 2);
  }
  return null;
}

export interface ResizedImage {
  blob: Blob;
  /** The original's name with a .jpg extension. */
  name: string;
  type: 'image/jpeg';
  width: number;
  height: number;
  takenAt: string | null;
  gps: GpsPosition | null;
}

export interface ResizeOptions {
  maxEdge?: number;
  quality?: number;
  /** The device's position, used when the photo carries none. */
  position?: GpsPosition | null;
}

/** The size that fits `maxEdge` on the long side, keeping the proportions (never enlarged). */
export function fitWithin(width: number, height: number, maxEdge: number): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function encode(bitmap: ImageBitmap, width: number, height: number, quality: number): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('encoding failed'))), 'image/jpeg', quality));
}

/** A photo as the app keeps it: resized, oriented, JPEG, with when and where it was taken. Rejects when the image cannot be decoded. */
export async function resizeImage(file: Blob, options: ResizeOptions = {}): Promise<ResizedImage> {
  const maxEdge = options.maxEdge ?? RESIZE_MAX_EDGE;
  const quality = options.quality ?? RESIZE_QUALITY;
  const head = file.type === 'image/jpeg' || file.type === '' ? await file.slice(0, EXIF_READ_BYTES).arrayBuffer() : null;
  const exif = head ? readExif(head) : NONE;
  const stored = head ? jpegSize(head) : null;
  // Knowing the size beforehand, the browser decodes straight to the target size (a JPEG at a
  // half or a quarter of its size is decoded several times faster than whole, then scaled);
  // the orientation turns the picture first, so its sides swap for orientations 5 to 8.
  const shown = stored && (exif.orientation ?? 1) >= 5 ? { width: stored.height, height: stored.width } : stored;
  const target = shown ? fitWithin(shown.width, shown.height, maxEdge) : null;
  const bitmap = await createImageBitmap(
    file,
    target && (target.width < shown!.width || target.height < shown!.height)
      ? { imageOrientation: 'from-image', resizeWidth: target.width, resizeHeight: target.height, resizeQuality: 'high' }
      : { imageOrientation: 'from-image' },
  );
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height, maxEdge);
    const blob = await encode(bitmap, width, height, quality);
    const original = file instanceof File ? file : null;
    const base = original?.name.replace(/\.[^.]*$/, '') || 'photo';
    return {
      blob,
      name: `${base}.jpg`,
      type: 'image/jpeg',
      width,
      height,
      takenAt: exif.takenAt ?? (original && original.lastModified > 0 ? new Date(original.lastModified).toISOString() : null),
      gps: exif.gps ?? options.position ?? null,
    };
  } finally {
    bitmap.close();
  }
}
