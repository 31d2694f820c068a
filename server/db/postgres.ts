/**
 * PostgreSQL server through DATABASE_URL (node-postgres pool).
 *
 * A connection may break at any time (a server restart, a failover, `pg_terminate_backend`). A
 * broken connection is never reused and its 'error' event never ends the process: the pool drops
 * it, and the next query opens a fresh one. While the server is away, queries fail at once or
 * within `CONNECT_TIMEOUT_MS` (connection-errors.ts recognises them; the API answers 503).
 */
import pg from 'pg';
import type { Database, Queryable } from './database.js';
import { DataChanges } from './data-version.js';
import { isConnectionError } from './connection-errors.js';

pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

/** How long a query waits for a connection (server away, or every connection busy) before it fails. */
export const CONNECT_TIMEOUT_MS = 5_000;

/** The name pg_stat_activity shows for this server's connections, unless DATABASE_URL or PGAPPNAME names one. */
export const APPLICATION_NAME = 'nt-team-stats';

function wrap(c: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query(sql, params) {
      const r = await c.query(sql, params as unknown[] | undefined);
      return { rows: r.rows };
    },
    async exec(sql) {
      await c.query(sql);
    },
  };
}

/**
 * Runs `fn` on a client of its own. `lost` aborts when the connection breaks meanwhile (the
 * listener also keeps that 'error' event from ending the process); a broken client goes back
 * with the error, so the pool discards it.
 */
async function withClient<T>(pool: pg.Pool, fn: (client: pg.PoolClient, lost: AbortSignal) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  const lost = new AbortController();
  const onError = (err: Error) => lost.abort(err);
  client.on('error', onError);
  let failure: unknown;
  try {
    return await fn(client, lost.signal);
  } catch (err) {
    failure = err;
    throw err;
  } finally {
    client.off('error', onError);
    const broken = lost.signal.aborted ? (lost.signal.reason as Error) : isConnectionError(failure) ? failure : null;
    client.release(broken instanceof Error ? broken : undefined);
  }
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    fallback_application_name: APPLICATION_NAME,
  });
  // An idle connection that breaks is already dropped by the pool; unheard, the event would end the process.
  pool.on('error', () => undefined);
  // Fail fast with a clear message when the server is unreachable (the pool is let go: a start-up
  // that waits for the server, db/open.ts, makes a new one for each attempt).
  try {
    const probe = await pool.connect();
    probe.release();
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
  const base = wrap(pool);
  return {
    kind: 'postgres',
    dataChanges: new DataChanges(),
    query: base.query,
    exec: base.exec,
    transaction(fn) {
      return withClient(pool, async (client) => {
        await client.query('BEGIN');
        try {
          const result = await fn(wrap(client));
          await client.query('COMMIT');
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        }
      });
    },
    withSession: (fn) => withClient(pool, (client, lost) => fn(wrap(client), lost)),
    close: () => pool.end(),
  };
}
