/**
 * The workflow's hot reads kept whole on the embedded database: the inbox's pages, its count (the
 * badge's screen) and the instances' list pages, per (client database, district, account, query).
 * Every open app asks for them again and again (the inbox behind the toolbar, each reconnection),
 * and on PGlite each query is a turn of the one instance every request waits for: an answer
 * served from here costs no query at all (MODULES.md "Budgets": 1,000 list pages a second).
 *
 * Correct only because every change of what they show passes through `forget` in this process,
 * which the embedded database is by construction (one process sees every write; with PostgreSQL
 * the routes do not keep answers):
 *   - the workflow's writes (instances, transitions, definitions: the `records:changed` events of
 *     its two modules; delegations: their routes),
 *   - the reminder and escalation job (jobs.ts),
 *   - any change of who is a member or of what rights they hold, and anything of a client
 *     database (the tenant cache's invalidations: users, imports, districts, bells), since who
 *     may make a move is read from the members' rights.
 * Each drops the whole district (a delegate's inbox shows its delegators' work).
 *
 * What an answer depends on besides the database: the district's day (delegations run by day:
 * part of the key) and, for the inbox, the clock of "not before N minutes" (an answer is kept
 * only until the first such time among its rows). An answer read while a write committed is not
 * kept: the district's generation is taken before the read and checked when storing it.
 */
import type { TenantCache, TenantChange } from '../../plugins/tenant-cache.js';
import type { RouteContext } from '../../routes/context.js';
import { onRecordChanged } from '../_platform/events.js';
import { WORKFLOW_DEFINITIONS_MODULE, WORKFLOW_INSTANCES_MODULE } from '../../../../common/modules/workflow/schemas.js';

const SEP = '\u0000';

export interface Kept<T> {
  value: T;
  /** Epoch milliseconds after which the answer is read again (the next "not before" of its rows); none: until a write. */
  until?: number;
}

export class WorkflowAnswers {
  static readonly MAX_ENTRIES = 2_000;
  /** Least recently used first (a Map iterates in insertion order). */
  private readonly entries = new Map<string, { value: unknown; until: number; generation: string }>();
  private readonly generations = new Map<string, number>();
  /** Concurrent misses of one key share one read (unless a write came in between). */
  private readonly inFlight = new Map<string, { generation: string; promise: Promise<unknown> }>();

  private generation(db: string, districtId: string): string {
    return `${this.generations.get(db) ?? 0}:${this.generations.get(`${db}${SEP}${districtId}`) ?? 0}`;
  }

  /** The answer to `query` of `accountId` in the district, read by `load` when not kept. */
  async read<T>(db: string, districtId: string, accountId: string, query: string, load: () => Promise<Kept<T>>): Promise<T> {
    const key = `${db}${SEP}${districtId}${SEP}${accountId}${SEP}${query}`;
    const hit = this.entries.get(key);
    if (hit) {
      if (hit.until > Date.now()) {
        this.entries.delete(key);
        this.entries.set(key, hit);
        return hit.value as T;
      }
      this.entries.delete(key);
    }
    const generation = this.generation(db, districtId);
    const flying = this.inFlight.get(key);
    if (flying && flying.generation === generation) return flying.promise as Promise<T>;
    const promise = load().then((kept) => {
      if (generation === this.generation(db, districtId)) {
        this.entries.set(key, { value: kept.value, until: kept.until ?? Number.POSITIVE_INFINITY, generation });
        if (this.entries.size > WorkflowAnswers.MAX_ENTRIES) {
          const oldest = this.entries.keys().next().value;
          if (oldest !== undefined) this.entries.delete(oldest);
        }
      }
      return kept.value;
    });
    this.inFlight.set(key, { generation, promise });
    try {
      return await promise;
    } finally {
      if (this.inFlight.get(key)?.promise === promise) this.inFlight.delete(key);
    }
  }

  /** After a committed change in the district (or, without one, anywhere in the client database). */
  forget(db: string, districtId?: string): void {
    const scope = districtId === undefined ? db : `${db}${SEP}${districtId}`;
    this.generations.set(scope, (this.generations.get(scope) ?? 0) + 1);
    const prefix = `${scope}${SEP}`;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** One per server (its tenant cache), listening to what changes the answers; none with PostgreSQL. */
const SERVERS = new WeakMap<TenantCache, { answers: WorkflowAnswers | null; stop: () => void }>();
const WORKFLOW_MODULES = new Set([WORKFLOW_DEFINITIONS_MODULE, WORKFLOW_INSTANCES_MODULE]);

export function workflowAnswers(ctx: RouteContext): WorkflowAnswers | null {
  const known = SERVERS.get(ctx.tenantCache);
  if (known !== undefined) return known.answers;
  if (!ctx.databases.embedded) {
    SERVERS.set(ctx.tenantCache, { answers: null, stop: () => undefined });
    return null;
  }
  const answers = new WorkflowAnswers();
  const stopWrites = onRecordChanged((clientDb, districtId, change) => {
    if (WORKFLOW_MODULES.has(change.module)) answers.forget(clientDb, districtId);
  });
  const stopTenants = ctx.tenantCache.onForget((change: TenantChange) => answers.forget(change.db, change.kind === 'client' ? undefined : change.districtId));
  SERVERS.set(ctx.tenantCache, {
    answers,
    stop: () => {
      stopWrites();
      stopTenants();
    },
  });
  return answers;
}

/** The server's answers if its routes keep some (a job run elsewhere has none to drop). */
export function keptWorkflowAnswers(ctx: RouteContext): WorkflowAnswers | null {
  return SERVERS.get(ctx.tenantCache)?.answers ?? null;
}

/** When the server closes: stops listening. */
export function closeWorkflowAnswers(ctx: RouteContext): void {
  SERVERS.get(ctx.tenantCache)?.stop();
  SERVERS.delete(ctx.tenantCache);
}
