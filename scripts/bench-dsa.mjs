// `npm run bench:dsa`: the data-sharing area's public deposit (not a test; prints figures).
// Starts the built server on loopback (embedded PGlite, demo data), makes an upload-only link of
// the demo area (ZIP files, 1 GiB quota) as the operator, then, as an outsider without any
// session, through the link's tus endpoint (/api/shared/dsa/<token>/uploads):
//   1. a 200 MB deposit in 8 MiB PATCHes (as the drop page sends them): MB/s;
//   2. its resume after a cut: a deposit whose connection drops inside a PATCH halfway, the
//      offset asked with HEAD, the rest sent: what the server kept, and the resumed part's MB/s.
// The public viewer's Lighthouse mobile score is `npm run bench:viewer`.
// Usage: npm run bench:dsa   (BENCH_PORT, BENCH_UPLOAD_MB to change the defaults)
import { randomUUID } from 'node:crypto';
import { apiToken, loadAverage, startSeededServer } from './bench-support.mjs';
import { measureTusUpload, tusMetadata } from './bench-tus.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 18195);
const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 200);
const CHUNK = 8 * 1024 * 1024;
const base = `http://127.0.0.1:${PORT}`;

// The demo data (the demo area) and a handful of sites: seed-bench asks for some count.
const server = await startSeededServer(PORT, ['--sites', '1']);
try {
  const token = await apiToken(base);
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const areas = await (await fetch(`${base}/api/dsa/areas?search=maintenance`, { headers: auth })).json();
  const areaId = areas.data.items[0].id;
  const made = await fetch(`${base}/api/dsa/areas/${areaId}/links`, { method: 'POST', headers: { ...auth, 'idempotency-key': randomUUID() }, body: JSON.stringify({ id: randomUUID(), types: ['zip'], quotaBytes: 1024 * 1024 * 1024 }) });
  if (made.status !== 201) throw new Error(`link: ${made.status} ${await made.text()}`);
  const link = (await made.json()).data;
  const endpoint = `${base}/api/shared/dsa/${link.token}/uploads`;
  const data = Buffer.alloc(UPLOAD_MB * 1e6);
  for (let i = 0; i < data.length; i += 4096) data[i] = i % 251;

  console.log(`\nData-sharing area: a public deposit of ${UPLOAD_MB} MB through the link's tus endpoint over loopback (8 MiB PATCHes), load ${loadAverage()}`);
  await measureTusUpload({
    endpoint,
    metadata: (id) => tusMetadata({ id, name: `bench-${id.slice(0, 8)}.zip`, type: 'application/zip', depositorName: 'Banc de mesure' }),
    newId: randomUUID,
    data,
    chunk: CHUNK,
    timeCreation: true,
    whole: 'whole deposit',
    cut: 'cut inside the PATCH',
  });
  console.log('\nThe public viewer\'s Lighthouse mobile score: npm run bench:viewer');
} finally {
  await server.stop();
}
