/**
 * Times every leaderboard query on one database: through HTTP without the response cache (the
 * cache is emptied before each request), the same query called directly and, taking turns with it,
 * the naive GROUP BY over raw batches called the same way, and through HTTP with the cache (a
 * repeated request).
 * Checks that ours and the naive query agree, and that the individual board's pages are slices
 * of the naive whole list sorted the same way (pages-check.ts).
 */
import { pagesAgree } from './pages-check.js';
import v8 from 'node:v8';
import vm from 'node:vm';
import zlib from 'node:zlib';
import type { Database } from '../../server/db/database.js';
import { readDataVersion } from '../../server/db/data-version.js';
import {
  individualLeaderboard,
  individualLeaderboardJson,
  rawPlan,
  teamLeaderboard,
  teamLeaderboardJson,
} from '../../server/db/leaderboards/leaderboard-repo.js';
import { apiTimes, periodWindow, type PeriodSelection } from '../../rules/periods.js';
import { addDayKeys, dayKeyOf, weekStartOf, type Window } from '../../rules/site-time.js';
import type { App } from '../../server/http/context.js';
import { BENCH_NOW } from './dataset.js';

export interface Timing {
  median: number;
  p95: number;
  runs: number;
}

export interface QueryResult {
  label: string;
  board: 'team' | 'individual';
  /**
   * Whether the window spans more than a day, the longest site day (25 hours) included: the ratio
   * target covers only those (a rolling 24-hour window holds both its ends, 24 h 10 min).
   */
  longerThanADay: boolean;
  rows: number;
  /** The answer's size as JSON, and as sent (compressed for a browser). */
  jsonBytes: number;
  sentBytes: number;
  ours: Timing;
  /** The repository call alone, comparable with the naive one. */
  direct: Timing;
  cached: Timing;
  naive: Timing;
  agrees: boolean;
}

/** What Chromium sends over HTTPS: every HTTP request of the bench carries it. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/** Timed HTTP requests per series: a p95 of 100 is the 95th, steadier than the second or third slowest of 40 or 50. */
export const HTTP_RUNS = 100;
export const CACHED_RUNS = 100;
export const DIRECT_RUNS = 40;
const NAIVE_MIN_RUNS = 3;
const NAIVE_MAX_RUNS = 7;
/** Naive runs (taking turns with the direct ones) stop after this much time per query, once the minimum is reached. */
const NAIVE_BUDGET_MS = 15_000;

v8.setFlagsFromString('--expose-gc');
const fullGc = vm.runInNewContext('gc') as () => void;
/** Untimed calls after the collection: a full collection leaves the next few calls slow (warming up again). */
const WARMUP_RUNS = 5;

/**
 * Gets a series ready: a full garbage collection, so it starts from a clean heap and not the last
 * one's garbage, then a few untimed calls, so it measures the steady state.
 */
export async function startSeries(warmUp: () => Promise<unknown>): Promise<void> {
  fullGc();
  for (let i = 0; i < WARMUP_RUNS; i++) await warmUp();
}

export function summarize(ms: number[]): Timing {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
  return { median: at(0.5), p95: at(0.95), runs: s.length };
}

export async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** The windows measured: each period's default choice, plus the heaviest pickable ones. */
export function benchWindows(tz: string): Array<{ label: string; window: Window }> {
  const today = dayKeyOf(BENCH_NOW, tz);
  const sel: Array<[string, PeriodSelection]> = [
    ['24 hour', { period: '24hour' }],
    ['7 day', { period: '7day' }],
    ['daily, today', { period: 'daily', day: today }],
    ['daily, yesterday', { period: 'daily', day: addDayKeys(today, -1) }],
    ['weekly, this week', { period: 'weekly', week: weekStartOf(today) }],
    ['weekly, last week', { period: 'weekly', week: addDayKeys(weekStartOf(today), -7) }],
    ['monthly, this month', { period: 'monthly', month: `${today.slice(0, 8)}01` }],
    ['monthly, last month', { period: 'monthly', month: `${addDayKeys(`${today.slice(0, 8)}01`, -1).slice(0, 8)}01` }],
    ['custom, last 7 days', { period: 'custom', from: addDayKeys(today, -6), to: today }],
    ['custom, 90 days', { period: 'custom', from: addDayKeys(today, -89), to: today }],
  ];
  return sel.map(([label, s]) => ({ label, window: periodWindow(s, BENCH_NOW, tz) }));
}

const close = (a: number | null, b: number | null) =>
  a === b || (a !== null && b !== null && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b)));

/** Same rows in the same order: every text field equal, every number equal up to float rounding of the sums. */
function sameBoard(a: Array<Record<string, unknown>>, b: Array<Record<string, unknown>>): boolean {
  return (
    a.length === b.length &&
    a.every((row, i) =>
      Object.keys(b[i]).every((k) =>
        typeof b[i][k] === 'number' || b[i][k] === null
          ? close(row[k] as number | null, b[i][k] as number | null)
          : row[k] === b[i][k],
      ),
    )
  );
}

export async function measureQueries(
  db: Database,
  app: App,
  tz: string,
  log: (s: string) => void,
): Promise<QueryResult[]> {
  const results: QueryResult[] = [];
  const opts = { tz, now: BENCH_NOW };
  const version = await readDataVersion(db);
  for (const { label, window } of benchWindows(tz)) {
    for (const board of ['team', 'individual'] as const) {
      const { start_time, end_time } = apiTimes(window, tz);
      const url = `/api/${board}-leaderboard?start_time=${encodeURIComponent(start_time)}&end_time=${encodeURIComponent(end_time)}`;
      // The answer's bytes are read as a socket sends them: not decoded into a string, which
      // app.inject does by default (for a compressed board, 0.6 ms no real request spends).
      const get = async () => {
        const res = await app.inject({
          url,
          headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
          payloadAsStream: true,
        });
        const chunks: Buffer[] = [];
        for await (const chunk of res.stream()) chunks.push(chunk as Buffer);
        const body = Buffer.concat(chunks);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${body.toString()}`);
        return { headers: res.headers, body };
      };
      // As a collector poll's commit does: the caches are emptied, the new version named.
      const uncached = async () => {
        db.dataChanges.notify(version);
        return get();
      };
      const naive = () =>
        board === 'team'
          ? teamLeaderboardJson(db, window, { ...opts, showBots: false, pieces: rawPlan(window) })
          : individualLeaderboardJson(db, window, { ...opts, pieces: rawPlan(window) });
      const direct = () =>
        board === 'team'
          ? teamLeaderboardJson(db, window, { ...opts, showBots: false })
          : individualLeaderboardJson(db, window, opts);

      const firstRes = await uncached();
      const json =
        firstRes.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(firstRes.body) : firstRes.body;
      const first = JSON.parse(json.toString('utf8')) as Array<Record<string, unknown>>;
      await startSeries(uncached);
      const ours: number[] = [];
      for (let i = 0; i < HTTP_RUNS; i++) ours.push(await time(uncached));
      // The direct and naive runs take turns, spread over the same stretch of time, so a slow spell
      // of the machine weighs on both sides of the ratio alike.
      const naiveRows =
        board === 'team'
          ? await teamLeaderboard(db, window, { ...opts, showBots: false, pieces: rawPlan(window) })
          : await individualLeaderboard(db, window, { ...opts, pieces: rawPlan(window) });
      await startSeries(direct);
      const directMs: number[] = [];
      const naiveMs: number[] = [];
      const t0 = performance.now();
      for (let i = 0; i < DIRECT_RUNS; i++) {
        directMs.push(await time(direct));
        const due = Math.floor(((i + 1) * NAIVE_MAX_RUNS) / DIRECT_RUNS) > naiveMs.length;
        if (due && (naiveMs.length < NAIVE_MIN_RUNS || performance.now() - t0 < NAIVE_BUDGET_MS))
          naiveMs.push(await time(naive));
      }
      await startSeries(get);
      const cached: number[] = [];
      for (let i = 0; i < CACHED_RUNS; i++) cached.push(await time(get));
      const r: QueryResult = {
        label,
        board,
        longerThanADay: window.end.getTime() - window.start.getTime() > 25 * 3600 * 1000,
        rows: first.length,
        jsonBytes: json.length,
        sentBytes: firstRes.body.length,
        ours: summarize(ours),
        direct: summarize(directMs),
        cached: summarize(cached),
        naive: summarize(naiveMs),
        agrees: sameBoard(first, naiveRows) && (board === 'team' || (await pagesAgree(app, url, naiveRows, sameBoard))),
      };
      log(
        `  ${label} (${board}): ours p95 ${r.ours.p95.toFixed(1)} ms, direct median ${r.direct.median.toFixed(1)} ms, cached p95 ${r.cached.p95.toFixed(2)} ms, naive median ${r.naive.median.toFixed(0)} ms${r.agrees ? '' : ', RESULTS DIFFER'}`,
      );
      results.push(r);
    }
  }
  return results;
}
