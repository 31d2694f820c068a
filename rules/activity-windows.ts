/**
 * The time windows of the team screens (contract/activity.ts and contract/roster.ts): rolling
 * windows that end now, the hour buckets of the hourly chart, the days and weeks of the daily and
 * weekly charts (rules/window-split.ts splits a window into what is read).
 */
import { addDayKeys, dayKeyOf, weekStartOf, type DayKey } from './site-time.js';

const HOUR_MS = 3_600_000;

/** A window of batch end times with both ends included: start ≤ end_time ≤ end. */
export interface ClosedWindow {
  start: Date;
  end: Date;
}

/** now − hours to now, both ends included (docs/product.md §7: "24 hour = now minus 24 h to now"). */
export function rollingWindow(now: Date, hours: number): ClosedWindow {
  return { start: new Date(now.getTime() - hours * HOUR_MS), end: new Date(now.getTime()) };
}

export function floorHour(t: Date): Date {
  return new Date(Math.floor(t.getTime() / HOUR_MS) * HOUR_MS);
}

/** The UTC hour starts of the hourly chart: the current hour and the `count − 1` before, oldest first. */
export function hourBuckets(now: Date, count: number): Date[] {
  const last = floorHour(now).getTime();
  return Array.from({ length: count }, (_, i) => new Date(last - (count - 1 - i) * HOUR_MS));
}

/** Today (site zone) and the `count − 1` days before it, oldest first. */
export function recentDays(now: Date, tz: string, count: number): DayKey[] {
  const today = dayKeyOf(now, tz);
  return Array.from({ length: count }, (_, i) => addDayKeys(today, i - (count - 1)));
}

/** The Sunday starts of the current week and the `count − 1` before it, oldest first. */
export function recentWeeks(now: Date, tz: string, count: number): DayKey[] {
  const current = weekStartOf(dayKeyOf(now, tz));
  return Array.from({ length: count }, (_, i) => addDayKeys(current, 7 * (i - (count - 1))));
}
