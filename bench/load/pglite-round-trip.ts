/**
 * What the PGlite worker costs per statement: the same statements on PGlite in this thread (as the
 * server ran it before) and through `openPglite` (worker thread), interleaved in one process.
 * Run: `npx tsx bench/load/pglite-round-trip.ts`.
 */
import { PGlite, types } from '@electric-sql/pglite';
import { openPglite } from '../../server/db/pglite.js';

const parsers = { [types.INT8]: (v: string) => Number(v), [types.NUMERIC]: (v: string) => Number(v) };

interface Runner {
  name: string;
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

const ROUNDS = 5;
const SMALL = 2000;

async function time(runner: Runner, sql: string, params: unknown[] | undefined, n: number): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await runner.query(sql, params);
  return (performance.now() - t0) / n;
}

const inThread = await PGlite.create();
const worker = await openPglite();
const runners: Runner[] = [
  { name: 'in-thread', query: (sql, params) => inThread.query(sql, params, { parsers }) },
  { name: 'worker', query: (sql, params) => worker.query(sql, params) },
];
const cases = [
  { name: 'small query (1 row)', sql: 'SELECT $1::int8 AS n, $2::text AS s', params: [1, 'x'], n: SMALL, unit: 'µs' },
  {
    name: '50,000 rows of 4 columns',
    sql: 'SELECT g AS id, g * 2 AS twice, g::text AS label, now() AS at FROM generate_series(1, 50000) g',
    params: undefined,
    n: 5,
    unit: 'ms',
  },
  {
    name: '50,000 rows as one JSON text',
    sql: 'SELECT json_agg(json_build_array(g, g * 2, g::text))::text AS j FROM generate_series(1, 50000) g',
    params: undefined,
    n: 5,
    unit: 'ms',
  },
];
for (const c of cases) {
  const best = new Map<string, number>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const r of runners) {
      const ms = await time(r, c.sql, c.params, c.n);
      best.set(r.name, Math.min(best.get(r.name) ?? Infinity, ms));
    }
  }
  const show = (ms: number) => (c.unit === 'µs' ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(1)} ms`);
  console.log(
    `${c.name}: ${runners.map((r) => `${r.name} ${show(best.get(r.name) ?? 0)}`).join(', ')} (best of ${ROUNDS})`,
  );
}
await inThread.close();
await worker.close();
