/**
 * Small real PNG images for the demo sites' stages: an equirectangular-looking gradient
 * (sky, horizon, ground) tinted per stage, encoded with node's zlib. A few kilobytes each.
 */
import { crc32, deflateSync } from 'node:zlib';

const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A width×height RGB PNG whose pixels `pixel(x, y)` gives. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw.writeUInt8(r, row + 1 + x * 3);
      raw.writeUInt8(g, row + 2 + x * 3);
      raw.writeUInt8(b, row + 3 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/** A 128×64 panorama-like stage image; `seed` varies the tint and the skyline. */
export function stageImage(seed: number): Buffer {
  const width = 128;
  const height = 64;
  const hue = (seed * 47) % 360;
  const tint = (v: number, shift: number) => Math.max(0, Math.min(255, Math.round(v + 40 * Math.sin(((hue + shift) * Math.PI) / 180))));
  return encodePng(width, height, (x, y) => {
    const skyline = height / 2 + Math.round(6 * Math.sin((x + seed * 13) / 9) + 3 * Math.sin((x * 3 + seed) / 5));
    if (y < skyline) {
      const t = y / skyline;
      return [tint(90 + 80 * t, 0), tint(150 + 60 * t, 120), tint(230 - 20 * t, 240)];
    }
    const t = (y - skyline) / (height - skyline);
    return [tint(110 - 50 * t, 60), tint(120 - 40 * t, 180), tint(70 - 30 * t, 300)];
  });
}
