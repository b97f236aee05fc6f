/**
 * The real tus client (tus-js-client, its Node build, as the app uses it with the URL derived
 * from the attachment id) against the real server: a new upload is created after the HEAD's
 * 404, sent in chunks, and complete; uploaded again, it is found complete by the HEAD and
 * nothing is sent; stopped halfway and started again, it resumes from the server's offset.
 */
import { createHash, randomUUID } from 'node:crypto';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noiseJpeg } from './attachments-tus.js';
import { bearer, listenOnLoopback, login, startTestServer, type TestServer } from './helper.js';

const CHUNK = 64 * 1024;
let server: TestServer;
let base: string;
let token: string;
let siteId: string;

beforeAll(async () => {
  server = await startTestServer();
  base = await listenOnLoopback(server);
  token = (await login(server, 'operator@demo.vigie.test')).token;
  const db = await server.databases.client('acme');
  const { rows } = await db.query<{ id: string }>(`select s.id from sites s join districts d on d.id = s.district_id where d.name = 'Lyon' limit 1`);
  siteId = rows[0]!.id;
});
afterAll(() => server?.destroy());

/** Runs one upload with the options the app uses; `stopAfter` aborts it once that many bytes were acknowledged. */
function upload(id: string, data: Buffer, stopAfter?: number): Promise<{ sent: number[]; stopped: boolean }> {
  const sent: number[] = [];
  return new Promise((resolve, reject) => {
    const tus = new Upload(data, {
      endpoint: `${base}/api/uploads`,
      uploadUrl: `${base}/api/uploads/${id}`,
      chunkSize: CHUNK,
      retryDelays: [0],
      headers: bearer(token),
      metadata: { attachmentId: id, module: 'sites', recordId: siteId, name: 'Pignon.jpg', type: 'image/jpeg' },
      storeFingerprintForResuming: false,
      onChunkComplete: (_size, accepted) => {
        sent.push(accepted);
        if (stopAfter !== undefined && accepted >= stopAfter) {
          void tus.abort(false).then(() => resolve({ sent, stopped: true }));
        }
      },
      onSuccess: () => resolve({ sent, stopped: false }),
      onError: reject,
    });
    tus.start();
  });
}

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('tus-js-client against /api/uploads', () => {
  it('creates, stops halfway, resumes from the offset, and finds a complete upload complete', async () => {
    const id = randomUUID();
    const photo = await noiseJpeg(800, 600);
    const half = Math.floor(photo.length / 2);
    const first = await upload(id, photo, half);
    expect(first.stopped).toBe(true);

    const second = await upload(id, photo);
    expect(second.stopped).toBe(false);
    // Resumed: its first chunk ends past where the first run stopped, not at one chunk.
    expect(second.sent[0]).toBeGreaterThan(half);
    const served = await fetch(`${base}/api/attachments/${id}`, { headers: bearer(token) });
    expect(sha(Buffer.from(await served.arrayBuffer()))).toBe(sha(photo));

    const third = await upload(id, photo);
    expect(third).toEqual({ sent: [], stopped: false });
  });
});
