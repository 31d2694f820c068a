/**
 * What a member can plausibly have done in a stretch of wall time. A reading beyond it (a typed
 * count of 1e19, races jumping by 3e9) is absurd: that member is skipped for that poll, so one
 * broken counter never fails the whole team's write.
 */
import type { Counters } from './diff.js';

/** Slack added to every span: the game's clock and ours, and a poll late within its slot. */
const SLACK_S = 600;

/** The most of each counter per second of wall time (a race takes far longer than 5 s). */
const PER_SECOND: Record<keyof Counters, number> = {
  played: 1 / 5,
  racesPlayed: 1 / 5,
  secs: 1,
  typed: 100,
  errs: 100,
};

const COUNTERS = Object.keys(PER_SECOND) as Array<keyof Counters>;

/** The first counter whose growth over `spanMs` of wall time is impossible, or null. */
export function implausibleGrowth(delta: Counters, spanMs: number): keyof Counters | null {
  const spanS = Math.max(0, spanMs) / 1000 + SLACK_S;
  for (const k of COUNTERS) {
    if (delta[k] > PER_SECOND[k] * spanS) return k;
  }
  return null;
}
