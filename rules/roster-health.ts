/**
 * Roster health rules: how long since a member's last race, and which of the team's requirements
 * (or the game's status) call for a captain's attention. Pure: the app may import it too.
 */
import { INACTIVE_DAYS, type AttentionReason } from '../contract/roster-health.js';
import type { GameStatus } from '../contract/common.js';
import { isDayKey, type DayKey } from './site-time.js';

/** A requirement the team actually sets: the spec shows 0 or empty as N/A. */
export function requirementOf(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/** value ≥ requirement; null when there is no requirement or the value is unknown. */
export function meets(value: number | null, requirement: number | null): boolean | null {
  if (requirement === null || value === null) return null;
  return value >= requirement;
}

/** Whole calendar days from `from` to `to` (both YYYY-MM-DD), e.g. yesterday → today is 1. */
export function daysBetween(from: DayKey, to: DayKey): number {
  if (!isDayKey(from) || !isDayKey(to)) throw new Error(`not a day: ${from} / ${to}`);
  const utc = (d: DayKey) => Date.UTC(+d.slice(0, 4), +d.slice(5, 7) - 1, +d.slice(8, 10));
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

export interface HealthFacts {
  gameStatus: GameStatus;
  daysSinceLastRace: number | null;
  meetsMinRaces: boolean | null;
  meetsMinSpeed: boolean | null;
  meetsWeekly: boolean | null;
}

/** Every reason for attention, in a fixed order (most serious first). */
export function attentionReasons(f: HealthFacts): AttentionReason[] {
  const reasons: AttentionReason[] = [];
  if (f.gameStatus) reasons.push(f.gameStatus);
  if (f.daysSinceLastRace === null) reasons.push('never-raced');
  else if (f.daysSinceLastRace >= INACTIVE_DAYS) reasons.push('inactive');
  if (f.meetsWeekly === false) reasons.push('missed-weekly');
  if (f.meetsMinRaces === false) reasons.push('below-min-races');
  if (f.meetsMinSpeed === false) reasons.push('below-min-speed');
  return reasons;
}
