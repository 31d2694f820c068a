/**
 * Where the individual board's time goes, on the reference dataset in PostgreSQL (schema
 * bench_leaderboards, built by `npm run bench -- leaderboards`), each a median of repeated calls:
 * the former statement's parts (sums, joined names, current team and bot flags, json_agg) timed in
 * the database (EXPLAIN ANALYZE) and from the client, JSON.parse, rows built and sorted,
 * JSON.stringify and brotli; then the statement sent now and the whole repository call, with the
 * kept identities and with identities read afresh (the first board of a data version).
 * `npx tsx bench/leaderboards/profile.ts` (`PROFILE_SCHEMA=bench_scale` for the ten-times dataset)
 */
import zlib from 'node:zlib';
import type { Queryable } from '../../server/db/database.js';
import { openPostgres } from '../../server/db/postgres.js';
import { individualLeaderboard, individualLeaderboardJson } from '../../server/db/leaderboards/leaderboard-repo.js';
import { splitWindow } from '../../rules/window-split.js';
import { windowPartsSql } from '../../server/db/window-sql.js';
import { encodeBody } from '../../server/http/body-encoding.js';
import { accuracy, wpm, type Totals } from '../../rules/stats.js';
import { benchSchemaUrl } from '../bench-postgres.js';
import { BENCH_NOW } from './dataset.js';
import { benchWindows, summarize, time } from './measure.js';

const TZ = 'America/Chicago';
const RUNS = 30;
// PROFILE_SCHEMA=bench_scale profiles the ten-times dataset (npm run bench -- scale) instead.
const db = await openPostgres(benchSchemaUrl(process.env.PROFILE_SCHEMA ?? 'bench_leaderboards'), { max: 2 });

async function median(fn: () => unknown): Promise<number> {
  for (let i = 0; i < 3; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) ms.push(await time(async () => fn()));
  return summarize(ms).median;
}

/** Execution time reported by the server, median of a few EXPLAIN ANALYZE runs. */
async function serverMs(sql: string, params: unknown[]): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < 7; i++) {
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
    const plan = rows[0]['QUERY PLAN'] as unknown as Array<{ 'Execution Time': number }>;
    ms.push(plan[0]['Execution Time']);
  }
  return summarize(ms).median;
}

const identitySql = `SELECT r.user_id, r.username, nullif(r.display_name, '') AS display_name,
       b.user_id IS NOT NULL AS bot, m.tag AS team
  FROM racers r
  LEFT JOIN (SELECT DISTINCT ON (user_id) user_id, tag FROM memberships WHERE left_at IS NULL
              ORDER BY user_id, first_seen DESC) AS m ON m.user_id = r.user_id
  LEFT JOIN bot_flags b ON b.user_id = r.user_id`;

const wanted = new Set(['24 hour', '7 day', 'weekly, this week', 'custom, last 7 days']);
const f = (v: number) => v.toFixed(2).padStart(7);
for (const { label, window } of benchWindows(TZ).filter((w) => wanted.has(w.label))) {
  const params: unknown[] = [];
  const parts = splitWindow(window, TZ, { subtract: true, now: BENCH_NOW });
  const union = windowPartsSql(parts, params, { days: 'running' });
  const sums = `SELECT user_id, sum(races::float8) AS races, sum(typed::float8) AS typed,
         sum(errs::float8) AS errs, sum(secs::float8) AS secs, sum(points) AS points
    FROM (${union}) AS p GROUP BY user_id HAVING sum(races::float8) > 0`;
  const joined = `SELECT s.*, r.username, nullif(r.display_name, '') AS display_name, b.user_id IS NOT NULL AS bot, m.tag AS team
    FROM (${sums}) AS s LEFT JOIN racers r ON r.user_id = s.user_id
    LEFT JOIN (SELECT DISTINCT ON (user_id) user_id, tag FROM memberships WHERE left_at IS NULL
                ORDER BY user_id, first_seen DESC) AS m ON m.user_id = s.user_id
    LEFT JOIN bot_flags b ON b.user_id = s.user_id`;
  const agg = (q: string) => `SELECT coalesce(json_agg(t)::text, '[]') AS rows FROM (${q}) AS t`;
  const opts = { tz: TZ, now: BENCH_NOW };
  const text = (await db.query<{ rows: string }>(agg(joined), params)).rows[0].rows;
  const rows = await individualLeaderboard(db, window, opts);
  const json = JSON.stringify(rows);
  type Parsed = Array<
    Totals & { user_id: number; username: string; display_name: string | null; team: string | null; bot: boolean }
  >;
  const parsed = JSON.parse(text) as Parsed;
  // The rows as the joined query's answer was turned into the board before: objects with stats, sorted.
  const build = () =>
    parsed
      .map((r) => ({
        UserID: r.user_id,
        Username: r.username,
        CurrentDisplayName: r.display_name ?? r.username,
        TeamTag: r.team,
        bot: r.bot ? 1 : 0,
        Races: r.races,
        Accuracy: accuracy(r.typed, r.errs),
        WPM: wpm(r.typed, r.secs),
        Points: r.points,
      }))
      .sort((a, b) => b.Points - a.Points || (a.Username < b.Username ? -1 : a.Username > b.Username ? 1 : 0));
  console.log(`\n${label}: ${parts.map((p) => p.source + (p.sign < 0 ? '-' : '')).join(' ')}`);
  console.log(`  before: the statement joined names, current team and bot flags, then JSON.stringify`);
  console.log(`  server: sums ${f(await serverMs(sums, params))}  sums+joins ${f(await serverMs(joined, params))}`);
  console.log(
    `          +json_agg ${f(await serverMs(agg(joined), params))}  sums json_agg ${f(await serverMs(agg(sums), params))}`,
  );
  console.log(`          identity (all racers) ${f(await serverMs(identitySql, []))}`);
  console.log(
    `  client: sums rows ${f(await median(() => db.query(sums, params)))}  sums json ${f(await median(() => db.query(agg(sums), params)))}`,
  );
  console.log(
    `          joined json ${f(await median(() => db.query(agg(joined), params)))}  identity rows ${f(await median(() => db.query(identitySql)))}`,
  );
  console.log(
    `  node:   JSON.parse ${f(await median(() => JSON.parse(text)))}  build+sort ${f(await median(build))}  stringify ${f(await median(() => JSON.stringify(rows)))}  brotli ${f(await median(() => encodeBody(Buffer.from(json), 'br')))}`,
  );
  // The statement the board sends now, caught on its way to the database.
  let caught = { sql: '', params: [] as unknown[] };
  const spy: Queryable = {
    query: (q, p) => ((caught = { sql: q, params: p ?? [] }), db.query(q, p)),
    exec: (q) => db.exec(q),
  };
  await individualLeaderboardJson(spy, window, opts);
  await individualLeaderboardJson(spy, window, opts);
  const now = caught;
  console.log(
    `  now:    statement server ${f(await serverMs(now.sql, now.params))}  client ${f(await median(() => db.query(now.sql, now.params)))}`,
  );
  console.log(
    `          whole ${f(await median(() => individualLeaderboardJson(spy, window, opts)))}  identities read afresh ${f(await median(() => individualLeaderboardJson(db, window, { ...opts, pieces: parts })))}  (${rows.length} rows, ${json.length} B, br ${zlib.brotliCompressSync(json).length} B)`,
  );
}
await db.close();
