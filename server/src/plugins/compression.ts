/**
 * Compressed answers (brotli, else gzip, as the request accepts): the API's JSON, CSV and
 * text over 1 KiB. Phones on weak networks pay for every byte: a district's emergency list of
 * 10,000 sites is 2.5 MB of JSON, 0.2 MB compressed; a page of 100 sites 40 KB, 6 KB. Brotli at
 * the plugin's quality 4, fast enough to compress as the answer goes. Not compressed: what is
 * already (the built app's files are served precompressed, static.ts; photos, PDFs), partial
 * content (ranges count uncompressed bytes), and binary uploads. Request bodies are never
 * decompressed: a compressed body is refused as the body parsers refuse any other type.
 */
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than its headers. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** JSON (and +json), text (CSV, plain, HTML, JavaScript), XML and SVG; never event streams. */
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)/u;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    globalDecompression: false,
  });
}
