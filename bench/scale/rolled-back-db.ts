/**
 * A `Database` on one PostgreSQL connection inside one transaction that is rolled back at
 * `close()`: the poll bench writes through the real write path and leaves the reused dataset as it
 * was. Each `transaction()` of the code under test is a savepoint. Counts the time spent waiting
 * for the database (`dbMs`), which is what the poll target is about.
 */
import pg from 'pg';
import type { Database, Queryable } from '../../server/db/database.js';
import { DataChanges } from '../../server/db/data-version.js';

export interface RolledBackDatabase extends Database {
  /** Milliseconds spent in queries (round trips included) since the last `resetTimer()`. */
  readonly dbMs: number;
  /** The statements that took the most time since the last `resetTimer()`: their start and total milliseconds. */
  slowest(count: number): Array<{ sql: string; ms: number; calls: number }>;
  resetTimer(): void;
}

export async function openRolledBack(url: string): Promise<RolledBackDatabase> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('BEGIN');
  let dbMs = 0;
  let savepoints = 0;
  let bySql = new Map<string, { ms: number; calls: number }>();
  const timed = async (sql: string, params?: unknown[]) => {
    const t0 = performance.now();
    try {
      return await client.query(sql, params);
    } finally {
      const ms = performance.now() - t0;
      dbMs += ms;
      const key = sql.replace(/\s+/g, ' ').trim().slice(0, 70);
      const entry = bySql.get(key) ?? { ms: 0, calls: 0 };
      entry.ms += ms;
      entry.calls++;
      bySql.set(key, entry);
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
    dataChanges: new DataChanges(),
    ...q,
    get dbMs() {
      return dbMs;
    },
    slowest(count) {
      return [...bySql]
        .map(([sql, e]) => ({ sql, ...e }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, count);
    },
    resetTimer() {
      dbMs = 0;
      bySql = new Map();
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
