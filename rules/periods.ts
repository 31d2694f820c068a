/**
 * The leaderboard periods of docs/product.md §7 as windows of instants in the site time zone, the previous
 * window of each (for rank change), the picker choices, and the API's `start_time` / `end_time`.
 *
 * A window is half-open, [start, end). The API's `end_time` is inclusive to the second
 * (`… 23:59:59`), so the window of a request is [start_time, end_time + 1 s): a batch counts when
 * start_time ≤ batch end time < end_time + 1 s.
 */
import {
  addDayKeys,
  dayKeyOf,
  dayStart,
  dayWindow,
  formatSiteDateTime,
  isDayKey,
  lastDays,
  lastMonthStarts,
  lastWeekStarts,
  monthWindow,
  parseSiteDateTime,
  weekStartOf,
  weekWindow,
  type DayKey,
  type Window,
} from './site-time.js';

export const PERIODS = ['24hour', '7day', 'daily', 'weekly', 'monthly', 'custom'] as const;
export type Period = (typeof PERIODS)[number];

export function isPeriod(s: string): s is Period {
  return (PERIODS as readonly string[]).includes(s);
}

/** A period with its chosen day, week start, month start or From/To days. */
export type PeriodSelection =
  | { period: '24hour' }
  | { period: '7day' }
  | { period: 'daily'; day: DayKey }
  | { period: 'weekly'; week: DayKey }
  | { period: 'monthly'; month: DayKey }
  | { period: 'custom'; from: DayKey; to: DayKey };

const HOUR_MS = 3_600_000;
const SECOND_MS = 1000;
/** The longest window a leaderboard call accepts: 366 days, plus an hour of daylight-saving slack. */
export const MAX_WINDOW_MS = 366 * 24 * HOUR_MS + HOUR_MS;

/** Picker sizes of docs/product.md §9: 7 days, 7 weeks, 6 months. */
export const DAILY_CHOICES = 7;
export const WEEKLY_CHOICES = 7;
export const MONTHLY_CHOICES = 6;

/** Rolling windows end at the current minute, so a minute's requests share one answer and cache entry. */
function floorToMinute(now: Date): Date {
  return new Date(Math.floor(now.getTime() / 60_000) * 60_000);
}

/** The window of a period: rolling windows end now (to the minute), calendar windows are whole site days. */
export function periodWindow(sel: PeriodSelection, now: Date, tz: string): Window {
  switch (sel.period) {
    case '24hour':
    case '7day': {
      // end is exclusive: the current minute's second 0 is the last one counted, as "now" inclusive.
      const end = new Date(floorToMinute(now).getTime() + SECOND_MS);
      const hours = sel.period === '24hour' ? 24 : 168;
      return { start: new Date(end.getTime() - SECOND_MS - hours * HOUR_MS), end };
    }
    case 'daily':
      return dayWindow(sel.day, tz);
    case 'weekly':
      return weekWindow(sel.week, tz);
    case 'monthly':
      return monthWindow(sel.month, tz);
    case 'custom':
      return { start: dayStart(sel.from, tz), end: dayStart(addDayKeys(sel.to, 1), tz) };
  }
}

/** Whole calendar days from `from` to `to`, both included. */
export function daysInclusive(from: DayKey, to: DayKey): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / (24 * HOUR_MS)) + 1;
}

/**
 * The previous period of the same length, for rank change: the 24 or 168 hours before, the day,
 * week or month before, and for a custom range the same number of days just before From.
 */
export function previousSelection(sel: PeriodSelection): PeriodSelection {
  switch (sel.period) {
    case '24hour':
    case '7day':
      return sel;
    case 'daily':
      return { period: 'daily', day: addDayKeys(sel.day, -1) };
    case 'weekly':
      return { period: 'weekly', week: addDayKeys(weekStartOf(sel.week), -7) };
    case 'monthly': {
      const [y, m] = sel.month.split('-').map(Number);
      const prev = m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
      return { period: 'monthly', month: prev };
    }
    case 'custom': {
      const n = daysInclusive(sel.from, sel.to);
      return { period: 'custom', from: addDayKeys(sel.from, -n), to: addDayKeys(sel.from, -1) };
    }
  }
}

/** The window just before the period's window, of the same length (see previousSelection). */
export function previousWindow(sel: PeriodSelection, now: Date, tz: string): Window {
  if (sel.period === '24hour' || sel.period === '7day') {
    const w = periodWindow(sel, now, tz);
    const len = w.end.getTime() - w.start.getTime() - SECOND_MS;
    return { start: new Date(w.start.getTime() - len), end: new Date(w.start.getTime()) };
  }
  return periodWindow(previousSelection(sel), now, tz);
}

/**
 * An instant as an API time: `YYYY-MM-DD HH:MM:SS` in the site zone, or ISO 8601 with the offset
 * when that wall-clock time is ambiguous (the repeated hour when daylight saving ends).
 */
export function formatApiTime(instant: Date, tz: string): string {
  const wall = formatSiteDateTime(instant, tz);
  if (parseSiteDateTime(wall, tz)?.getTime() === Math.floor(instant.getTime() / SECOND_MS) * SECOND_MS) return wall;
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export interface ApiTimes {
  start_time: string;
  /** Inclusive to the second. */
  end_time: string;
}

/** The query parameters of a window: end_time is the last second inside it. */
export function apiTimes(w: Window, tz: string): ApiTimes {
  return { start_time: formatApiTime(w.start, tz), end_time: formatApiTime(new Date(w.end.getTime() - SECOND_MS), tz) };
}

export type ParsedWindow = { ok: true; window: Window } | { ok: false; error: string };

/** Validates a request's start_time and end_time: both valid, end not before start, at most 366 days. */
export function windowFromApiTimes(
  startTime: string | undefined,
  endTime: string | undefined,
  tz: string,
): ParsedWindow {
  if (!startTime) return { ok: false, error: 'start_time is required' };
  if (!endTime) return { ok: false, error: 'end_time is required' };
  const start = parseSiteDateTime(startTime, tz);
  if (!start) return { ok: false, error: 'start_time must be YYYY-MM-DD HH:MM:SS' };
  const endInclusive = parseSiteDateTime(endTime, tz);
  if (!endInclusive) return { ok: false, error: 'end_time must be YYYY-MM-DD HH:MM:SS' };
  if (endInclusive < start) return { ok: false, error: 'end_time is before start_time' };
  const end = new Date(endInclusive.getTime() + SECOND_MS);
  if (end.getTime() - start.getTime() > MAX_WINDOW_MS)
    return { ok: false, error: 'The window is longer than 366 days' };
  return { ok: true, window: { start, end } };
}

/** Daily picker: today and the 6 days before, newest first. */
export function dailyChoices(today: DayKey): DayKey[] {
  return lastDays(today, DAILY_CHOICES);
}

/** Weekly picker: the 7 most recent Sunday week starts, newest first. */
export function weeklyChoices(today: DayKey): DayKey[] {
  return lastWeekStarts(today, WEEKLY_CHOICES);
}

/** Monthly picker: this month and the 5 before (YYYY-MM-01), newest first. */
export function monthlyChoices(today: DayKey): DayKey[] {
  return lastMonthStarts(today, MONTHLY_CHOICES);
}

/** Custom default: the last 7 days, today included. */
export function defaultCustomRange(today: DayKey): { from: DayKey; to: DayKey } {
  return { from: addDayKeys(today, -6), to: today };
}

/**
 * Custom From/To rules of docs/product.md §2: To at most today, From at most To. Bad days fall back to the
 * default range.
 */
export function clampCustomRange(
  from: string | undefined,
  to: string | undefined,
  today: DayKey,
): { from: DayKey; to: DayKey } {
  const def = defaultCustomRange(today);
  let t = to && isDayKey(to) ? to : def.to;
  if (t > today) t = today;
  let f = from && isDayKey(from) ? from : def.from;
  if (f > t) f = t;
  return { from: f, to: t };
}

/** The selection for a period with its default choice (today, this week, this month, last 7 days). */
export function defaultSelection(period: Period, now: Date, tz: string): PeriodSelection {
  const today = dayKeyOf(now, tz);
  switch (period) {
    case '24hour':
    case '7day':
      return { period };
    case 'daily':
      return { period, day: today };
    case 'weekly':
      return { period, week: weekStartOf(today) };
    case 'monthly':
      return { period, month: `${today.slice(0, 8)}01` };
    case 'custom':
      return { period, ...defaultCustomRange(today) };
  }
}
