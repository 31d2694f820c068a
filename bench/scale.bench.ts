/**
 * Ten times the community on PostgreSQL (opt-in: `npm run bench -- scale`): 10,000 racers on 200
 * teams over 91 days in schema bench_scale (bench/scale/database.ts, built once and reused), every
 * leaderboard, the racer page and an event of ten teams timed uncached through HTTP
 * (bench/scale/reads.ts), and one poll of 200 teams written through the collector's write path
 * (bench/scale/poll.ts). Returns the markdown section for bench/results.md.
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../server/config.js';
import { openPostgres } from '../server/db/postgres.js';
import { buildApp } from '../server/http/app.js';
import { BENCH_NOW } from './leaderboards/dataset.js';
import { BENCH_PG_URL, benchSchemaUrl } from './bench-postgres.js';
import { prepareScaleDataset, SCALE_SCHEMA, SCALE_SHAPE, SCALE_TZ } from './scale/database.js';
import { measurePoll, type PollTiming } from './scale/poll.js';
import { measureReads, RUNS, type ReadTiming } from './scale/reads.js';

const TITLE = '## Scale: ten times the community (PostgreSQL)';
/** p95 limits in milliseconds, and the poll's database time. */
const TARGETS = { board: 20, page: 20, rank: 20, cached: 2, racer: 30, event: 50, pollSeconds: 10 };
/** The most JSON a 50-row page may send (bytes). */
const PAGE_JSON_MAX = 15 * 1024;

const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1));
const n = (v: number) => v.toLocaleString('en-US');
const mark = (ok: boolean) => (ok ? 'met' : '**missed**');

function readsTable(reads: ReadTiming[]): string[] {
  const lines = ['| call | KB JSON | KB sent | median | p95 | target |', '|---|--:|--:|--:|--:|--:|'];
  for (const r of reads)
    lines.push(
      `| ${r.label} | ${(r.jsonBytes / 1024).toFixed(1)} | ${(r.sentBytes / 1024).toFixed(1)} | ${ms(r.http.median)} | ${ms(r.http.p95)} | ${r.group === 'whole' ? '-' : TARGETS[r.group]} |`,
    );
  return lines;
}

function verdicts(reads: ReadTiming[], polls: PollTiming[]): string[] {
  const worst = (g: ReadTiming['group']) => {
    const rs = reads.filter((r) => r.group === g);
    return rs.reduce((a, b) => (b.http.p95 > a.http.p95 ? b : a), rs[0]);
  };
  const names = {
    board: 'Every team board',
    page: 'A page of every individual board, uncached',
    rank: 'The rank call',
    cached: 'A page, cached',
    racer: 'Racer page',
    event: 'Event of 10 teams',
  };
  const lines = (['board', 'page', 'rank', 'cached', 'racer', 'event'] as const).map((g) => {
    const w = worst(g);
    return `- ${names[g]} p95 ≤ ${TARGETS[g]} ms: worst ${ms(w.http.p95)} ms (${w.label}), ${mark(w.http.p95 <= TARGETS[g])}.`;
  });
  const biggest = reads
    .filter((r) => r.group === 'page' && r.label.includes('page 1)'))
    .reduce((a, b) => (b.jsonBytes > a.jsonBytes ? b : a));
  lines.push(
    `- A 50-row page ≤ ${PAGE_JSON_MAX / 1024} KB of JSON: largest ${(biggest.jsonBytes / 1024).toFixed(1)} KB, ${mark(biggest.jsonBytes <= PAGE_JSON_MAX)}.`,
  );
  const whole = worst('whole');
  lines.push(
    `- The whole individual list (no target, off the phone's path): worst p95 ${ms(whole.http.p95)} ms (${whole.label}).`,
  );
  const poll = polls[polls.length - 1];
  lines.push(
    `- One poll of ${poll.teams} teams ≤ ${TARGETS.pollSeconds} s of database time: ${(poll.dbMs / 1000).toFixed(2)} s for ${n(poll.batches)} batches, ${mark(poll.dbMs <= TARGETS.pollSeconds * 1000)}.`,
  );
  return lines;
}

/** The dataset's size on disk. */
async function schemaSize(): Promise<string> {
  const c = await openPostgres(benchSchemaUrl(SCALE_SCHEMA), { max: 1 });
  try {
    const { rows } = await c.query<{ batches: string; total: string }>(
      `SELECT pg_size_pretty(pg_total_relation_size('batches')) AS batches,
              pg_size_pretty(sum(pg_total_relation_size(c.oid))) AS total
         FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'm')`,
    );
    return `batches ${rows[0].batches} with indexes, schema ${rows[0].total}`;
  } finally {
    await c.close();
  }
}

/** Runs the benchmark and returns its markdown section. */
export default async function run(log: (s: string) => void = console.log): Promise<string> {
  const info = await prepareScaleDataset(log);
  // These timings swing with whatever else the machine runs: the load goes with them.
  const loadAtStart = os.loadavg()[0];
  if (!info) return `${TITLE}\n\nNot measured: ${new URL(BENCH_PG_URL).host} did not answer.\n`;
  const db = await openPostgres(benchSchemaUrl(SCALE_SCHEMA), { max: 2 });
  let reads: ReadTiming[];
  let design: string;
  try {
    const last = await db.query<{ name: string }>('SELECT max(name) AS name FROM schema_migrations');
    design = last.rows[0].name;
    const config = { ...loadConfig({}), siteTimezone: SCALE_TZ, trackedTeams: [], demo: false };
    const app = await buildApp({ db, config, now: () => BENCH_NOW });
    await app.ready();
    try {
      reads = await measureReads(db, app, log);
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
  }
  const polls = await measurePoll(benchSchemaUrl(SCALE_SCHEMA), log);
  const size = await schemaSize();
  return [
    TITLE,
    '',
    `${n(SCALE_SHAPE.racers)} racers on ${SCALE_SHAPE.teams} teams, ${SCALE_SHAPE.days} days up to ${BENCH_NOW.toISOString()} ` +
      `(the leaderboard dataset's generator at ten times its size): ${n(info.batches)} batches, ${n(info.hourlyRows)} hourly and ` +
      `${n(info.dailyRows)} daily rollup rows, ${size}` +
      (info.reused ? ' (reused from an earlier run).' : `, built in ${(info.buildSeconds / 60).toFixed(1)} min.`),
    `Storage as of migration \`${design}\`. Every call through the HTTP layer (app.inject, a browser's Accept-Encoding)`,
    `with the response cache emptied before each request; ${RUNS} timed requests per call after five untimed ones; times in ms.`,
    `1-minute load average ${loadAtStart.toFixed(1)} when the timing started and ${os.loadavg()[0].toFixed(1)} at the end.`,
    '',
    ...readsTable(reads),
    '',
    "Poll: every team's answer written by `writePoll` (one transaction per team, as the collector does), inside one",
    "outer transaction rolled back afterwards so the dataset stays as built (the 200 commits' WAL flushes are not counted).",
    '',
    '| poll | teams | members | batches | database s | wall s |',
    '|---|--:|--:|--:|--:|--:|',
    ...polls.map(
      (p) =>
        `| ${p.label} | ${p.teams} | ${n(p.members)} | ${n(p.batches)} | ${(p.dbMs / 1000).toFixed(2)} | ${(p.wallMs / 1000).toFixed(2)} |`,
    ),
    '',
    `Costliest statements of the last poll: ${polls[polls.length - 1].slowest
      .map((q) => `\`${q.sql.replace(/`/g, "'")}…\` ${(q.ms / 1000).toFixed(2)} s (${q.calls}×)`)
      .join('; ')}.`,
    '',
    ...verdicts(reads, polls),
    '',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await run());
}
