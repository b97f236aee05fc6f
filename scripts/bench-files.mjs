// The Files module's figures (not a test; prints them). Seeds the demo data plus 10,000
// documents in one folder (`tasks.js seed-bench --files 10000`), starts the built server on
// loopback (embedded PGlite), then measures:
//   1. a tus upload of a 200 MB file (1 MiB chunks, as the app sends them): MB/s;
//   2. its resume after a cut: an upload cut halfway (the connection dropped inside a chunk),
//      the offset asked with HEAD, the rest sent: what was kept, and the resumed part's MB/s;
//   3. the folder listing with 10,000 files: GET /api/files/folders/:id/documents, median and
//      worst of 7 (server time as the client sees it on loopback) and the answer's size.
// The first-page preview of a 50-page PDF at 4x CPU is measured in the browser by bench-pdf.mjs.
// Usage: npm run bench:files   (BENCH_PORT, BENCH_UPLOAD_MB to change the defaults)
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { apiToken, startSeededServer } from './bench-support.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 18191);
const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 200);
const CHUNK = 1024 * 1024;
const base = `http://127.0.0.1:${PORT}`;

const meta = (fields) => Object.entries(fields).map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`).join(',');
const mbps = (bytes, ms) => (bytes / 1e6 / (ms / 1000)).toFixed(1);

async function createUpload(token, id, size) {
  const res = await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0', 'upload-length': String(size), 'upload-metadata': meta({ attachmentId: id, module: 'files', recordId: randomUUID(), name: 'bench.bin', type: 'application/octet-stream' }) },
  });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
}

async function patch(token, id, offset, chunk) {
  const res = await fetch(`${base}/api/uploads/${id}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body: chunk,
  });
  if (res.status !== 204) throw new Error(`patch at ${offset}: ${res.status} ${await res.text()}`);
  return Number(res.headers.get('upload-offset'));
}

async function send(token, id, data, from) {
  let offset = from;
  while (offset < data.length) offset = await patch(token, id, offset, data.subarray(offset, Math.min(offset + CHUNK, data.length)));
  return offset;
}

/** A PATCH announcing a whole chunk whose connection drops after `sent` bytes. */
function cutPatch(token, id, offset, chunk, sent) {
  return new Promise((resolve) => {
    const req = request(`${base}/api/uploads/${id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', 'content-length': String(chunk.length) },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(chunk.subarray(0, sent), () => setTimeout(() => req.destroy(), 200));
  });
}

async function headOffset(token, id) {
  const res = await fetch(`${base}/api/uploads/${id}`, { method: 'HEAD', headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' } });
  return Number(res.headers.get('upload-offset'));
}

const server = await startSeededServer(PORT, ['--files', '10000']);
try {
  const token = await apiToken(base);
  const data = Buffer.alloc(UPLOAD_MB * 1e6);
  for (let i = 0; i < data.length; i += 4096) data[i] = i % 251;

  console.log(`\nFiles: tus upload of ${UPLOAD_MB} MB over loopback (1 MiB chunks)`);
  const whole = randomUUID();
  await createUpload(token, whole, data.length);
  let started = performance.now();
  await send(token, whole, data, 0);
  const wholeMs = performance.now() - started;
  console.log(`  whole upload: ${(wholeMs / 1000).toFixed(1)} s, ${mbps(data.length, wholeMs)} MB/s`);

  const cut = randomUUID();
  await createUpload(token, cut, data.length);
  const half = Math.floor(data.length / 2 / CHUNK) * CHUNK;
  await send(token, cut, data.subarray(0, half), 0);
  await cutPatch(token, cut, half, data.subarray(half, half + CHUNK), CHUNK / 2);
  const kept = await headOffset(token, cut);
  started = performance.now();
  await send(token, cut, data, kept);
  const resumedMs = performance.now() - started;
  const done = await headOffset(token, cut);
  console.log(`  cut inside the chunk at ${(half / 1e6).toFixed(1)} MB: the server kept ${(kept / 1e6).toFixed(2)} MB; resumed from there, ${((data.length - kept) / 1e6).toFixed(1)} MB in ${(resumedMs / 1000).toFixed(1)} s (${mbps(data.length - kept, resumedMs)} MB/s), complete: ${done === data.length}`);

  console.log('\nFiles: the folder listing with 10,000 files');
  const search = await fetch(`${base}/api/files/search?search=Document%20000001`, { headers: { authorization: `Bearer ${token}` } });
  const folderId = (await search.json()).data[0]?.folderId;
  const times = [];
  let bytes = 0;
  let count = 0;
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/files/folders/${folderId}/documents`, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    times.push(performance.now() - t0);
    bytes = text.length;
    count = JSON.parse(text).data.length;
  }
  times.sort((a, b) => a - b);
  console.log(`  ${count} documents, ${(bytes / 1e6).toFixed(1)} MB of JSON: median ${times[3].toFixed(0)} ms, best ${times[0].toFixed(0)} ms, worst ${times[6].toFixed(0)} ms`);

  console.log('\nFiles: first-page preview of a 50-page PDF at 4x CPU: see npm run bench:pdf');
} finally {
  await server.stop();
}
