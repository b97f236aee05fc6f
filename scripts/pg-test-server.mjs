// A throwaway PostgreSQL server for the tests: Debian's binaries, a data folder under /tmp,
// loopback only, a port below 32768. As root, initdb and the server run as `postgres`
// (initdb refuses root). `start` prints the URL; `stop` stops it and removes the folder.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';

const PORT = Number(process.env.VIGIE_TEST_PG_PORT ?? 25432);
const DIR = `/tmp/vigie-pg-${PORT}`;
const OPTIONS = `-p ${PORT} -k ${DIR} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;

export function postgresBinDir() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(`${root}/${v}/bin/pg_ctl`)).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? `${root}/${versions[0]}/bin` : null;
}

const asPostgres = (command, args) => {
  const isRoot = process.getuid?.() === 0;
  const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
};

export function startPostgres() {
  const bin = postgresBinDir();
  if (!bin) return null;
  stopPostgres();
  mkdirSync(DIR, { recursive: true });
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', DIR]);
  chmodSync(DIR, 0o700);
  asPostgres(`${bin}/initdb`, ['-D', `${DIR}/data`, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  asPostgres(`${bin}/pg_ctl`, ['-D', `${DIR}/data`, '-l', `${DIR}/server.log`, '-o', OPTIONS, '-w', 'start']);
  return `postgres://postgres@127.0.0.1:${PORT}/postgres`;
}

export function stopPostgres() {
  const bin = postgresBinDir();
  if (bin && existsSync(`${DIR}/data/postmaster.pid`)) {
    try {
      asPostgres(`${bin}/pg_ctl`, ['-D', `${DIR}/data`, '-m', 'fast', '-w', 'stop']);
    } catch {
      // already stopped
    }
  }
  rmSync(DIR, { recursive: true, force: true });
}

/** Kills the server as a crash would (immediate shutdown, no checkpoint), keeping its data folder. */
export function crashPostgres() {
  const bin = postgresBinDir();
  if (bin) asPostgres(`${bin}/pg_ctl`, ['-D', `${DIR}/data`, '-m', 'immediate', '-w', 'stop']);
}

/** Starts the server again on the data folder startPostgres made (after crashPostgres). */
export function restartPostgres() {
  const bin = postgresBinDir();
  if (bin) asPostgres(`${bin}/pg_ctl`, ['-D', `${DIR}/data`, '-l', `${DIR}/server.log`, '-o', OPTIONS, '-w', 'start']);
}

if (process.argv[1]?.endsWith('pg-test-server.mjs')) {
  const command = process.argv[2];
  if (command === 'start') {
    const url = startPostgres();
    if (!url) {
      console.error('no PostgreSQL binaries under /usr/lib/postgresql (apt-get install postgresql)');
      process.exit(1);
    }
    console.log(url);
  } else if (command === 'stop') stopPostgres();
  else {
    console.error('usage: node scripts/pg-test-server.mjs start|stop');
    process.exit(2);
  }
}
