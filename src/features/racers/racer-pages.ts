/**
 * Pure rules of the Bests tab and the comparison: record names, the inspector's date range for a
 * pair of days, the comparison's default and checked date range.
 */
import type { BestKind } from '../../../contract/racer-pages';
import {
  BEST_ACCURACY_MIN_RACES,
  COMPARE_MAX_DAYS,
  FASTEST_BATCH_MIN_RACES,
} from '../../../contract/racer-page-limits';
import { addDayKeys, dayStart, isDayKey, type DayKey } from '../../../rules/site-time';
import type { DateRange } from './date-range';

/** Every record in the order shown, with its name and what it takes. */
export const BEST_KINDS: { kind: BestKind; label: string; rule: string }[] = [
  {
    kind: 'fastest-batch',
    label: 'Fastest batch',
    rule: `Highest WPM of a 10-minute batch with ${FASTEST_BATCH_MIN_RACES}+ races`,
  },
  { kind: 'most-races-day', label: 'Most races in a day', rule: 'Team races in one day (CT)' },
  { kind: 'most-races-week', label: 'Most races in a week', rule: 'Team races in one week from Sunday (CT)' },
  {
    kind: 'best-accuracy-day',
    label: 'Best accuracy in a day',
    rule: `Highest accuracy of a day with ${BEST_ACCURACY_MIN_RACES}+ races`,
  },
];

/** The inspector's range for days `from` to `to` (both whole days, site zone), or null when they are not days. */
export function dayRange(from: string | undefined, to: string | undefined, tz: string): DateRange | null {
  if (!from || !to || !isDayKey(from) || !isDayKey(to) || from > to) return null;
  return { start: dayStart(from, tz).getTime(), end: dayStart(addDayKeys(to, 1), tz).getTime() - 1 };
}

/** Days shown when the address names none: the last 30, ending today. */
export const DEFAULT_COMPARE_DAYS = 30;

/**
 * The comparison's range from the address: both days when they are valid, in order and at most
 * COMPARE_MAX_DAYS long; otherwise the last 30 days ending `today`, with the reason.
 */
export function compareRange(
  from: string | undefined,
  to: string | undefined,
  today: DayKey,
): { from: DayKey; to: DayKey; problem: string | null } {
  const fallback = { from: addDayKeys(today, -(DEFAULT_COMPARE_DAYS - 1)), to: today };
  if (!from && !to) return { ...fallback, problem: null };
  if (!from || !to || !isDayKey(from) || !isDayKey(to))
    return { ...fallback, problem: 'The address has no valid date range: showing the last 30 days.' };
  if (from > to) return { ...fallback, problem: 'The range starts after it ends: showing the last 30 days.' };
  if (addDayKeys(from, COMPARE_MAX_DAYS - 1) < to)
    return { ...fallback, problem: `The range is longer than ${COMPARE_MAX_DAYS} days: showing the last 30 days.` };
  return { from, to, problem: null };
}
