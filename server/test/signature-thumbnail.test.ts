/**
 * A signature's thumbnail: the PNG a signature pad drew before its sheet was white has a
 * transparent background; its JPEG thumbnail (no transparency) shows it on white, as on paper,
 * not on black (the report's "black square").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureThumbnail, type AttachmentRow } from '../src/attachments/index.js';
import { openStorage } from '../src/attachments/storage.js';
import type { Queryable } from '../src/db/types.js';

const dataDir = mkdtempSync(join(tmpdir(), 'vigie-signature-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the thumbnail of a transparent PNG', () => {
  it('is ink on white, not a black square', async () => {
    const storage = openStorage({ dataDir, s3: null });
    // Dark ink on a transparent sheet, 600 × 200 as the pad draws it.
    const png = await sharp(
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M40 120 C120 20, 200 180, 300 90 S460 60, 560 110" stroke="#111" stroke-width="6" fill="none"/></svg>`),
    )
      .png()
      .toBuffer();
    expect((await sharp(png).metadata()).hasAlpha).toBe(true);
    await storage.put('acme/signature', png, 'image/png');
    const db = { query: () => Promise.resolve({ rows: [], rowCount: 0 }) } as unknown as Queryable;
    const row = { id: 'signature', type: 'image/png', storage_key: 'acme/signature', thumbnail_key: null } as unknown as AttachmentRow;
    const key = await ensureThumbnail(db, storage, row);
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.get(key!)) chunks.push(chunk as Buffer);
    const { data, info } = await sharp(Buffer.concat(chunks)).raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(320);
    // Its corner is white, and nearly all of it light: ink on paper.
    expect([...data.subarray(0, 3)].every((v) => v > 245)).toBe(true);
    let dark = 0;
    for (let i = 0; i < data.length; i += info.channels) if (data[i]! + data[i + 1]! + data[i + 2]! < 200) dark += 1;
    expect(dark / (info.width * info.height)).toBeLessThan(0.2);
  });
});
