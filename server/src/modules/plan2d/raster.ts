/**
 * A PDF page made a plan image on the server: pdf.js (legacy build, for Node) draws the page on
 * a @napi-rs/canvas at a scale whose long edge is RASTER_EDGE pixels at most, on white, and
 * sharp encodes it as lossless WebP (a plan's lines and text stay sharp; a few hundred KiB for
 * an A3 floor plan). Fonts are not loaded from the system and no script of the PDF runs.
 */
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { RASTER_EDGE } from '../../../../common/modules/plan2d/schemas.js';

export type RasterResult = { ok: true; bytes: Buffer; width: number; height: number; pages: number } | { ok: false; reason: 'invalid' | 'page' };

export async function rasterisePdfPage(data: Uint8Array, pageNumber: number, edge = RASTER_EDGE): Promise<RasterResult> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let doc: Awaited<ReturnType<typeof pdfjs.getDocument>['promise']>;
  try {
    doc = await pdfjs.getDocument({ data, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0, stopAtErrors: true }).promise;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  try {
    if (pageNumber > doc.numPages) return { ok: false, reason: 'page' };
    const page = await doc.getPage(pageNumber);
    const base = page.getViewport({ scale: 1 });
    const scale = Math.min(edge / Math.max(base.width, base.height), 8);
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.floor(viewport.width));
    const height = Math.max(1, Math.floor(viewport.height));
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    await page.render({ canvasContext: context as never, canvas: canvas as never, viewport }).promise;
    const raw = context.getImageData(0, 0, width, height);
    const bytes = await sharp(Buffer.from(raw.data.buffer, raw.data.byteOffset, raw.data.byteLength), { raw: { width, height, channels: 4 } })
      .removeAlpha()
      .webp({ lossless: true, effort: 2 })
      .toBuffer();
    return { ok: true, bytes, width, height, pages: doc.numPages };
  } catch {
    return { ok: false, reason: 'invalid' };
  } finally {
    await doc.destroy();
  }
}
