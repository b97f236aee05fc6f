/**
 * The same upload and download as attachments.test.ts, through the S3-compatible storage:
 * s3rver (an S3 imitation, a dev dependency) runs on its own port over a temporary folder.
 * If it cannot start here, the test says why and is skipped rather than passing silently.
 * s3rver lacks ListParts, which @tus/s3-store asks on every chunk (real stores have it: AWS,
 * MinIO, Garage...): the test gives it one, read from s3rver's own folder of parts.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver, { type S3rverContext } from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noiseJpeg, settled, TusClient } from './attachments-tus.js';
import { bearer, listenOnLoopback, login, startTestServer, type TestServer } from './helper.js';

const S3_PORT = Number(process.env.VIGIE_TEST_S3_PORT ?? 4345);
const BUCKET = 'vigie-attachments';
const CHUNK = 64 * 1024;

let s3: S3rver | null = null;
let s3Dir: string;
let server: TestServer;
let base: string;

/** ListParts (GET /bucket/key?uploadId=…), answered from the parts s3rver keeps in its folder. */
function listParts(s3rver: S3rver) {
  return async (ctx: S3rverContext, next: () => Promise<void>): Promise<void> => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== 'GET' || !uploadId || ctx.query.partNumber !== undefined) return next();
    const [, bucket, ...key] = ctx.path.split('/');
    const folder = join(s3rver.store.getResourcePath(bucket!, undefined, 'uploads'), uploadId);
    const names = await readdir(folder).catch(() => null);
    ctx.type = 'application/xml';
    if (names === null) {
      ctx.status = 404;
      ctx.body = '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>no such upload</Message></Error>';
      return;
    }
    const numbers = names.filter((n) => /^\d+$/.test(n)).map(Number).sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const [size, md5] = await Promise.all([stat(join(folder, String(n))).then((s) => s.size), readFile(join(folder, `${n}.md5`), 'utf8')]);
        return `<Part><PartNumber>${n}</PartNumber><ETag>"${md5}"</ETag><Size>${size}</Size></Part>`;
      }),
    );
    ctx.status = 200;
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${bucket}</Bucket><Key>${key.join('/')}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  };
}

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

beforeAll(async () => {
  s3Dir = await mkdtemp(join(tmpdir(), 'vigie-s3-'));
  // s3rver is a dev dependency: when it cannot start, the test fails rather than passing unseen.
  s3 = new S3rver({ port: S3_PORT, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] });
  s3.middleware.unshift(listParts(s3));
  await s3.run();
  server = await startTestServer({
    s3: { endpoint: `http://127.0.0.1:${S3_PORT}`, bucket: BUCKET, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true },
  });
  base = await listenOnLoopback(server);
});
afterAll(async () => {
  await server?.destroy();
  await s3?.close();
  await rm(s3Dir, { recursive: true, force: true });
});

describe('attachments on S3-compatible storage', () => {
  it('uploads in chunks, resumes after a cut from what arrived, serves the same bytes, ranges and a thumbnail', async () => {
    const manager = new TusClient(base, (await login(server, 'operator@demo.vigie.test')).token);
    const db = await server.databases.client('acme');
    const { rows } = await db.query<{ id: string }>(`select s.id from sites s join districts d on d.id = s.district_id where d.name = 'Lyon' limit 1`);
    const id = randomUUID();
    const photo = await noiseJpeg(640, 480);
    const created = await manager.create({ attachmentId: id, module: 'sites', recordId: rows[0]!.id, name: 'Toiture.jpg', type: 'image/jpeg' }, photo.length);
    expect(created.status).toBe(201);

    expect((await manager.send(id, photo.subarray(0, 2 * CHUNK), 0, CHUNK)).status).toBe(204);
    await manager.cutPatch(id, 2 * CHUNK, photo.subarray(2 * CHUNK, 4 * CHUNK), CHUNK);
    // What arrived before the cut is kept, in S3 too (storage.ts receives each chunk whole
    // before S3Store writes it, docs/attachments.md).
    const offset = await settled(() => manager.offset(id));
    expect(offset).toBeGreaterThanOrEqual(2 * CHUNK);
    expect(offset).toBeLessThanOrEqual(3 * CHUNK);
    const last = await manager.send(id, photo, offset, CHUNK);
    expect(last.status).toBe(204);

    const served = await fetch(`${base}/api/attachments/${id}`, { headers: bearer(manager.token) });
    expect(served.status).toBe(200);
    expect(sha(Buffer.from(await served.arrayBuffer()))).toBe(sha(photo));
    const range = await fetch(`${base}/api/attachments/${id}`, { headers: { ...bearer(manager.token), range: 'bytes=10-19' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(photo.subarray(10, 20))).toBe(true);
    const thumbnail = await fetch(`${base}/api/attachments/${id}/thumbnail`, { headers: bearer(manager.token) });
    expect(thumbnail.status).toBe(200);
    const meta = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([320, 240]);
    // The re-upload of a complete one is a success without a copy.
    expect((await manager.head(id)).headers.get('upload-offset')).toBe(String(photo.length));
  });
});
