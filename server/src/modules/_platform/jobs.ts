/**
 * Background jobs (docs/importExport.md): work too long for a request (a district's ZIP, an
 * import of 50,000 rows, a member's personal data) is a row of `jobs` in the client database,
 * run by the server, its progress (0–100) read by its owner, its result a file kept until
 * `expires_at` (JOB_TTL_MS by default) and served to its owner alone.
 *
 * - A job is queued by a request (`enqueueJob`, in the request's transaction) and the process
 *   that queued it starts draining its database once the request committed (`kickJobs`).
 * - A worker claims one queued job at a time with `for update skip locked`: two processes on
 *   PostgreSQL never run the same job; on PGlite (one process, one connection) the claim is a
 *   plain update. A job runs once: a failure is final (`failed` with its error key).
 * - A running job writes a heartbeat; one whose heartbeat stopped (the server restarted while
 *   it ran) is failed with `importExport.job_interrupted` by the scheduled sweep (`jobsSweep`, every
 *   minute), which also drains what is still queued and drops expired results.
 * - A finished job's input is dropped (an import's rows): its summary says what it did.
 * - Progress is kept in memory while the job runs (a job inside one long transaction cannot
 *   write it where others would see it) and written to the row outside transactions.
 * - Each move (started, one more percent, done, failed) is pushed to the owner's sockets in the
 *   job's district (JOB_PROGRESS_EVENT, the member room): the app follows it without polling.
 */
import { JOB_PROGRESS_EVENT, type JobProgressEvent } from '../../../../common/modules/importExport/schemas.js';
import type { Database, Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import type { RouteContext } from '../../routes/context.js';
import { memberRoom } from '../../socket/index.js';
import { forEachClientDatabase, type JobLog } from './scheduler.js';

/** How long a job's file may be downloaded (24 h). */
export const JOB_TTL_MS = 24 * 60 * 60 * 1000;
/** A running job whose heartbeat is older than this was interrupted (the server stopped). */
export const JOB_STALE_MS = 2 * 60 * 1000;
const HEARTBEAT_MS = 15_000;

export type JobState = 'queued' | 'running' | 'done' | 'failed';

export interface JobRow {
  id: string;
  kind: string;
  district_id: string;
  account_id: string;
  state: JobState;
  progress: number;
  input: unknown;
  summary: unknown;
  result_name: string | null;
  result_type: string | null;
  result_size: number | null;
  error_key: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
  expires_at: Date | string | null;
}

/** A job's file. */
export interface JobFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** What a job's run receives. */
export interface JobRun {
  job: JobRow;
  db: Database;
  ctx: RouteContext;
  /** Progress from 0 to 100 (kept in memory; written to the row when `persist` is true: outside a transaction only). */
  report: (progress: number, persist?: boolean) => Promise<void>;
}

export type JobRunner = (run: JobRun) => Promise<{ file?: JobFile; summary?: unknown }>;

/** The job table's migration SQL (the module owning the job screens appends it to its migrations). */
export const JOBS_TABLE_SQL = `
  create table jobs (
    id uuid primary key,
    kind text not null,
    district_id uuid not null,
    account_id uuid not null,
    state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
    progress int not null default 0 check (progress between 0 and 100),
    input jsonb not null default '{}',
    summary jsonb,
    result bytea,
    result_name text,
    result_type text,
    result_size bigint,
    error_key text,
    created_at timestamptz not null default now(),
    started_at timestamptz,
    heartbeat_at timestamptz,
    finished_at timestamptz,
    expires_at timestamptz
  );
  create index jobs_queue_idx on jobs (created_at) where state = 'queued';
  create index jobs_owner_idx on jobs (district_id, account_id, created_at desc);
`;

const runners = new Map<string, JobRunner>();

/** Registers the runner of a kind of job (once per process, at import). */
export function registerJobKind(kind: string, runner: JobRunner): void {
  runners.set(kind, runner);
}

/** Progress of the jobs running in this process, by id. */
const live = new Map<string, number>();

/** Queues a job (in the caller's transaction `db`); `kickJobs` after the commit starts it. */
export async function enqueueJob(db: Queryable, job: { id: string; kind: string; districtId: string; accountId: string; input: unknown }): Promise<void> {
  if (!runners.has(job.kind)) throw new Error(`unknown job kind ${job.kind}`);
  const { rows } = await db.query(
    `insert into jobs (id, kind, district_id, account_id, input) values ($1, $2, $3, $4, $5) on conflict (id) do nothing returning id`,
    [job.id, job.kind, job.districtId, job.accountId, JSON.stringify(job.input)],
  );
  if (rows.length === 0) throw new ApiError(409, { message: 'record.exists' });
}

const COLUMNS = `id, kind, district_id, account_id, state, progress, input, summary, result_name, result_type, result_size, error_key, created_at, finished_at, expires_at`;

/** A job of the district for its owner (404 for anyone else, as an unknown id). */
export async function ownJob(db: Queryable, districtId: string, accountId: string, id: string): Promise<JobRow> {
  const { rows } = await db.query<JobRow>(`select ${COLUMNS} from jobs where id = $1 and district_id = $2 and account_id = $3`, [id, districtId, accountId]);
  const row = rows[0];
  if (!row) throw ApiError.notFound('importExport.job_not_found');
  const progress = live.get(row.id);
  return progress === undefined || row.state !== 'running' ? row : { ...row, progress };
}

/** The owner's file of a done job: 410 once expired, 404 before it is done or when it has none. */
export async function ownJobFile(db: Queryable, districtId: string, accountId: string, id: string, now = new Date()): Promise<JobFile> {
  const job = await ownJob(db, districtId, accountId, id);
  if (job.state !== 'done' || job.result_name === null) throw ApiError.notFound('importExport.job_no_file');
  if (job.expires_at !== null && new Date(job.expires_at).getTime() <= now.getTime()) throw new ApiError(410, { message: 'importExport.job_expired' });
  const { rows } = await db.query<{ result: Uint8Array | null }>('select result from jobs where id = $1', [id]);
  const bytes = rows[0]?.result;
  if (!bytes) throw new ApiError(410, { message: 'importExport.job_expired' });
  return { name: job.result_name, type: job.result_type ?? 'application/octet-stream', bytes };
}

/** Claims the oldest queued job of the database (never the same one twice, even across processes). */
async function claim(db: Database): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>(
    `update jobs set state = 'running', started_at = now(), heartbeat_at = now()
      where id = (select id from jobs where state = 'queued' order by created_at limit 1 for update skip locked)
      returning ${COLUMNS}`,
  );
  return rows[0] ?? null;
}

/** Tells the job's owner, on its sockets in the job's district, where the job is. */
function tell(ctx: RouteContext, database: string, job: JobRow, event: Omit<JobProgressEvent, 'id'>): void {
  const payload: JobProgressEvent = { id: job.id, ...event };
  ctx.io.to(memberRoom(database, job.district_id, job.account_id)).emit(JOB_PROGRESS_EVENT, payload);
}

async function runOne(ctx: RouteContext, db: Database, job: JobRow, log?: JobLog): Promise<void> {
  const runner = runners.get(job.kind);
  live.set(job.id, 0);
  tell(ctx, db.name, job, { state: 'running', progress: 0 });
  const beat = setInterval(() => {
    void db.query('update jobs set heartbeat_at = now(), progress = $2 where id = $1', [job.id, live.get(job.id) ?? 0]).catch(() => undefined);
  }, HEARTBEAT_MS);
  beat.unref();
  try {
    if (!runner) throw new Error(`unknown job kind ${job.kind}`);
    const report = async (progress: number, persist = false) => {
      const value = Math.max(0, Math.min(100, Math.round(progress)));
      if (value !== live.get(job.id)) tell(ctx, db.name, job, { state: 'running', progress: value });
      live.set(job.id, value);
      if (persist) await db.query('update jobs set progress = $2, heartbeat_at = now() where id = $1', [job.id, value]);
    };
    const { file, summary } = await runner({ job, db, ctx, report });
    await db.query(
      `update jobs set state = 'done', progress = 100, finished_at = now(), input = '{}', summary = $2, result = $3, result_name = $4, result_type = $5, result_size = $6,
         expires_at = now() + ($7::bigint * interval '1 millisecond') where id = $1`,
      [job.id, JSON.stringify(summary ?? null), file?.bytes ?? null, file?.name ?? null, file?.type ?? null, file?.bytes.byteLength ?? null, JOB_TTL_MS],
    );
    tell(ctx, db.name, job, { state: 'done', progress: 100 });
  } catch (error) {
    const key = error instanceof ApiError ? error.body.message : 'importExport.job_failed';
    const summary = error instanceof JobFailure ? error.summary : null;
    if (!(error instanceof ApiError)) log?.error({ err: error, job: job.id, kind: job.kind }, 'job failed');
    await db.query(`update jobs set state = 'failed', error_key = $2, summary = $3, input = '{}', finished_at = now() where id = $1`, [job.id, key, JSON.stringify(summary)]);
    tell(ctx, db.name, job, { state: 'failed', progress: live.get(job.id) ?? 0 });
  } finally {
    clearInterval(beat);
    live.delete(job.id);
  }
}

/** A job's failure with what it found (an import's rejected rows): its key as an ApiError's. */
export class JobFailure extends ApiError {
  constructor(
    message: string,
    readonly summary: unknown,
  ) {
    super(422, { message });
  }
}

/** The databases being drained in this process (one drain per database at a time). */
const draining = new Map<string, Promise<void>>();

/** Runs the queued jobs of `database` until none is left; answers when done. */
export function drainJobs(ctx: RouteContext, database: string, log?: JobLog): Promise<void> {
  const running = draining.get(database);
  if (running) return running.then(() => drainJobs(ctx, database, log));
  const drain = (async () => {
    const db = await ctx.databases.client(database);
    for (let job = await claim(db); job; job = await claim(db)) await runOne(ctx, db, job, log);
  })().finally(() => draining.delete(database));
  draining.set(database, drain);
  return drain;
}

/** Starts draining after a request committed its job (errors are the jobs' own, logged). */
export function kickJobs(ctx: RouteContext, database: string, log?: JobLog): void {
  setImmediate(() => {
    drainJobs(ctx, database, log).catch((error: unknown) => log?.error({ err: error, database }, 'jobs: drain failed'));
  });
}

/**
 * The scheduled sweep over every client database: interrupted jobs failed, expired files
 * dropped, queued jobs run.
 */
export async function jobsSweep(ctx: RouteContext, now: Date, log?: JobLog): Promise<{ interrupted: number; expired: number }> {
  return forEachClientDatabase(
    ctx,
    'jobs',
    { interrupted: 0, expired: 0 },
    async (database) => {
      const db = await ctx.databases.client(database);
      const stale = new Date(now.getTime() - JOB_STALE_MS);
      const mine = [...live.keys()];
      const interrupted = await db.query<JobRow>(
        `update jobs set state = 'failed', error_key = 'importExport.job_interrupted', finished_at = $2
          where state = 'running' and coalesce(heartbeat_at, started_at) < $1 and not (id = any($3::uuid[]))
          returning ${COLUMNS}`,
        [stale, now, mine],
      );
      for (const job of interrupted.rows) tell(ctx, database, job, { state: 'failed', progress: job.progress });
      const expired = await db.query(`update jobs set result = null where result is not null and expires_at <= $1`, [now]);
      if (!draining.has(database)) void drainJobs(ctx, database, log).catch((error: unknown) => log?.error({ err: error, database }, 'jobs: drain failed'));
      return { interrupted: interrupted.rows.length, expired: expired.affectedRows };
    },
    log,
  );
}
