// What the server benchmarks (bench-server.mjs, bench-sites.mjs) share: waiting for a started
// server, stopping it and removing its data, and the CPU time it used.
import { existsSync, readFileSync, rmSync } from 'node:fs';

/** Resolves once GET /api/config answers (at most 2 minutes). */
export async function waitForServer(port) {
  for (let i = 0; i < 240; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/config`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The handle of a started server process: its CPU time, and a stop that removes its data folder. */
export function serverHandle(child, dataDir) {
  return {
    cpuMs: () => cpuMsOf(child.pid),
    stop: () =>
      new Promise((r) => {
        child.on('exit', r);
        child.kill('SIGTERM');
      }).then(() => rmSync(dataDir, { recursive: true, force: true })),
  };
}

/**
 * CPU time (user + system, ms) the server process has used, from /proc on Linux, else null.
 * Per request it says what the server costs even when other work shares the machine.
 */
export function cpuMsOf(pid) {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return null;
  const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
  // utime and stime, in clock ticks of 10 ms (USER_HZ is 100 on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
