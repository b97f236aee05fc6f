/**
 * Owner of every database connection: the control database and one database per client.
 * A client database is opened on first use from the registry (clients table) and kept open.
 * Callers get a client database only by its registry name, which comes from the session.
 */
import { join } from 'node:path';
import type { Config } from '../config.js';
import { clientMigrations } from './migrations/client.js';
import { controlMigrations } from './migrations/control.js';
import { MODULE_MIGRATIONS } from '../modules/index.js';
import { migrate, migrateModules } from './migrate.js';
import { openPgliteDatabase } from './pglite.js';
import { databaseUrl, openPostgresDatabase } from './postgres.js';
import type { Database } from './types.js';

/** Registry names are used as directory and database names: keep them plain. */
export const CLIENT_DATABASE_NAME = /^[a-z][a-z0-9_]{0,39}$/;

export class UnknownClientDatabaseError extends Error {}

export class Databases {
  private clients = new Map<string, Promise<Database>>();
  /** The client databases whose opening has finished (what readiness checks). */
  private opened = new Map<string, Database>();

  private constructor(
    private readonly config: Config,
    readonly control: Database,
  ) {}

  static async open(config: Config): Promise<Databases> {
    const control = config.databaseUrl
      ? await openPostgresDatabase('control', config.databaseUrl)
      : await openPgliteDatabase('control', join(config.dataDir, 'control'), config.pgliteTemplateDir);
    await migrate(control, controlMigrations);
    return new Databases(config, control);
  }

  get embedded(): boolean {
    return this.config.databaseUrl === null;
  }

  /** The database of client `name` (a registry name), opened and migrated on first use. */
  client(name: string): Promise<Database> {
    let opening = this.clients.get(name);
    if (!opening) {
      opening = this.openClient(name);
      this.clients.set(name, opening);
      opening.then(
        (db) => this.opened.set(name, db),
        () => this.clients.delete(name),
      );
    }
    return opening;
  }

  private async openClient(name: string): Promise<Database> {
    const { rows } = await this.control.query<{ connection_url: string | null }>(
      'select connection_url from clients where database = $1',
      [name],
    );
    const entry = rows[0];
    if (!entry) throw new UnknownClientDatabaseError(`no client database named ${name}`);
    return this.openClientStorage(name, entry.connection_url);
  }

  /** Creates (or opens) and migrates the storage of a client database. */
  async openClientStorage(name: string, connectionUrl: string | null = null): Promise<Database> {
    if (!CLIENT_DATABASE_NAME.test(name)) throw new UnknownClientDatabaseError(`invalid client database name ${name}`);
    let db: Database;
    if (connectionUrl) db = await openPostgresDatabase(name, connectionUrl);
    else if (this.config.databaseUrl) {
      db = await openPostgresDatabase(name, databaseUrl(this.config.databaseUrl, `${this.config.databasePrefix}${name}`));
    } else db = await openPgliteDatabase(name, join(this.config.dataDir, 'clients', name), this.config.pgliteTemplateDir);
    await migrate(db, clientMigrations);
    await migrateModules(db, MODULE_MIGRATIONS);
    return db;
  }

  /** Registers a new client and creates its database. */
  async createClient(client: { id: string; name: string; database: string; connectionUrl?: string | null }): Promise<Database> {
    const db = await this.openClientStorage(client.database, client.connectionUrl ?? null);
    await this.control.query(
      'insert into clients (id, name, database, connection_url) values ($1, $2, $3, $4) on conflict (database) do nothing',
      [client.id, client.name, client.database, client.connectionUrl ?? null],
    );
    this.clients.set(client.database, Promise.resolve(db));
    this.opened.set(client.database, db);
    return db;
  }

  /**
   * Readiness: one cheap query on the control database and on every client database opened
   * so far (one still opening is left to its own open); throws if any of them fails.
   */
  async ping(): Promise<void> {
    await Promise.all([this.control, ...this.opened.values()].map((db) => db.query('select 1')));
  }

  async close(): Promise<void> {
    const opened = await Promise.allSettled([...this.clients.values()]);
    await Promise.all(opened.flatMap((r) => (r.status === 'fulfilled' ? [r.value.close()] : [])));
    this.clients.clear();
    this.opened.clear();
    await this.control.close();
  }
}
