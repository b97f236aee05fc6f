/**
 * A small tus 1.0 client for the attachment tests, over real HTTP (a cut upload needs a real
 * socket to cut): create, HEAD, PATCH, and a PATCH whose connection is dropped halfway.
 */
import { request as httpRequest } from 'node:http';
import sharp from 'sharp';
import { bearer } from './helper.js';

export const tusMetadata = (fields: Record<string, string>): string =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

export class TusClient {
  constructor(
    readonly base: string,
    readonly token: string,
  ) {}

  create(fields: Record<string, string>, size: number): Promise<Response> {
    return fetch(`${this.base}/api/uploads`, {
      method: 'POST',
      headers: { ...bearer(this.token), 'tus-resumable': '1.0.0', 'upload-length': String(size), 'upload-metadata': tusMetadata(fields) },
    });
  }

  /** A creation carrying `chunk`, the upload's first bytes (tus creation-with-upload). */
  createWith(fields: Record<string, string>, size: number, chunk: Buffer): Promise<Response> {
    return fetch(`${this.base}/api/uploads`, {
      method: 'POST',
      headers: {
        ...bearer(this.token),
        'tus-resumable': '1.0.0',
        'upload-length': String(size),
        'upload-metadata': tusMetadata(fields),
        'content-type': 'application/offset+octet-stream',
      },
      body: chunk,
    });
  }

  head(id: string): Promise<Response> {
    return fetch(`${this.base}/api/uploads/${id}`, { method: 'HEAD', headers: { ...bearer(this.token), 'tus-resumable': '1.0.0' } });
  }

  async offset(id: string): Promise<number> {
    const response = await this.head(id);
    if (response.status !== 200) throw new Error(`HEAD ${id}: ${response.status}`);
    return Number(response.headers.get('upload-offset'));
  }

  patch(id: string, offset: number, chunk: Buffer): Promise<Response> {
    return fetch(`${this.base}/api/uploads/${id}`, {
      method: 'PATCH',
      headers: { ...bearer(this.token), 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: chunk,
    });
  }

  /** Sends the chunks from `offset` on, one PATCH each; answers the last response. */
  async send(id: string, data: Buffer, offset: number, chunkSize: number): Promise<Response> {
    let response: Response | null = null;
    for (let at = offset; at < data.length; at += chunkSize) {
      response = await this.patch(id, at, data.subarray(at, Math.min(at + chunkSize, data.length)));
      if (response.status !== 204) return response;
      if (Number(response.headers.get('upload-offset')) !== Math.min(at + chunkSize, data.length)) throw new Error('unexpected offset');
    }
    if (!response) throw new Error('nothing to send');
    return response;
  }

  /**
   * A PATCH announcing `chunk` whole but sending only `sent` bytes of it before its connection
   * drops (a train entering a tunnel): resolves once the socket is gone.
   */
  cutPatch(id: string, offset: number, chunk: Buffer, sent: number): Promise<void> {
    return this.cut('PATCH', `/api/uploads/${id}`, { 'upload-offset': String(offset) }, chunk, sent);
  }

  /** A creation carrying `chunk` (creation-with-upload) whose connection drops after `sent` bytes. */
  cutCreate(fields: Record<string, string>, size: number, chunk: Buffer, sent: number): Promise<void> {
    return this.cut('POST', '/api/uploads', { 'upload-length': String(size), 'upload-metadata': tusMetadata(fields) }, chunk, sent);
  }

  private cut(method: string, path: string, headers: Record<string, string>, chunk: Buffer, sent: number): Promise<void> {
    const url = new URL(`${this.base}${path}`);
    return new Promise((done) => {
      const req = httpRequest({
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        headers: {
          ...bearer(this.token),
          'tus-resumable': '1.0.0',
          ...headers,
          'content-type': 'application/offset+octet-stream',
          'content-length': String(chunk.length),
        },
      });
      req.on('error', () => done());
      req.on('close', () => done());
      req.write(chunk.subarray(0, sent), () => {
        // Let the bytes reach the server before the cut.
        setTimeout(() => req.destroy(), 200);
      });
    });
  }
}

/** A photo-like JPEG (noise, so it does not compress to nothing) of `width` × `height`. */
export async function noiseJpeg(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = (seed >> 16) & 0xff;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

/** Polls `read` until it answers the same value twice in a row (the server finished with a cut request). */
export async function settled<T>(read: () => Promise<T>, rounds = 50): Promise<T> {
  let last = await read();
  for (let i = 0; i < rounds; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const next = await read();
    if (next === last) return next;
    last = next;
  }
  return last;
}
