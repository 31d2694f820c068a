/** The one database interface the server uses, backed by PGlite (embedded) or PostgreSQL. */
import type { Readable } from 'node:stream';
import type { DataChanges } from './data-version.js';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs several statements separated by semicolons, without parameters (migrations, DDL). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` inside one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** This database's data-version change notices (data-version.ts): caches and live streams listen. */
  readonly dataChanges: DataChanges;
  /**
   * PGlite only: a gzipped tar of the data directory, streamed. Of a data directory, an online
   * copy (pglite-backup.ts) that opens as the database was when the copy ended, while other
   * statements run on; in memory, a copy taken between two statements.
   */
  dumpDataDir?(): Promise<Readable>;
  /**
   * PostgreSQL only: runs `fn` on one connection of its own, outside any transaction, for session
   * state such as an advisory lock. `lost` aborts if that connection breaks (the session and its
   * locks are gone then); the broken connection is discarded.
   */
  withSession?<T>(fn: (session: Queryable, lost: AbortSignal) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
