/**
 * A `Database` on one PostgreSQL connection inside one transaction that is rolled back at
 * `close()`: the poll bench writes through the real write path and leaves the reused dataset as it
 * was. Each `transaction()` of the code under test is a savepoint. Counts the time spent waiting
 * for the database (`dbMs`), which is what the poll target is about.
 */
import pg from 'pg';
import type { Database, Queryable } from '../../server/db/database.js';

export interface RolledBackDatabase extends Database {
  /** Milliseconds spent in queries (round trips included) since the last `resetTimer()`. */
  readonly dbMs: number;
  resetTimer(): void;
}

export async function openRolledBack(url: string): Promise<RolledBackDatabase> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('BEGIN');
  let dbMs = 0;
  let savepoints = 0;
  const timed = async (sql: string, params?: unknown[]) => {
    const t0 = performance.now();
    try {
      return await client.query(sql, params);
    } finally {
      dbMs += performance.now() - t0;
    }
  };
  const q: Queryable = {
    async query(sql, params) {
      return { rows: (await timed(sql, params as unknown[] | undefined)).rows };
    },
    async exec(sql) {
      await timed(sql);
    },
  };
  return {
    kind: 'postgres',
    ...q,
    get dbMs() {
      return dbMs;
    },
    resetTimer() {
      dbMs = 0;
    },
    async transaction(fn) {
      const name = `sp${++savepoints}`;
      await timed(`SAVEPOINT ${name}`);
      try {
        const result = await fn(q);
        await timed(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (err) {
        await timed(`ROLLBACK TO SAVEPOINT ${name}`);
        throw err;
      }
    },
    async close() {
      await client.query('ROLLBACK');
      await client.end();
    },
  };
}
