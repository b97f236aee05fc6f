/**
 * The one database interface the server codes against. Two drivers implement it: PGlite
 * (embedded PostgreSQL, one data directory per database) and node-postgres (a real server).
 * SQL is written once, in PostgreSQL's dialect, and must run on PostgreSQL 15 and 18.
 */

export interface QueryResult<T> {
  rows: T[];
  affectedRows: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements, without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  /** Logical name: `control` or the client's database name from the registry. */
  readonly name: string;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
