/**
 * The collector's schedule inside the server: one run every 10 minutes, a few seconds after each
 * 10-minute boundary, never two at once (the next run is planned only when one ends), and on
 * PostgreSQL only in the process holding the collector lock. `stop()` skips the waits and teams
 * left in a run, lets the team being written commit, and resolves when the run has ended.
 */
import type { Database } from '../db/database.js';
import { withCollectorLock } from './lock.js';
import { pollTeams, silentLogger, type CollectorLogger, type PollOptions, type PollRunSummary } from './poll.js';

export interface SchedulerOptions {
  db: Database;
  base: string;
  tz: string;
  logger?: CollectorLogger;
  now?: () => Date;
  /** Default 10 minutes. */
  intervalMs?: number;
  /** Delay after the boundary; default 5 s. */
  offsetMs?: number;
  /** Teams to poll; default `teams WHERE tracked` at each run. */
  tags?: string[];
  /** Pacing of a run (delay between teams, backoff, timeout). */
  poll?: Pick<PollOptions, 'delayMs' | 'backoff' | 'timeoutMs'>;
  onRun?: (summary: PollRunSummary) => void;
}

export interface Scheduler {
  /** When the next run is planned (null once stopped). */
  nextRunAt(): Date | null;
  /** Whether a run is in progress. */
  running(): boolean;
  stop(): Promise<void>;
}

/** The first `boundary + offset` strictly after `now`. */
export function nextRunTime(now: Date, intervalMs: number, offsetMs: number): Date {
  const t = now.getTime();
  const start = Math.floor(t / intervalMs) * intervalMs + offsetMs;
  return new Date(start > t ? start : start + intervalMs);
}

export function startScheduler(o: SchedulerOptions): Scheduler {
  const log = o.logger ?? silentLogger;
  const now = o.now ?? (() => new Date());
  const intervalMs = o.intervalMs ?? 600_000;
  const offsetMs = o.offsetMs ?? 5_000;
  let timer: NodeJS.Timeout | null = null;
  let planned: Date | null = null;
  let current: Promise<void> | null = null;
  let stopped = false;
  const abort = new AbortController();

  const run = async () => {
    const snapshot = now();
    try {
      const r = await withCollectorLock(o.db, () =>
        pollTeams({
          db: o.db,
          base: o.base,
          tags: o.tags,
          now: snapshot,
          tz: o.tz,
          logger: log,
          signal: abort.signal,
          ...o.poll,
        }),
      );
      if (r.acquired) o.onRun?.(r.value);
      else log.info({}, 'another collector holds the lock: skipping this run');
    } catch (err) {
      log.error({ err }, 'collector run failed');
    }
  };

  const plan = () => {
    if (stopped) return;
    planned = nextRunTime(now(), intervalMs, offsetMs);
    arm();
  };

  const arm = () => {
    timer = setTimeout(
      () => {
        timer = null;
        // A timer may fire a little early by the wall clock: never poll before the boundary.
        if (planned && now().getTime() < planned.getTime()) return arm();
        current = run().finally(() => {
          current = null;
          plan();
        });
      },
      Math.max(0, (planned?.getTime() ?? 0) - now().getTime()),
    );
  };

  plan();
  return {
    nextRunAt: () => (stopped ? null : planned),
    running: () => current !== null,
    async stop() {
      stopped = true;
      planned = null;
      if (timer) clearTimeout(timer);
      timer = null;
      abort.abort();
      await current;
    },
  };
}
