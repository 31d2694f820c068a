/**
 * How a collector run paces its requests to the game. A run fetches teams in a few concurrent
 * lanes; each lane pauses between two of its requests. The pause is `delayMs` (polite: 3 s)
 * while the teams left fit in the run's spread (their share of the first `spreadMs` of the run);
 * with many teams it shrinks so the run still ends early in its slot, never below `minDelayMs`.
 */

export interface Pacing {
  /** Concurrent lanes: at most this many requests in flight. */
  lanes: number;
  /** The longest pause between two requests of one lane. */
  delayMs: number;
  /** The shortest pause between two requests of one lane (only when `delayMs` is longer). */
  minDelayMs: number;
  /** The teams are spread over this much of the run, from its start. */
  spreadMs: number;
}

export const DEFAULT_CONCURRENCY = 4;
export const MAX_CONCURRENCY = 16;
export const DEFAULT_PACING: Omit<Pacing, 'lanes'> = { delayMs: 3_000, minDelayMs: 200, spreadMs: 40_000 };

/**
 * The pause of a lane before its next request: the time left in the spread shared by the rounds
 * the lanes still need for the teams left, minus the lane's own last request and write (so a slow
 * answer is not waited for twice), within [minDelayMs, delayMs]. Before jitter.
 */
export function lanePause(p: Pacing, s: { msIntoRun: number; teamsLeft: number; lastWorkMs: number }): number {
  if (s.teamsLeft <= 0) return 0;
  const rounds = Math.ceil(s.teamsLeft / p.lanes);
  const budget = (p.spreadMs - s.msIntoRun) / rounds - s.lastWorkMs;
  return Math.min(p.delayMs, Math.max(p.minDelayMs, budget));
}

/** A pause with ±25 % jitter, so the lanes do not fall into step. */
export function jittered(ms: number, random: () => number): number {
  return ms * (0.75 + 0.5 * random());
}
