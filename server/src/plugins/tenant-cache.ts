/**
 * Per-server cache of what every authenticated response repeats: the envelope of a member
 * (rights, district modules, notification counts and last unread ones) and the client and
 * district names. Without it each request ran the envelope query and the rights query, and
 * on the embedded database every query is a synchronous turn of the one PGlite instance.
 *
 * Correctness comes from invalidation, not from the time-out: every write of memberships,
 * district modules, notifications and names calls `invalidate` right after it commits, so
 * the next request reads the new state. The short time-out only bounds what a write this
 * module was not told about (another process without the socket adapter, a manual SQL
 * update) can leave stale. With several processes, `broadcast` (set by the socket module when
 * the PostgreSQL adapter is on) carries each invalidation to the other processes.
 */
import type { DistrictModule, NotificationItem } from '../../../common/api-types.js';
import type { Database, Queryable } from '../db/types.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's one TenantCache (app.ts): `respond` and the rights checks read through it. */
    tenantCache: TenantCache;
  }
}

/** How long an entry is reused without a write telling otherwise. */
export const TENANT_CACHE_MS = 2_000;
/** Above this many entries a map is emptied rather than grown (many sessions, little reuse). */
const MAX_ENTRIES = 50_000;

export interface MemberEnvelope {
  rights: string[];
  modules: DistrictModule[];
  unread: number;
  workflow: number;
  last: NotificationItem[];
}

/** What changed; a client database is named by its registry name (Database.name). */
export type TenantChange =
  /** One member's rights or notifications. */
  | { kind: 'member'; db: string; districtId: string; accountId: string }
  /** A district's modules or name, or the rights of several of its members. */
  | { kind: 'district'; db: string; districtId: string }
  /** A client's name, or anything of its database. */
  | { kind: 'client'; db: string };

/** The change of the member a request's session is: its own rights or notifications. */
export const memberChange = (auth: { clientDb: string; districtId: string; accountId: string }): TenantChange => ({
  kind: 'member',
  db: auth.clientDb,
  districtId: auth.districtId,
  accountId: auth.accountId,
});

interface Entry<T> {
  value: T;
  until: number;
}

const SEP = '\u0000';
const memberKey = (db: string, districtId: string, accountId: string) => `${db}${SEP}${districtId}${SEP}${accountId}`;
const districtKey = (db: string, districtId: string) => `${db}${SEP}${districtId}`;

export class TenantCache {
  private envelopes = new Map<string, Entry<MemberEnvelope>>();
  private districtNames = new Map<string, Entry<string>>();
  private clientNames = new Map<string, Entry<string>>();
  /**
   * Bumped by every invalidation. A load that started before one may carry the old state:
   * it answers its own request but is not stored.
   */
  private epoch = 0;
  private inFlight = new Map<string, { epoch: number; promise: Promise<unknown> }>();
  /** Tells the other processes (set by the socket module when there are several). */
  broadcast: ((change: TenantChange) => void) | null = null;
  /** Caches of modules kept in step with this one (a module's answers that depend on members' rights). */
  private readonly listeners = new Set<(change: TenantChange) => void>();

  constructor(private readonly ttlMs: number = TENANT_CACHE_MS) {}

  /** The envelope part of member `accountId` in `districtId` of client database `db`. */
  async envelope(db: Database, accountId: string, districtId: string, load: (db: Queryable) => Promise<MemberEnvelope>): Promise<MemberEnvelope> {
    return (await this.cached(this.envelopes, 'envelope', memberKey(db.name, districtId, accountId), () => load(db)))!;
  }

  /** A district's name, or null when it does not exist (not cached). */
  districtName(db: Database, districtId: string): Promise<string | null> {
    return this.cached(this.districtNames, 'district', districtKey(db.name, districtId), async () => {
      const { rows } = await db.query<{ name: string }>('select name from districts where id = $1', [districtId]);
      return rows[0]?.name ?? null;
    });
  }

  /** A client's name by its database's registry name, or null when unknown (not cached). */
  clientName(control: Queryable, clientDb: string): Promise<string | null> {
    return this.cached(this.clientNames, 'client', clientDb, async () => {
      const { rows } = await control.query<{ name: string }>('select name from clients where database = $1', [clientDb]);
      return rows[0]?.name ?? null;
    });
  }

  /** Forgets what `change` makes stale here and in the other processes. */
  invalidate(change: TenantChange): void {
    this.forget(change);
    this.broadcast?.(change);
  }

  /** Calls `listener` with every change forgotten here (its own or another process's); returns the function that stops it. */
  onForget(listener: (change: TenantChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Forgets what `change` makes stale in this process only (a change heard from another). */
  forget(change: TenantChange): void {
    this.epoch++;
    for (const listener of this.listeners) listener(change);
    if (change.kind === 'member') {
      this.envelopes.delete(memberKey(change.db, change.districtId, change.accountId));
      return;
    }
    const prefix = change.kind === 'district' ? `${districtKey(change.db, change.districtId)}${SEP}` : `${change.db}${SEP}`;
    for (const key of this.envelopes.keys()) if (key.startsWith(prefix)) this.envelopes.delete(key);
    if (change.kind === 'district') this.districtNames.delete(districtKey(change.db, change.districtId));
    else {
      for (const key of this.districtNames.keys()) if (key.startsWith(prefix)) this.districtNames.delete(key);
      this.clientNames.delete(change.db);
    }
  }

  private async cached<T>(map: Map<string, Entry<T>>, space: string, key: string, load: () => Promise<T | null>): Promise<T | null> {
    const hit = map.get(key);
    if (hit && hit.until > Date.now()) return hit.value;
    // Concurrent misses of one key share one load, unless an invalidation came in between.
    const flightKey = `${space}${SEP}${key}`;
    const flying = this.inFlight.get(flightKey);
    if (flying && flying.epoch === this.epoch) return flying.promise as Promise<T | null>;
    const epoch = this.epoch;
    const promise = load().then((value) => {
      if (value !== null && epoch === this.epoch) {
        if (map.size >= MAX_ENTRIES) map.clear();
        map.set(key, { value, until: Date.now() + this.ttlMs });
      }
      return value;
    });
    this.inFlight.set(flightKey, { epoch, promise });
    try {
      return await promise;
    } finally {
      if (this.inFlight.get(flightKey)?.promise === promise) this.inFlight.delete(flightKey);
    }
  }
}
