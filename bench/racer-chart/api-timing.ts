/**
 * Times GET /api/racer-batches for one racer with a year of history (50,000 batches) on PGlite,
 * and on PostgreSQL when 127.0.0.1:5432 answers (schema bench_racer_chart, made afresh), in both
 * response shapes: computed (response cache emptied before each call, as after a collector poll),
 * served from the response cache, and answered 304 to a current ETag; and the racer page's other
 * calls (racer-info, racer-bests) computed. Target for the racer page's chart data (columns):
 * ≤ 100 ms on PGlite, ≤ 30 ms on PostgreSQL. The columns' very first read, which packs the
 * racer's past days, is timed once on its own.
 * Runnable on its own: `npx tsx bench/racer-chart/api-timing.ts`.
 */
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { openPglite } from '../../server/db/pglite.js';
import { openPostgres } from '../../server/db/postgres.js';
import type { Database } from '../../server/db/database.js';
import { benchSchemaUrl, prepareBenchSchema } from '../bench-postgres.js';
import { benchRacerApp, seedBenchRacer } from './bench-racer.js';

const RUNS = 7;

export const API_TABLE_HEAD = [
  `| call (in-process, median of ${RUNS}) | database | computed | from the response cache | 304 | response |`,
  '|---|---|---|---|---|---|',
];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const PG_SCHEMA = 'bench_racer_chart';

/** A fresh schema on the local PostgreSQL, or null when none answers. */
async function freshPostgres(): Promise<Database | null> {
  if (!(await prepareBenchSchema(PG_SCHEMA, true))) return null;
  return openPostgres(benchSchemaUrl(PG_SCHEMA), { max: 2 });
}

export async function measureRacerBatchesEndpoint(count = 50_000): Promise<string[]> {
  const lines = await measureOn(await openPglite(), 'PGlite', count);
  const postgres = await freshPostgres();
  if (postgres) lines.push(...(await measureOn(postgres, 'PostgreSQL', count)));
  return lines;
}

async function measureOn(db: Database, label: string, count: number): Promise<string[]> {
  await seedBenchRacer(db, count);
  // A PostgreSQL server's autovacuum vacuums and analyzes tables after a load like this one (the
  // benchmarks' server runs without it, so the leaderboard benchmark does it by hand too): without
  // statistics the planner takes the racer's 50,000 rows for ~200 and sorts them on disk instead
  // of reading the primary key in order. PGlite has no autovacuum and nothing analyzes it there:
  // it is timed as it is.
  if (db.kind === 'postgres') await db.exec('VACUUM ANALYZE batches, daily_rollups, member_snapshots, racers');
  const app = await benchRacerApp(db);
  const lines: string[] = [];
  const time = async (url: string, fresh: boolean, etag?: string) => {
    const times: number[] = [];
    let res = await app.inject(url);
    for (let i = 0; i < RUNS; i++) {
      if (fresh) db.dataChanges.notify(0); // empties the response cache, as a collector poll does
      const t0 = performance.now();
      res = await app.inject({ url, headers: etag ? { 'if-none-match': etag } : {} });
      times.push(performance.now() - t0);
      if (res.statusCode !== (etag ? 304 : 200)) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    return { ms: median(times), res };
  };
  const n = count.toLocaleString('en-US');
  {
    // The first read ever packs the racer's past days (server/db/racer-day-columns.ts); later ones,
    // in either shape, read the packs.
    const url = '/api/racer-batches?username=bench_racer&format=columns';
    const t0 = performance.now();
    const first = await app.inject(url);
    const ms = performance.now() - t0;
    if (first.statusCode !== 200) throw new Error(`${url}: ${first.statusCode}`);
    lines.push(
      `| racer-batches, ${n} batches, format=columns, first read ever (packs its past days) | ${label} | ${ms.toFixed(0)} ms | | | |`,
    );
  }
  for (const format of ['rows', 'columns'] as const) {
    const url = `/api/racer-batches?username=bench_racer&format=${format}`;
    const computed = await time(url, true);
    const cached = await time(url, false);
    const notModified = await time(url, false, computed.res.headers.etag as string);
    const mb = (computed.res.rawPayload.length / 1e6).toFixed(2);
    lines.push(
      `| racer-batches, ${n} batches, format=${format} | ${label} | ${computed.ms.toFixed(0)} ms | ${cached.ms.toFixed(1)} ms | ${notModified.ms.toFixed(1)} ms | ${mb} MB |`,
    );
  }
  for (const call of ['racer-info', 'racer-bests']) {
    const url = `/api/${call}?username=bench_racer`;
    const computed = await time(url, true);
    const cached = await time(url, false);
    const notModified = await time(url, false, computed.res.headers.etag as string);
    lines.push(
      `| ${call}, ${n} batches | ${label} | ${computed.ms.toFixed(1)} ms | ${cached.ms.toFixed(1)} ms | ${notModified.ms.toFixed(1)} ms | ${(computed.res.rawPayload.length / 1e3).toFixed(1)} KB |`,
    );
  }
  await app.close();
  await db.close();
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(API_TABLE_HEAD.join('\n'));
  for (const l of await measureRacerBatchesEndpoint()) console.log(l);
}
