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
import { apiToken, startSeededServer } from './bench-support.mjs';
import { measureTusUpload, tusMetadata } from './bench-tus.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 18191);
const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 200);
const CHUNK = 1024 * 1024;
const base = `http://127.0.0.1:${PORT}`;

const server = await startSeededServer(PORT, ['--files', '10000']);
try {
  const token = await apiToken(base);
  const data = Buffer.alloc(UPLOAD_MB * 1e6);
  for (let i = 0; i < data.length; i += 4096) data[i] = i % 251;

  console.log(`\nFiles: tus upload of ${UPLOAD_MB} MB over loopback (1 MiB chunks)`);
  await measureTusUpload({
    endpoint: `${base}/api/uploads`,
    headers: { authorization: `Bearer ${token}` },
    metadata: (id) => tusMetadata({ attachmentId: id, module: 'files', recordId: randomUUID(), name: 'bench.bin', type: 'application/octet-stream' }),
    newId: randomUUID,
    data,
    chunk: CHUNK,
  });

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
