/**
 * The EXIF reader of image-resize.ts on JPEG files built here byte by byte (both byte orders,
 * with and without a time zone, southern and western positions), and on broken files it must
 * survive; and the size a photo is resized to.
 */
import { describe, expect, it } from 'vitest';
import { exifDate, fitWithin, jpegSize, readExif } from '../../../src/lib/image-resize';

interface Fixture {
  little?: boolean;
  orientation?: number;
  taken?: string;
  offset?: string;
  lat?: [number, number, number, 'N' | 'S'];
  lng?: [number, number, number, 'E' | 'W'];
}

/** A JPEG made of SOI, an APP1 EXIF segment with IFD0, the EXIF IFD and the GPS IFD, and EOI. */
function jpeg(f: Fixture): ArrayBuffer {
  const little = f.little ?? true;
  const tiff = new DataView(new ArrayBuffer(256));
  const u16 = (at: number, v: number) => tiff.setUint16(at, v, little);
  const u32 = (at: number, v: number) => tiff.setUint32(at, v, little);
  const text = (at: number, s: string) => [...s].forEach((c, i) => tiff.setUint8(at + i, c.charCodeAt(0)));
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    u16(at, tag);
    u16(at + 2, type);
    u32(at + 4, count);
    if (type === 3 && count === 1) u16(at + 8, value);
    else u32(at + 8, value);
  };
  text(0, little ? 'II' : 'MM');
  u16(2, 42);
  u32(4, 8);
  // IFD0 at 8: orientation, EXIF IFD at 50, GPS IFD at 108.
  u16(8, 3);
  entry(10, 0x0112, 3, 1, f.orientation ?? 1);
  entry(22, 0x8769, 4, 1, 50);
  entry(34, 0x8825, 4, 1, 108);
  // EXIF IFD at 50: DateTimeOriginal (20 bytes at 80), OffsetTimeOriginal (7 bytes at 100).
  const exifEntries = (f.taken ? 1 : 0) + (f.offset ? 1 : 0);
  u16(50, exifEntries);
  let slot = 52;
  if (f.taken) {
    entry(slot, 0x9003, 2, 20, 80);
    text(80, f.taken);
    slot += 12;
  }
  if (f.offset) {
    entry(slot, 0x9011, 2, 7, 100);
    text(100, f.offset);
  }
  // GPS IFD at 108: refs inline, latitude at 162, longitude at 186 (three rationals each).
  const rationals = (at: number, [d, m, s]: [number, number, number, string]) => {
    u32(at, d);
    u32(at + 4, 1);
    u32(at + 8, m);
    u32(at + 12, 1);
    u32(at + 16, Math.round(s * 100));
    u32(at + 20, 100);
  };
  u16(108, f.lat && f.lng ? 4 : 0);
  if (f.lat && f.lng) {
    entry(110, 0x0001, 2, 2, 0);
    text(118, f.lat[3]);
    entry(122, 0x0002, 5, 3, 162);
    entry(134, 0x0003, 2, 2, 0);
    text(142, f.lng[3]);
    entry(146, 0x0004, 5, 3, 186);
    rationals(162, f.lat);
    rationals(186, f.lng);
  }
  const tiffBytes = new Uint8Array(tiff.buffer, 0, 210);
  const segment = 2 + 6 + tiffBytes.length;
  const out = new Uint8Array(4 + segment + 2 + 2);
  out.set([0xff, 0xd8, 0xff, 0xe1, segment >> 8, segment & 0xff, 0x45, 0x78, 0x69, 0x66, 0, 0]);
  out.set(tiffBytes, 12);
  out.set([0xff, 0xd9], 12 + tiffBytes.length);
  return out.buffer;
}

describe('readExif', () => {
  it('reads the time with its zone, the position and the orientation (little-endian)', () => {
    const info = readExif(jpeg({ orientation: 6, taken: '2026:05:14 11:30:00', offset: '+02:00', lat: [45, 45, 50.55, 'N'], lng: [4, 50, 8.37, 'E'] }));
    expect(info.takenAt).toBe('2026-05-14T09:30:00.000Z');
    expect(info.orientation).toBe(6);
    expect(info.gps!.lat).toBeCloseTo(45 + 45 / 60 + 50.55 / 3600, 6);
    expect(info.gps!.lng).toBeCloseTo(4 + 50 / 60 + 8.37 / 3600, 6);
  });

  it('reads big-endian files, and southern and western positions as negative', () => {
    const info = readExif(jpeg({ little: false, orientation: 3, taken: '2025:12:31 23:59:59', offset: '-03:00', lat: [22, 54, 30, 'S'], lng: [43, 11, 47, 'W'] }));
    expect(info.takenAt).toBe('2026-01-01T02:59:59.000Z');
    expect(info.orientation).toBe(3);
    expect(info.gps!.lat).toBeCloseTo(-22.90833, 4);
    expect(info.gps!.lng).toBeCloseTo(-43.19639, 4);
  });

  it('takes a time without zone as the device local time', () => {
    const info = readExif(jpeg({ taken: '2026:03:01 08:15:00' }));
    expect(info.takenAt).toBe(new Date(2026, 2, 1, 8, 15, 0).toISOString());
    expect(info.gps).toBeNull();
  });

  it('answers nothing, without throwing, for other files and broken ones', () => {
    expect(readExif(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]).buffer)).toEqual({ takenAt: null, gps: null, orientation: null });
    expect(readExif(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]).buffer)).toEqual({ takenAt: null, gps: null, orientation: null });
    const whole = new Uint8Array(jpeg({ orientation: 6, taken: '2026:05:14 11:30:00', lat: [45, 0, 0, 'N'], lng: [4, 0, 0, 'E'] }));
    // Cut anywhere: never a throw, never a value read past the end.
    for (let length = 0; length < whole.length; length += 7) {
      expect(() => readExif(whole.slice(0, length).buffer)).not.toThrow();
    }
    // A camera without a fix writes 0,0: no position rather than the Gulf of Guinea.
    expect(readExif(jpeg({ lat: [0, 0, 0, 'N'], lng: [0, 0, 0, 'E'] })).gps).toBeNull();
  });

  it('refuses impossible dates', () => {
    expect(exifDate('2026:13:01 00:00:00', null)).toBeNull();
    expect(exifDate('0000:00:00 00:00:00', null)).toBeNull();
    expect(exifDate('not a date', null)).toBeNull();
  });
});

describe('fitWithin', () => {
  it('brings the long edge to the limit, keeping proportions, and never enlarges', () => {
    expect(fitWithin(4000, 3000, 2000)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin(3000, 4000, 2000)).toEqual({ width: 1500, height: 2000 });
    expect(fitWithin(1200, 800, 2000)).toEqual({ width: 1200, height: 800 });
  });
});

describe('jpegSize', () => {
  it('reads the stored size from the frame header, after the EXIF block', () => {
    const exif = new Uint8Array(jpeg({ orientation: 6 }));
    // SOI + APP1 (without its EOI and padding), then a baseline frame header of 4000 × 3000.
    const frame = [0xff, 0xc0, 0x00, 0x11, 0x08, 0x0b, 0xb8, 0x0f, 0xa0, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
    const bytes = new Uint8Array([...exif.slice(0, exif.length - 4), ...frame]);
    expect(jpegSize(bytes.buffer)).toEqual({ width: 4000, height: 3000 });
    expect(readExif(bytes.buffer).orientation).toBe(6);
    expect(jpegSize(bytes.slice(0, 20).buffer)).toBeNull();
    expect(jpegSize(new Uint8Array([0x89, 0x50, 0x4e, 0x47]).buffer)).toBeNull();
  });
});
