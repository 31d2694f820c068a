/**
 * Daily and Weekly Races: Team Races and Lifetime Races summed per site-time-zone day, and per
 * Sunday-to-Saturday week keyed by its Sunday. A day is cut at local midnight, so DST days of 23
 * or 25 hours keep every batch on its own calendar day.
 */
import { dayKeyOf, dayWindow, weekStartOf, type DayKey } from '../../../rules/site-time';

/** Periods the charts show at most (docs/product.md §9). */
export const MAX_PERIODS = 30;

export interface PeriodRaces {
  /** The day, or the Sunday that starts the week (YYYY-MM-DD). */
  period: DayKey;
  teamRaces: number;
  lifetimeRaces: number;
}

export interface RaceColumns {
  /** Unix seconds, ascending. */
  time: readonly number[];
  races: readonly number[];
  lifetimeRaces: readonly number[];
}

/** Sums per day of the batches lo ≤ i < hi, oldest day first; days without batches are left out. */
export function racesByDay(s: RaceColumns, tz: string, lo = 0, hi = s.time.length): PeriodRaces[] {
  const out: PeriodRaces[] = [];
  let dayStart = Infinity;
  let dayEnd = -Infinity;
  let current: PeriodRaces | null = null;
  for (let i = lo; i < hi; i++) {
    const ms = s.time[i] * 1000;
    // The zone lookup runs once per day, not once per batch: batches are sorted.
    if (current === null || ms < dayStart || ms >= dayEnd) {
      const key = dayKeyOf(ms, tz);
      const w = dayWindow(key, tz);
      dayStart = w.start.getTime();
      dayEnd = w.end.getTime();
      current = { period: key, teamRaces: 0, lifetimeRaces: 0 };
      out.push(current);
    }
    current.teamRaces += s.races[i];
    current.lifetimeRaces += s.lifetimeRaces[i];
  }
  return out;
}

/** Folds days (oldest first) into Sunday weeks, oldest first. */
export function racesByWeek(days: readonly PeriodRaces[]): PeriodRaces[] {
  const out: PeriodRaces[] = [];
  for (const d of days) {
    const week = weekStartOf(d.period);
    let last = out[out.length - 1];
    if (!last || last.period !== week) out.push((last = { period: week, teamRaces: 0, lifetimeRaces: 0 }));
    last.teamRaces += d.teamRaces;
    last.lifetimeRaces += d.lifetimeRaces;
  }
  return out;
}

/** The `max` most recent periods, newest first. */
export function mostRecent(periods: readonly PeriodRaces[], max = MAX_PERIODS): PeriodRaces[] {
  return periods.slice(-max).reverse();
}

/** Bar chart height: at least 400 pixels, or 40 per period. */
export function periodChartHeight(count: number): number {
  return Math.max(400, 40 * count);
}
