/**
 * What runs on its own, every minute, in a process started with VIGIE_SCHEDULER (the default):
 * the modules' scheduled jobs (their descriptors' `jobs`, listed by modules/index.ts), one after the other, each over every client
 * database. A job is a function of the time it runs at, so the tests run it at the times they
 * choose instead of waiting for the clock. Jobs are safe to run in several processes at once:
 * each claims its work in the database (notices.ts).
 */
import type { RouteContext } from '../../routes/context.js';

export const SCHEDULER_INTERVAL_MS = 60_000;

export interface JobLog {
  error: (o: object, m: string) => void;
}

/** A scheduled job: one run at `now`, over every client database. */
export type ScheduledJob = (ctx: RouteContext, now: Date, log?: JobLog) => Promise<unknown>;

/**
 * Runs `run` for every client database at `now` and adds up the reports; a database that fails
 * is skipped and logged (the others still run).
 */
export async function forEachClientDatabase<R extends { [K in keyof R]: number }>(
  ctx: RouteContext,
  job: string,
  empty: R,
  run: (database: string) => Promise<R>,
  log?: JobLog,
): Promise<R> {
  const { rows } = await ctx.databases.control.query<{ database: string }>('select database from clients order by database');
  const total = { ...empty };
  for (const { database } of rows) {
    try {
      const report = await run(database);
      for (const key of Object.keys(total) as (keyof R)[]) (total[key] as number) += report[key] as number;
    } catch (error) {
      log?.error({ err: error, database }, `${job}: client database skipped`);
    }
  }
  return total;
}

/** The scheduler of this process: every job at every tick until `stop()`; a tick still running skips the next. */
export function startScheduler(ctx: RouteContext, jobs: readonly ScheduledJob[], log: JobLog): { stop: () => Promise<void> } {
  let running: Promise<unknown> | null = null;
  const tick = async () => {
    for (const job of jobs) await job(ctx, new Date(), log).catch((error: unknown) => log.error({ err: error }, 'scheduled job failed'));
  };
  const timer = setInterval(() => {
    running ??= tick().finally(() => {
      running = null;
    });
  }, SCHEDULER_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
