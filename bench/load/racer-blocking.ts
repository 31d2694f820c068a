/**
 * How long a racer page's computation holds the event loop: the racer page's calls for one racer
 * with 50,000 batches, computed (response cache emptied first), while a 1 ms timer records the
 * longest gap between its ticks. On PGlite through its worker (`openPglite`) and on PGlite in this
 * thread (as the server ran it before), in one process. Issue 17: ≤ ~100 ms.
 * Run: `npx tsx bench/load/racer-blocking.ts`.
 */
import { PGlite, types } from '@electric-sql/pglite';
import type { Database, Queryable } from '../../server/db/database.js';
import { DataChanges } from '../../server/db/data-version.js';
import { openPglite } from '../../server/db/pglite.js';
import { benchRacerApp, seedBenchRacer } from '../racer-chart/bench-racer.js';

const parsers = {
  [types.INT8]: (v: string) => Number(v),
  [types.NUMERIC]: (v: string) => Number(v),
  [types.DATE]: (v: string) => v,
};

/** PGlite in this thread, serialized as pglite.ts did before its worker. */
async function inThread(): Promise<Database> {
  const pg = await PGlite.create();
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      return { rows: (await q.query(sql, params, { parsers })).rows as T[] };
    },
    async exec(sql) {
      await q.exec(sql);
    },
  });
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn);
    chain = next.catch(() => undefined);
    return next;
  };
  const base = wrap(pg);
  return {
    kind: 'pglite',
    dataChanges: new DataChanges(),
    query: (sql, params) => serial(() => base.query(sql, params)),
    exec: (sql) => serial(() => base.exec(sql)),
    transaction: (fn) => serial(() => pg.transaction((tx) => fn(wrap(tx)))),
    close: () => pg.close(),
  };
}

async function measure(db: Database, label: string): Promise<string[]> {
  await seedBenchRacer(db, 50_000);
  const app = await benchRacerApp(db);
  const lines: string[] = [];
  for (const url of [
    '/api/racer-batches?username=bench_racer&format=columns',
    '/api/racer-info?username=bench_racer',
    '/api/racer-bests?username=bench_racer',
  ]) {
    await app.inject(url);
    let worstGap = 0;
    let total = 0;
    for (let run = 0; run < 5; run++) {
      db.dataChanges.notify(0); // empties the response cache, as a collector poll does
      let last = performance.now();
      const timer = setInterval(() => {
        const now = performance.now();
        worstGap = Math.max(worstGap, now - last);
        last = now;
      }, 1);
      const t0 = performance.now();
      const res = await app.inject(url);
      total += performance.now() - t0;
      clearInterval(timer);
      worstGap = Math.max(worstGap, performance.now() - last);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
    }
    lines.push(`${label} ${url}: ${(total / 5).toFixed(0)} ms mean, event loop held at most ${worstGap.toFixed(0)} ms`);
  }
  await app.close();
  await db.close();
  return lines;
}

for (const line of [
  ...(await measure(await inThread(), 'in-thread')),
  ...(await measure(await openPglite(), 'worker')),
]) {
  console.log(line);
}
