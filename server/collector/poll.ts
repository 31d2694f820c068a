/**
 * One collector run: polls the teams in a few concurrent lanes (`concurrency`, default 4), each
 * lane pausing between its requests (pacing.ts), backing off exponentially (and retrying) on 429,
 * 403 and HTML challenge pages, writes each team's poll in its own transaction (one write at a
 * time, while the lanes fetch on), and records the run in collector_runs. Each team's answer is stamped with the moment it arrived, not the run's
 * start: with backoff a team may be fetched minutes later, and its races must land in the slot
 * (and event window) of that moment. With a `deadline` (the scheduler's next slot), no request is
 * started that could end after it: the teams left are logged and returned as `skipped`.
 */
import type { Database } from '../db/database.js';
import { finishCollectorRun, startCollectorRun } from '../db/collector-runs-repo.js';
import { bumpDataVersion } from '../db/data-version.js';
import { trackedTeamTags } from '../db/teams-repo.js';
import { fetchTeam, type FetchResult } from './client.js';
import { DEFAULT_CONCURRENCY, DEFAULT_PACING, jittered, lanePause, type Pacing } from './pacing.js';
import type { MemberAnomaly } from './team-state.js';
import { recordFailure, writePoll } from './write-poll.js';

/** The pino-compatible subset the collector logs through. */
export interface CollectorLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: CollectorLogger = { info() {}, warn() {}, error() {} };

export interface BackoffOptions {
  /** First wait after a rate-limit answer; doubles on each retry. */
  baseMs?: number;
  /** The longest single wait (also caps Retry-After). */
  maxMs?: number;
  /** Retries after the first attempt. */
  retries?: number;
}

export interface PollOptions {
  db: Database;
  /** The game API base, e.g. https://www.nitrotype.com/api/v2 */
  base: string;
  /** Teams to poll; default: `teams WHERE tracked`. */
  tags?: string[];
  /** The start of this run (collector_runs.snapshot_at). */
  now: Date;
  /**
   * The time an answer arrived, read once per fetch. Default: `now` plus the time elapsed since
   * the run began (a monotonic clock, so a wall-clock step mid-run cannot reorder polls).
   */
  clock?: () => Date;
  tz: string;
  /** Concurrent lanes of requests; default 4. */
  concurrency?: number;
  /** The longest pause between two requests of one lane (±25 % jitter); default 3 s. */
  delayMs?: number;
  /** The shortest pause a lane shrinks to when many teams must fit the spread; default 200 ms. */
  minDelayMs?: number;
  /** The teams are spread over this much of the run; default 40 s (pacing.ts). */
  spreadMs?: number;
  /**
   * When the run's slot ends (read on `clock`): no request is started that could end after it (its
   * timeout), no retry waits past it, and the teams left are skipped. Default: none.
   */
  deadline?: Date;
  backoff?: BackoffOptions;
  timeoutMs?: number;
  logger?: CollectorLogger;
  /** Aborting cancels the requests in flight and skips the remaining waits and teams; a write in progress commits. */
  signal?: AbortSignal;
  /**
   * A gentler stop: aborting skips the remaining waits, retries and teams, but the requests in
   * flight go on (until `signal` or their timeout) and their answers are written.
   */
  stopping?: AbortSignal;
  random?: () => number;
}

export type TeamPollResult =
  | {
      tag: string;
      ok: true;
      attempts: number;
      stale: boolean;
      fetchedAt: Date;
      members: number;
      batches: number;
      firstSightings: number;
      resets: number;
      joined: number;
      left: number;
      skipped: number;
    }
  | { tag: string; ok: false; attempts: number; httpStatus: number | null; error: string };

export interface PollRunSummary {
  runId: number;
  snapshotAt: Date;
  /** The teams fetched, in the order asked for. */
  teams: TeamPollResult[];
  ok: number;
  failed: number;
  /** Teams not fetched because the slot was ending (counted in collector_runs.teams_failed). */
  skipped: string[];
}

const DEFAULT_BACKOFF: Required<BackoffOptions> = { baseMs: 5_000, maxMs: 60_000, retries: 3 };
const DEFAULT_TIMEOUT_MS = 20_000;

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** The wait before retry number `attempt` (1-based): base × 2^(attempt−1), or Retry-After, capped. */
export function backoffDelay(
  attempt: number,
  b: Required<BackoffOptions>,
  retryAfterMs: number | null,
  random: () => number,
): number {
  const exp = b.baseMs * 2 ** (attempt - 1);
  const wanted = Math.max(exp * (0.9 + 0.2 * random()), retryAfterMs ?? 0);
  return Math.min(b.maxMs, Math.round(wanted));
}

const memberWarning: Record<MemberAnomaly['kind'], string> = {
  'bad-reading': 'member reading went backwards: skipped this poll, baseline kept',
  'counter-reset': 'member team counters restarted with the same join: re-based',
  absurd: 'member counter is absurd: skipped this poll, the rest of the team written',
  duplicate: 'member listed more than once: counted once',
  unreadable: 'member entry unreadable: skipped this poll',
};

function failureText(r: Exclude<FetchResult, { kind: 'ok' }>): string {
  switch (r.kind) {
    case 'rateLimited':
      return `rate limited: ${r.reason}`;
    case 'notFound':
      return 'not found: HTTP 404';
    case 'fail':
      return `failed: HTTP ${r.status}`;
    case 'error':
      return r.timedOut ? `timeout: ${r.error}` : `network error: ${r.error}`;
  }
}

/** `now` advanced by the monotonic time elapsed since this call. */
export function elapsedClock(now: Date): () => Date {
  const started = performance.now();
  return () => new Date(now.getTime() + Math.round(performance.now() - started));
}

/** Whether a request started now (after `waitMs`) could still end, timeout included, before the deadline. */
function timeLeftFor(o: PollOptions, clock: () => Date, waitMs = 0): boolean {
  if (!o.deadline) return true;
  return clock().getTime() + waitMs + (o.timeoutMs ?? DEFAULT_TIMEOUT_MS) <= o.deadline.getTime();
}

/** Stopped, gently (`stopping`) or not (`signal`): no further wait, retry or team. */
function halted(o: PollOptions): boolean {
  return Boolean(o.signal?.aborted || o.stopping?.aborted);
}

function haltSignal(o: PollOptions): AbortSignal | undefined {
  return o.signal && o.stopping ? AbortSignal.any([o.signal, o.stopping]) : (o.signal ?? o.stopping);
}

/** An answer to write, or the team's final failure. */
type Fetched = { tag: string; attempts: number; fetchedAt: Date; status: number; body: string } | TeamPollResult;

/** Fetches one team, retrying rate limits with backoff; failed answers are recorded on the way. */
async function fetchOne(
  o: PollOptions,
  tag: string,
  backoff: Required<BackoffOptions>,
  random: () => number,
  clock: () => Date,
): Promise<Fetched> {
  const log = o.logger ?? silentLogger;
  for (let attempt = 1; ; attempt++) {
    const r = await fetchTeam(o.base, tag, { timeoutMs: o.timeoutMs, signal: o.signal });
    const fetchedAt = clock();
    if (r.kind === 'ok') return { tag, attempts: attempt, fetchedAt, status: r.status, body: r.body };
    const error = failureText(r);
    // A request cut short by stop() is not the game's answer: nothing to record.
    if (r.kind === 'error' && o.signal?.aborted)
      return { tag, ok: false, attempts: attempt, httpStatus: null, error: 'stopped (aborted)' };
    await recordFailure(o.db, { tag, at: fetchedAt, httpStatus: r.status, error, body: r.body });
    const retry = r.kind === 'rateLimited' && attempt <= backoff.retries && !halted(o);
    if (!retry) {
      log.warn({ tag, error, attempts: attempt }, 'team poll failed');
      return { tag, ok: false, attempts: attempt, httpStatus: r.status, error };
    }
    const wait = backoffDelay(attempt, backoff, r.retryAfterMs, random);
    if (!timeLeftFor(o, clock, wait)) {
      log.warn({ tag, error, attempts: attempt, waitMs: wait }, 'rate limited, no time left in the slot to retry');
      return { tag, ok: false, attempts: attempt, httpStatus: r.status, error: `${error} (slot ending, not retried)` };
    }
    log.warn({ tag, error, attempt, waitMs: wait }, 'rate limited, backing off');
    await sleep(wait, haltSignal(o));
    if (halted(o)) return { tag, ok: false, attempts: attempt, httpStatus: r.status, error: `${error} (stopped)` };
  }
}

/** Writes one fetched answer (parse, diff, store) and says what it did. */
async function writeOne(o: PollOptions, f: Exclude<Fetched, TeamPollResult>): Promise<TeamPollResult> {
  const log = o.logger ?? silentLogger;
  const { tag, attempts, fetchedAt } = f;
  // The run's end bumps the version as a whole change: open screens refetch once per run.
  const w = await writePoll(o.db, { tag, at: fetchedAt, httpStatus: f.status, body: f.body }, o.tz, undefined, {
    partOfRun: true,
  });
  if (!w.ok) {
    log.warn({ tag, error: w.error }, 'team response could not be parsed');
    return { tag, ok: false, attempts, httpStatus: f.status, error: w.error };
  }
  if (w.stale) {
    const none = { members: 0, batches: 0, firstSightings: 0, resets: 0, joined: 0, left: 0, skipped: 0 };
    return { tag, ok: true, attempts, stale: true, fetchedAt, ...none };
  }
  for (const a of w.anomalies)
    log.warn({ tag, userId: a.userId, kind: a.kind, detail: a.detail }, memberWarning[a.kind]);
  const { members, batches, firstSightings, resets, joined, left, skipped } = w;
  log.info({ tag, batches }, 'team polled');
  return {
    tag,
    ok: true,
    attempts,
    stale: false,
    fetchedAt,
    members,
    batches,
    firstSightings,
    resets,
    joined,
    left,
    skipped,
  };
}

/** A database error for one team must not end the run for the others. */
async function guarded(o: PollOptions, tag: string, step: () => Promise<TeamPollResult>): Promise<TeamPollResult>;
async function guarded(o: PollOptions, tag: string, step: () => Promise<Fetched>): Promise<Fetched>;
async function guarded(o: PollOptions, tag: string, step: () => Promise<Fetched>): Promise<Fetched> {
  try {
    return await step();
  } catch (err) {
    (o.logger ?? silentLogger).error({ tag, err }, 'writing the team poll failed');
    return { tag, ok: false, attempts: 1, httpStatus: null, error: `write failed: ${(err as Error).message}` };
  }
}

export async function pollTeams(o: PollOptions): Promise<PollRunSummary> {
  const log = o.logger ?? silentLogger;
  const random = o.random ?? Math.random;
  const backoff = { ...DEFAULT_BACKOFF, ...o.backoff };
  const clock = o.clock ?? elapsedClock(o.now);
  const tags = (o.tags ?? (await trackedTeamTags(o.db))).map((t) => t.toUpperCase());
  const pacing: Pacing = {
    lanes: Math.max(1, Math.min(o.concurrency ?? DEFAULT_CONCURRENCY, tags.length)),
    delayMs: o.delayMs ?? DEFAULT_PACING.delayMs,
    minDelayMs: o.minDelayMs ?? DEFAULT_PACING.minDelayMs,
    spreadMs: o.spreadMs ?? DEFAULT_PACING.spreadMs,
  };
  const runId = await startCollectorRun(o.db, new Date(), o.now);
  const started = performance.now();
  const results: Array<Promise<TeamPollResult> | undefined> = [];
  let next = 0;
  let slotEnding = false;
  let writing: Promise<unknown> = Promise.resolve();
  const halt = haltSignal(o);

  // Each lane takes the next team from the shared queue until it is empty, the run is stopped or
  // the slot is ending; a lane's first request waits its share of one pause, spreading the starts.
  const lane = async (k: number) => {
    const first = lanePause(pacing, { msIntoRun: 0, teamsLeft: tags.length, lastWorkMs: 0 });
    let pause = (first * k) / pacing.lanes;
    for (;;) {
      await sleep(pause, halt);
      if (halted(o) || slotEnding || next >= tags.length) return;
      if (!timeLeftFor(o, clock)) {
        slotEnding = true;
        return;
      }
      const i = next++;
      const t0 = performance.now();
      const fetched = await guarded(o, tags[i], () => fetchOne(o, tags[i], backoff, random, clock));
      // The answer is written while this lane goes on, one write at a time for the run (PGlite
      // runs one anyway; on PostgreSQL the pool stays free for the site's readers).
      if ('ok' in fetched) results[i] = Promise.resolve(fetched);
      else {
        const written = writing.then(() => guarded(o, tags[i], () => writeOne(o, fetched)));
        results[i] = written;
        writing = written;
      }
      const lastWorkMs = performance.now() - t0;
      const teamsLeft = tags.length - next;
      pause = jittered(lanePause(pacing, { msIntoRun: performance.now() - started, teamsLeft, lastWorkMs }), random);
    }
  };
  await Promise.all(Array.from({ length: pacing.lanes }, (_, k) => lane(k)));

  const teams = await Promise.all(results.filter((r) => r !== undefined));
  const skipped = slotEnding ? tags.slice(next) : [];
  if (skipped.length)
    log.warn(
      { runId, deadline: o.deadline?.toISOString(), skipped: skipped.length, tags: skipped },
      'slot ending: teams left unpolled in this run',
    );
  const ok = teams.filter((t) => t.ok).length;
  const failed = teams.length - ok;
  // A run with data moves "Data as of" (GET /api/site): a change visitors see, so it bumps the data
  // version too, as the whole change the teams' writes were part of: the live version moves only
  // here, so open screens (GET /api/live) refresh once, when the run is complete.
  const finished = await o.db.transaction(async (tx) => {
    await finishCollectorRun(tx, runId, new Date(), ok, failed + skipped.length);
    return ok > 0 ? bumpDataVersion(tx) : null;
  });
  if (finished !== null) o.db.dataChanges.notify(finished);
  const ms = Math.round(performance.now() - started);
  const fields = {
    runId,
    snapshotAt: o.now.toISOString(),
    ok,
    failed,
    skipped: skipped.length,
    lanes: pacing.lanes,
    ms,
  };
  // Not one team read: the site is going stale, which an operator must hear about (a stop is not that).
  if (ok === 0 && failed + skipped.length > 0 && !halted(o))
    log.error({ ...fields, tags }, 'collector run finished: every team failed');
  else log.info(fields, 'collector run finished');
  return { runId, snapshotAt: o.now, teams, ok, failed, skipped };
}
