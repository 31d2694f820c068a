/**
 * The collector's schedule inside the server: one run every 10 minutes, a few seconds after each
 * 10-minute boundary, never two at once, and on PostgreSQL only in the process holding the
 * collector lock. A run keeps to its slot: it starts no request that could end after the next
 * boundary (poll.ts `deadline`). A slot that cannot be kept (a run or the machine ran late past
 * its start) is logged and skipped, never stacked: the next run is planned only when one ends,
 * at the first slot still ahead. `stop()` skips the waits and teams left in a run, gives the team
 * requests in flight up to `stopGraceMs` to get their answers, lets those and the teams being
 * written commit, and resolves when the run has ended.
 */
import type { Database } from '../db/database.js';
import { withCollectorLock } from '../db/collector-lock.js';
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
  /** Pacing of a run (lanes, pauses between requests, backoff, timeout). */
  poll?: Pick<PollOptions, 'concurrency' | 'delayMs' | 'minDelayMs' | 'spreadMs' | 'backoff' | 'timeoutMs'>;
  onRun?: (summary: PollRunSummary) => void;
  /** How long `stop()` lets the team requests in flight go on before cancelling them; default 5 s. */
  stopGraceMs?: number;
}

/** The default of `stopGraceMs`: a game answer usually takes well under a second. */
export const STOP_GRACE_MS = 5_000;

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

/** The end of the slot a run planned at `at` polls for: the next boundary. */
export function slotEnd(at: Date, intervalMs: number): Date {
  return new Date((Math.floor(at.getTime() / intervalMs) + 1) * intervalMs);
}

/** The run times after `last` and before `next` that no run took (a run or the machine ran late). */
export function missedRuns(last: Date, next: Date, intervalMs: number): Date[] {
  const missed: Date[] = [];
  for (let t = last.getTime() + intervalMs; t < next.getTime(); t += intervalMs) missed.push(new Date(t));
  return missed;
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
  // Stopping skips what is left of a run at once; requests in flight are cancelled after the grace.
  const stopping = new AbortController();
  const cancel = new AbortController();

  const run = async (deadline: Date) => {
    const snapshot = now();
    let lockLost: AbortSignal | undefined;
    try {
      const r = await withCollectorLock(o.db, (lost) => {
        lockLost = lost;
        return pollTeams({
          db: o.db,
          base: o.base,
          tags: o.tags,
          now: snapshot,
          tz: o.tz,
          logger: log,
          stopping: stopping.signal,
          // A lost lock stops the run at once: another process may take the slot.
          signal: lost ? AbortSignal.any([cancel.signal, lost]) : cancel.signal,
          deadline,
          ...o.poll,
        });
      });
      if (lockLost?.aborted)
        log.warn({}, "the collector lock's database connection broke: run stopped, the next slot takes the lock again");
      if (r.acquired) o.onRun?.(r.value);
      else log.info({}, 'another collector holds the lock: skipping this run');
    } catch (err) {
      log.error({ err }, 'collector run failed');
    }
  };

  const plan = () => {
    if (stopped) return;
    const last = planned;
    planned = nextRunTime(now(), intervalMs, offsetMs);
    const missed = last ? missedRuns(last, planned, intervalMs) : [];
    if (missed.length)
      log.warn(
        { missed: missed.length, first: missed[0].toISOString(), next: planned.toISOString() },
        'collector slot missed (the previous run or the machine ran late): skipped, not stacked',
      );
    arm();
  };

  const arm = () => {
    timer = setTimeout(
      () => {
        timer = null;
        // A timer may fire a little early by the wall clock: never poll before the boundary.
        if (planned && now().getTime() < planned.getTime()) return arm();
        const deadline = slotEnd(planned ?? now(), intervalMs);
        if (now().getTime() >= deadline.getTime()) {
          log.warn(
            { planned: planned?.toISOString(), at: now().toISOString() },
            'collector slot missed (the timer fired after the slot ended): skipped',
          );
          return plan();
        }
        current = run(deadline).finally(() => {
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
      stopping.abort();
      const grace = setTimeout(() => cancel.abort(), o.stopGraceMs ?? STOP_GRACE_MS);
      try {
        await current;
      } finally {
        clearTimeout(grace);
      }
    },
  };
}
