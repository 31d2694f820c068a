/**
 * One collector run: polls the teams one at a time, a few seconds apart with jitter, backing off
 * exponentially (and retrying) on 429, 403 and HTML challenge pages, writes each team's poll in
 * its own transaction, and records the run in collector_runs. Each team's answer is stamped with
 * the moment it arrived, not the run's start: with backoff a team may be fetched minutes later,
 * and its races must land in the slot (and event window) of that moment.
 */
import type { Database } from '../db/database.js';
import { finishCollectorRun, startCollectorRun } from '../db/collector-runs-repo.js';
import { bumpDataVersion } from '../db/data-version.js';
import { trackedTeamTags } from '../db/teams-repo.js';
import { fetchTeam, type FetchResult } from './client.js';
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
  /** Pause between two teams (±25 % jitter); default 3 s. */
  delayMs?: number;
  backoff?: BackoffOptions;
  timeoutMs?: number;
  logger?: CollectorLogger;
  /** Aborting cancels the request in flight and skips the remaining waits and teams; a write in progress commits. */
  signal?: AbortSignal;
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
  teams: TeamPollResult[];
  ok: number;
  failed: number;
}

const DEFAULT_BACKOFF: Required<BackoffOptions> = { baseMs: 5_000, maxMs: 60_000, retries: 3 };

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

async function pollOne(
  o: PollOptions,
  tag: string,
  backoff: Required<BackoffOptions>,
  random: () => number,
  clock: () => Date,
): Promise<TeamPollResult> {
  const log = o.logger ?? silentLogger;
  for (let attempt = 1; ; attempt++) {
    const r = await fetchTeam(o.base, tag, { timeoutMs: o.timeoutMs, signal: o.signal });
    const fetchedAt = clock();
    if (r.kind === 'ok') {
      const w = await writePoll(o.db, { tag, at: fetchedAt, httpStatus: r.status, body: r.body }, o.tz);
      if (!w.ok) {
        log.warn({ tag, error: w.error }, 'team response could not be parsed');
        return { tag, ok: false, attempts: attempt, httpStatus: r.status, error: w.error };
      }
      if (w.stale) {
        return {
          tag,
          ok: true,
          attempts: attempt,
          stale: true,
          fetchedAt,
          members: 0,
          batches: 0,
          firstSightings: 0,
          resets: 0,
          joined: 0,
          left: 0,
          skipped: 0,
        };
      }
      for (const a of w.anomalies)
        log.warn({ tag, userId: a.userId, kind: a.kind, detail: a.detail }, memberWarning[a.kind]);
      const { members, batches, firstSightings, resets, joined, left, skipped } = w;
      return {
        tag,
        ok: true,
        attempts: attempt,
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
    const error = failureText(r);
    // A request cut short by stop() is not the game's answer: nothing to record.
    if (r.kind === 'error' && o.signal?.aborted)
      return { tag, ok: false, attempts: attempt, httpStatus: null, error: 'stopped (aborted)' };
    await recordFailure(o.db, { tag, at: fetchedAt, httpStatus: r.status, error, body: r.body });
    const retry = r.kind === 'rateLimited' && attempt <= backoff.retries && !o.signal?.aborted;
    if (!retry) {
      log.warn({ tag, error, attempts: attempt }, 'team poll failed');
      return { tag, ok: false, attempts: attempt, httpStatus: r.status, error };
    }
    const wait = backoffDelay(attempt, backoff, r.retryAfterMs, random);
    log.warn({ tag, error, attempt, waitMs: wait }, 'rate limited, backing off');
    await sleep(wait, o.signal);
    if (o.signal?.aborted)
      return { tag, ok: false, attempts: attempt, httpStatus: r.status, error: `${error} (stopped)` };
  }
}

export async function pollTeams(o: PollOptions): Promise<PollRunSummary> {
  const log = o.logger ?? silentLogger;
  const random = o.random ?? Math.random;
  const backoff = { ...DEFAULT_BACKOFF, ...o.backoff };
  const delayMs = o.delayMs ?? 3_000;
  const clock = o.clock ?? elapsedClock(o.now);
  const tags = (o.tags ?? (await trackedTeamTags(o.db))).map((t) => t.toUpperCase());
  const runId = await startCollectorRun(o.db, new Date(), o.now);
  const teams: TeamPollResult[] = [];
  for (const [i, tag] of tags.entries()) {
    if (o.signal?.aborted) break;
    if (i > 0) await sleep(delayMs * (0.75 + 0.5 * random()), o.signal);
    if (o.signal?.aborted) break;
    let result: TeamPollResult;
    try {
      result = await pollOne(o, tag, backoff, random, clock);
    } catch (err) {
      // A database error for one team must not end the run for the others.
      log.error({ tag, err }, 'writing the team poll failed');
      result = { tag, ok: false, attempts: 1, httpStatus: null, error: `write failed: ${(err as Error).message}` };
    }
    teams.push(result);
    if (result.ok) log.info({ tag, batches: result.batches }, 'team polled');
  }
  const ok = teams.filter((t) => t.ok).length;
  const failed = teams.length - ok;
  // A run with data moves "Data as of" (GET /api/site): a change visitors see, so it bumps the data
  // version too, and open screens (GET /api/live) refresh once the run is complete.
  const finished = await o.db.transaction(async (tx) => {
    await finishCollectorRun(tx, runId, new Date(), ok, failed);
    return ok > 0 ? bumpDataVersion(tx) : null;
  });
  if (finished !== null) o.db.dataChanges.notify(finished);
  log.info({ runId, snapshotAt: o.now.toISOString(), ok, failed }, 'collector run finished');
  return { runId, snapshotAt: o.now, teams, ok, failed };
}
