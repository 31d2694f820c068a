/** Embedded PGlite database in a data directory, guarded by a lock file against a second process. */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import type { Database, Queryable } from './database.js';

const parsers = {
  // bigint columns hold counters far below 2^53: return numbers, not strings.
  [types.INT8]: (v: string) => Number(v),
  [types.NUMERIC]: (v: string) => Number(v),
  // `date` stays a plain YYYY-MM-DD string: it is a site-time-zone calendar day, not an instant.
  [types.DATE]: (v: string) => v,
};

function wrap(q: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query(sql, params) {
      const r = await q.query(sql, params as unknown[] | undefined, { parsers });
      return { rows: r.rows as never[] };
    },
    async exec(sql) {
      await q.exec(sql);
    },
  };
}

export class LockedError extends Error {}

/** Takes the data directory's one-process lock; returns its release. Throws LockedError when held. */
export function acquireLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'server.lock');
  const tryCreate = () => fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
  try {
    tryCreate();
  } catch {
    const pid = Number(fs.readFileSync(lockPath, 'utf8'));
    let alive = false;
    try {
      if (pid > 0) process.kill(pid, 0);
      alive = pid > 0;
    } catch {
      alive = false;
    }
    if (alive && pid !== process.pid) {
      throw new LockedError(
        `The data directory ${dir} is in use by another process (pid ${pid}). ` +
          'PGlite allows one process per directory: stop the other process, or set DATA_DIR or DATABASE_URL.',
      );
    }
    fs.rmSync(lockPath, { force: true });
    tryCreate();
  }
  return () => fs.rmSync(lockPath, { force: true });
}

/** Opens PGlite in `dir`, or in memory when `dir` is undefined (tests). */
export async function openPglite(dir?: string): Promise<Database> {
  const release = dir ? acquireLock(dir) : () => {};
  let pg: PGlite;
  try {
    pg = await PGlite.create(dir ? path.join(dir, 'pgdata') : undefined);
  } catch (err) {
    release();
    throw err;
  }
  const base = wrap(pg);
  // PGlite runs one statement at a time; a transaction must not interleave with other queries.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn);
    chain = next.catch(() => undefined);
    return next;
  };
  return {
    kind: 'pglite',
    query: (sql, params) => serial(() => base.query(sql, params)),
    exec: (sql) => serial(() => base.exec(sql)),
    transaction: (fn) => serial(() => pg.transaction((tx) => fn(wrap(tx)))),
    dumpDataDir: () =>
      serial(async () => {
        // A checkpoint first: the copy then needs no WAL replay when it is opened.
        await pg.exec('CHECKPOINT');
        return pg.dumpDataDir('gzip');
      }),
    async close() {
      await chain;
      await pg.close();
      release();
    },
  };
}
