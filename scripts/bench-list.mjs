// A module's list route under load (not a test; MODULES.md "Budgets": at least 1,000 req/s
// with p99 under 50 ms on PGlite, 32 connections; the issues give each module's size: 10,000
// sites, 200,000 declarations in the district). For each driver (embedded PGlite, then
// PostgreSQL when VIGIE_BENCH_PG_URL is set or Debian's binaries are installed): seeds the demo
// data plus the module's bench records in Acme / Lyon with `tasks.js seed-bench`, starts the
// built server, and loads these requests with autocannon over loopback:
//   - the first page                   GET /api/<module>?limit=50
//   - a search                         GET /api/<module>?limit=50&search=…
//   - filters and a sort (declarations: the new ones of high severity, the most severe first)
//   - the second page by its cursor    GET /api/<module>?limit=50&cursor=…
//   - different pages in turn, limits 48, 49 and 50 (the first PAGES_PER_LIMIT pages of each:
//     more than the embedded server's page cache holds, so this one is the database's own cost)
// printing requests per second, p50, p99 and the server's CPU time per request (Linux).
// Usage: npm run build:server && node scripts/bench-list.mjs sites|declarations|supplier|contactV2|contract|equipment [seconds per request, default 10]
// BENCH_CONNECTIONS sets the load, BENCH_PORT the first of the two ports used, BENCH_COUNT the
// number of records (default: the module's size above).
import autocannon from 'autocannon';
import { onBothDrivers, startSeededServer } from './bench-support.mjs';

const LISTS = {
  sites: { count: 10_000, seed: (n) => ['--sites', String(n)], search: 'atelier', filtered: null },
  declarations: {
    count: 200_000,
    // A district's sites to report on, then the declarations spread over them.
    seed: (n) => ['--sites', '1000', '--declarations', String(n)],
    search: 'fuite',
    filtered: 'status=new&severity=high,critical&sort=-severity',
  },
  // The route of a module whose list is not at /api/<module>: `route`.
  supplier: { count: 10_000, route: '/api/supplier/suppliers', seed: (n) => ['--suppliers', String(n)], search: 'maintenance', filtered: 'documents=expiring,expired' },
  contactV2: { count: 50_000, route: '/api/contact-v2/contacts', seed: (n) => ['--contacts', String(n)], search: 'dubois', filtered: 'role=emergency' },
  contract: { count: 10_000, route: '/api/contract/contracts', seed: (n) => ['--contracts', String(n)], search: 'nettoyage', filtered: 'status=active,toRenew&noticeWithin=30' },
  equipment: { count: 100_000, route: '/api/inventory/equipment', seed: (n) => ['--equipment', String(n)], search: 'extincteur', filtered: 'check=due&status=inService' },
};
const MODULE = process.argv[2];
if (!Object.hasOwn(LISTS, MODULE)) {
  console.error(`usage: node scripts/bench-list.mjs ${Object.keys(LISTS).join('|')} [seconds per request]`);
  process.exit(2);
}
const LIST = LISTS[MODULE];
const SECONDS = Number(process.argv[3] ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const COUNT = Number(process.env.BENCH_COUNT ?? LIST.count);
/** Pages walked per limit for the "different pages" load: past the page cache's 500 entries in all. */
const PAGES_PER_LIMIT = 200;
const PASSWORD = 'vigie-demo-2026';
const OUT = process.env.VIGIE_SERVER_OUT_DIR || 'server/dist';
const WARM_UP_SECONDS = 2;
const PORT = Number(process.env.BENCH_PORT ?? 18091);

const startServer = (port, extraEnv) => startSeededServer(port, LIST.seed(COUNT), extraEnv, OUT);

/** `path` is one path, or a list of paths asked in turn (a request each). */
async function load(port, path, headers, seconds, cpuMs = () => null) {
  const cpuBefore = cpuMs();
  const paths = Array.isArray(path) ? path : [path];
  let next = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${paths[0]}`,
    headers,
    connections: CONNECTIONS,
    duration: seconds,
    ...(paths.length > 1
      ? {
          requests: [
            {
              setupRequest: (request) => {
                request.path = paths[next % paths.length];
                next += 1;
                return request;
              },
            },
          ],
        }
      : {}),
  });
  const cpuAfter = cpuMs();
  return {
    cpuUs: cpuBefore === null || cpuAfter === null || result.requests.total === 0 ? null : Math.round(((cpuAfter - cpuBefore) * 1000) / result.requests.total),
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

async function bench(label, port, env) {
  console.log(`\n${label}: seeding ${COUNT} ${MODULE}…`);
  const server = await startServer(port, env);
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'operator@demo.vigie.test', password: PASSWORD }),
    });
    const headers = { authorization: `Bearer ${(await res.json()).data.token}` };
    const route = LIST.route ?? `/api/${MODULE}`;
    const read = async (path) => (await (await fetch(`http://127.0.0.1:${port}${path}`, { headers })).json()).data;
    const first = await read(`${route}?limit=50`);
    const search = await read(`${route}?limit=50&search=${LIST.search}`);
    const filtered = LIST.filtered ? await read(`${route}?limit=50&${LIST.filtered}`) : null;
    console.log(`  ${first.total} ${MODULE} in the district; "${LIST.search}" matches ${search.total}${filtered ? `; ${LIST.filtered} matches ${filtered.total}` : ''}`);
    // Different pages of the list with limits 48, 49 and 50, asked in turn: more different
    // pages than the embedded server keeps (PageCache.MAX_ENTRIES, 500), so each one is read
    // from the database; the requests before it are the same page again and again (served
    // from the page cache on PGlite, as every member of a district opening the list is).
    const differentPages = [];
    for (const limit of [48, 49, 50]) {
      let cursor = null;
      let pages = 0;
      do {
        const path = `${route}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
        differentPages.push(path);
        cursor = (await read(path)).nextCursor;
        pages += 1;
      } while (cursor && pages < PAGES_PER_LIMIT);
    }
    const requests = [
      [`first page GET ${route}?limit=50`, `${route}?limit=50`],
      [`search GET ${route}?limit=50&search=${LIST.search}`, `${route}?limit=50&search=${LIST.search}`],
      ...(LIST.filtered ? [[`filtered GET ${route}?limit=50&${LIST.filtered}`, `${route}?limit=50&${LIST.filtered}`]] : []),
      [`second page GET ${route}?limit=50&cursor=…`, `${route}?limit=50&cursor=${first.nextCursor}`],
      [`different pages in turn (${differentPages.length})`, differentPages],
    ];
    const rows = [];
    for (const [name, path] of requests) {
      await load(port, path, headers, WARM_UP_SECONDS);
      rows.push([name, await load(port, path, headers, SECONDS, server.cpuMs)]);
    }
    console.log(`${label} (${SECONDS} s per request, ${CONNECTIONS} connections, ${first.total} ${MODULE})`);
    const width = Math.max(...rows.map(([name]) => name.length));
    for (const [name, r] of rows) {
      console.log(`  ${name.padEnd(width)} ${String(r.rps).padStart(6)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   server CPU ${r.cpuUs ?? '?'} µs/request   (${r.requests} requests, ${r.errors} non-2xx or errors)`);
    }
  } finally {
    await server.stop();
  }
}

await onBothDrivers(`${MODULE}_`, PORT, bench);
