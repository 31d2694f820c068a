/**
 * The Trackers screen's pickers (docs/product.md §2, §9): the last 7 days starting with today, and the last
 * 7 Sunday week starts shown as "start - end"; "today" is the site-zone day.
 */
import { format } from 'date-fns';
import { addDayKeys, lastDays, lastWeekStarts, type DayKey } from '../../../rules/site-time';

export const TRACKER_PERIODS = 7;

export interface PeriodOption {
  value: DayKey;
  label: string;
}

function localDate(key: DayKey): Date {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(y, m - 1, d);
}

/** "2026-04-02" → "Thu, Apr 2, 2026". */
export function dayLabel(key: DayKey): string {
  return format(localDate(key), 'EEE, MMM d, yyyy');
}

/** "2026-03-29" → "Mar 29, 2026 - Apr 4, 2026". */
export function weekLabel(sunday: DayKey): string {
  return `${format(localDate(sunday), 'MMM d, yyyy')} - ${format(localDate(addDayKeys(sunday, 6)), 'MMM d, yyyy')}`;
}

export function dayOptions(today: DayKey, n = TRACKER_PERIODS): PeriodOption[] {
  return lastDays(today, n).map((d, i) => ({ value: d, label: i === 0 ? `Today (${dayLabel(d)})` : dayLabel(d) }));
}

export function weekOptions(today: DayKey, n = TRACKER_PERIODS): PeriodOption[] {
  return lastWeekStarts(today, n).map((w) => ({ value: w, label: weekLabel(w) }));
}
