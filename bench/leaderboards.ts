/**
 * Leaderboard benchmark: builds the reference dataset (bench/leaderboards/dataset.ts) in PGlite
 * under .bench-data/ and, when 127.0.0.1:5432 answers, in the schema bench_leaderboards of the
 * PostgreSQL database `test` (or BENCH_DATABASE_URL), then times every period's query and returns
 * the markdown section for bench/results.md. Runnable alone: `npx tsx bench/leaderboards.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../server/config.js';
import type { Database } from '../server/db/database.js';
import { migrate } from '../server/db/migrate.js';
import { openPglite } from '../server/db/pglite.js';
import { openPostgres } from '../server/db/postgres.js';
import { buildApp } from '../server/http/app.js';
import {
  BENCH_NOW,
  buildDataset,
  datasetInfo,
  DAYS,
  hasDataset,
  RACERS,
  TEAMS,
  type DatasetInfo,
} from './leaderboards/dataset.js';
import { CACHED_RUNS, DIRECT_RUNS, HTTP_RUNS, measureQueries, type QueryResult } from './leaderboards/measure.js';
import { BENCH_PG_URL, benchSchemaUrl, prepareBenchSchema } from './bench-postgres.js';

const TZ = 'America/Chicago';
const PGLITE_DIR = path.resolve('.bench-data/leaderboards-pglite');
const PG_SCHEMA = 'bench_leaderboards';
const TARGETS = { pglite: 60, postgres: 20, cached: 2, ratio: 10 };

type Kind = 'pglite' | 'postgres';

async function open(kind: Kind, fresh: boolean): Promise<Database | null> {
  if (kind === 'pglite') {
    if (fresh) fs.rmSync(PGLITE_DIR, { recursive: true, force: true });
    return openPglite(PGLITE_DIR);
  }
  if (!(await prepareBenchSchema(PG_SCHEMA, fresh))) return null;
  return openPostgres(benchSchemaUrl(PG_SCHEMA), { max: 2 });
}

/** The existing dataset brought up to the current migrations, or null when it must be rebuilt. */
async function reuse(db: Database): Promise<DatasetInfo | null> {
  try {
    if (!(await hasDataset(db))) return null;
    await migrate(db);
    return await datasetInfo(db);
  } catch {
    return null;
  }
}

/** The database with the dataset: reused when an earlier run built it, else rebuilt from scratch. */
async function prepare(kind: Kind, log: (s: string) => void): Promise<{ db: Database; info: DatasetInfo } | null> {
  const existing = await open(kind, false);
  if (!existing) return null;
  const info = await reuse(existing);
  if (info) return { db: existing, info };
  await existing.close();
  log(`${kind}: building the dataset`);
  const db = (await open(kind, true))!;
  await migrate(db);
  return { db, info: await buildDataset(db, TZ, log) };
}

async function benchOne(kind: Kind, log: (s: string) => void) {
  const prepared = await prepare(kind, log);
  if (!prepared) return null;
  const { db, info } = prepared;
  try {
    log(
      `${kind}: ${info.batches.toLocaleString('en-US')} batches (${info.reused ? 'reused' : `built in ${info.buildSeconds.toFixed(0)} s`})`,
    );
    const config = { ...loadConfig({}), siteTimezone: TZ, trackedTeams: ['BENCH'], demo: false };
    const app = await buildApp({ db, config, now: () => BENCH_NOW });
    await app.ready();
    try {
      return { info, results: await measureQueries(db, app, TZ, log) };
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0);
const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1));
/** How many times faster than the naive query, both called the same way. */
const ratio = (r: QueryResult) => r.naive.median / r.direct.median;

function table(kind: Kind, info: DatasetInfo, results: QueryResult[]): string[] {
  const limit = TARGETS[kind];
  const lines = [
    `### ${kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}`,
    '',
    `${info.batches.toLocaleString('en-US')} batches, ${info.hourlyRows.toLocaleString('en-US')} hourly and ${info.dailyRows.toLocaleString('en-US')} daily rollup rows` +
      (info.reused ? ' (dataset reused from an earlier run).' : `, built in ${info.buildSeconds.toFixed(0)} s.`),
    '',
    '| query | board | rows | KB (sent) | HTTP median | HTTP p95 | direct median | cached median | cached p95 | naive median | naive p95 | naive / direct | same result |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|:-:|',
  ];
  for (const r of results) {
    lines.push(
      `| ${r.label} | ${r.board} | ${r.rows} | ${kb(r.jsonBytes)} (${kb(r.sentBytes)}) | ${ms(r.ours.median)} | ${ms(r.ours.p95)} | ${ms(r.direct.median)} | ${ms(r.cached.median)} | ${ms(r.cached.p95)} | ${ms(r.naive.median)} | ${ms(r.naive.p95)} | ${ratio(r).toFixed(1)}× | ${r.agrees ? 'yes' : '**no**'} |`,
    );
  }
  const worstP95 = Math.max(...results.map((r) => r.ours.p95));
  const worstCached = Math.max(...results.map((r) => r.cached.p95));
  // The ratio target covers windows longer than a day (one-day windows are served by the cache).
  const long = results.filter((r) => r.longerThanADay);
  const worstRatio = Math.min(...long.map(ratio));
  const below = long
    .filter((r) => ratio(r) < TARGETS.ratio)
    .map((r) => `${r.label} (${r.board}) ${ratio(r).toFixed(1)}×`);
  const mark = (ok: boolean) => (ok ? 'met' : '**missed**');
  lines.push(
    '',
    `- Uncached p95 ≤ ${limit} ms: worst ${ms(worstP95)} ms, ${mark(worstP95 <= limit)}.`,
    `- Cached repeat p95 ≤ ${TARGETS.cached} ms: worst ${ms(worstCached)} ms, ${mark(worstCached <= TARGETS.cached)}.`,
    `- Windows longer than a day at least ${TARGETS.ratio}× faster than naive: smallest ratio ${worstRatio.toFixed(1)}×, ${mark(worstRatio >= TARGETS.ratio)}` +
      (below.length ? ` for ${below.join(', ')}.` : '.'),
    `- Results equal to the naive query: ${results.every((r) => r.agrees) ? 'all' : '**not all**'}.`,
    '',
  );
  return lines;
}

/** Runs the benchmark and returns its markdown section. */
export default async function run(log: (s: string) => void = console.log): Promise<string> {
  const sections: string[] = [
    '## Leaderboards',
    '',
    `Reference dataset: ${RACERS.toLocaleString('en-US')} racers on ${TEAMS} teams, ${DAYS} days of 10-minute batches up to ` +
      `${BENCH_NOW.toISOString()} (site zone ${TZ}; a spring-forward day included), 50 racers who changed teams, 20 flagged bots.`,
    '"HTTP" is GET /api/{team,individual}-leaderboard through the HTTP layer (app.inject, the body read as bytes, as a',
    'socket sends it) with the response cache emptied before every request by a change notice, as a collector poll sends',
    "(rollups plus exact raw edges, JSON and its compression included). Every HTTP request carries a browser's Accept-Encoding (`gzip, deflate, br, zstd`), so",
    'answers of 1 KB and more go in brotli: "KB (sent)" is the JSON\'s size and, in brackets, what was sent. "Direct" is',
    'the same query called directly, as "naive" is: the same answer (same JSON) summed from raw batches only. "Cached"',
    `repeats an HTTP request. Times in milliseconds, one client, no concurrency; ${HTTP_RUNS} uncached HTTP, ${DIRECT_RUNS} direct and`,
    `${CACHED_RUNS} cached requests per query, each series after a full garbage collection and five untimed calls.`,
    'The direct and naive runs take turns over the same stretch of time, and the',
    'ratio compares their medians. "Same result": every row and field equal to the naive answer (numbers to 1e-9), and',
    "for the individual board every page of six sorts equal to the naive list's slice sorted the same way.",
    '',
  ];
  for (const kind of ['pglite', 'postgres'] as const) {
    const done = await benchOne(kind, log);
    if (done) sections.push(...table(kind, done.info, done.results));
    else sections.push('### PostgreSQL', '', `Not measured: ${new URL(BENCH_PG_URL).host} did not answer.`, '');
  }
  return sections.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await run());
}
