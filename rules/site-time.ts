/**
 * Site-time-zone calendar helpers (default America/Chicago). Every day, week (Sunday to Saturday)
 * and month boundary, and every `YYYY-MM-DD HH:MM:SS` datetime of the API, is in this zone,
 * whatever the zone of the browser or the server. Pure: importable by server and app alike.
 */
import { TZDate, tzOffset } from '@date-fns/tz';
import { addMonths, format } from 'date-fns';

export const DEFAULT_SITE_TIMEZONE = 'America/Chicago';

/** A calendar day as YYYY-MM-DD. */
export type DayKey = string;

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

function zoned(instant: Date | number, tz: string): TZDate {
  return new TZDate(typeof instant === 'number' ? instant : instant.getTime(), tz);
}

/** The site-zone day (YYYY-MM-DD) an instant falls on. */
/** Short label of a zone: "CT" for the community's US Central time. */
export function zoneLabel(tz: string): string {
  return tz === 'America/Chicago' ? 'CT' : tz;
}

export function dayKeyOf(instant: Date | number, tz: string): DayKey {
  return format(zoned(instant, tz), 'yyyy-MM-dd');
}

/** `YYYY-MM-DD HH:MM:SS` of an instant in the site zone. */
export function formatSiteDateTime(instant: Date | number, tz: string): string {
  return format(zoned(instant, tz), 'yyyy-MM-dd HH:mm:ss');
}

/**
 * `formatSiteDateTime` of many instants given in whole seconds (a racer's batch history), at a
 * fraction of its cost: the zone's offset is looked up at each hour's start and end, and where the
 * two agree (every hour but those with an offset change) it holds for the whole hour.
 */
export function formatSiteDateTimes(seconds: number[], tz: string): string[] {
  const atHour = new Map<number, number>();
  const offsetAt = (hour: number) => {
    let minutes = atHour.get(hour);
    if (minutes === undefined) atHour.set(hour, (minutes = tzOffset(tz, new Date(hour * 3_600_000))));
    return minutes;
  };
  return seconds.map((s) => {
    const hour = Math.floor(s / 3600);
    const start = offsetAt(hour);
    const minutes = start === offsetAt(hour + 1) ? start : tzOffset(tz, new Date(s * 1000));
    return new Date((s + minutes * 60) * 1000).toISOString().slice(0, 19).replace('T', ' ');
  });
}

/** Formats an instant in the site zone with a date-fns pattern. */
export function formatInZone(instant: Date | number, tz: string, pattern: string): string {
  return format(zoned(instant, tz), pattern);
}

/** Whether a string is a real calendar day in YYYY-MM-DD form. */
export function isDayKey(s: string): boolean {
  const m = DAY_RE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/** Valid times parsed before, per zone and text (boards ask for the same few times over and over). */
const parsedTimes = new Map<string, number>();
const PARSED_TIMES_LIMIT = 1000;

/**
 * Parses `YYYY-MM-DD HH:MM[:SS]` as a wall-clock time in the site zone, or an ISO 8601 string
 * with an explicit offset (`Z`, `+02:00`). Returns null when it is not a valid time. Remembers
 * the valid ones: a wall-clock time costs a zone lookup, tens of microseconds.
 */
export function parseSiteDateTime(s: string, tz: string): Date | null {
  const id = `${tz}\u0000${s}`;
  const known = parsedTimes.get(id);
  if (known !== undefined) return new Date(known);
  const t = parseUnremembered(s, tz);
  if (t) {
    if (parsedTimes.size >= PARSED_TIMES_LIMIT) parsedTimes.clear();
    parsedTimes.set(id, t.getTime());
  }
  return t;
}

function parseUnremembered(s: string, tz: string): Date | null {
  const m = DATETIME_RE.exec(s.trim());
  if (m) {
    const [y, mo, d, h, mi, se] = [+m[1], +m[2], +m[3], +m[4], +m[5], m[6] ? +m[6] : 0];
    if (!isDayKey(`${m[1]}-${m[2]}-${m[3]}`) || h > 23 || mi > 59 || se > 59) return null;
    const t = new TZDate(y, mo - 1, d, h, mi, se, tz);
    return Number.isNaN(t.getTime()) ? null : new Date(t.getTime());
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(s.trim())) {
    const t = new Date(s.trim());
    return Number.isNaN(t.getTime()) ? null : t;
  }
  return null;
}

/** The instant a site-zone day starts (00:00:00 local; 23 or 25 hours long on DST days). */
export function dayStart(day: DayKey, tz: string): Date {
  const m = DAY_RE.exec(day);
  if (!m) throw new RangeError(`Not a day: ${day}`);
  return new Date(new TZDate(+m[1], +m[2] - 1, +m[3], 0, 0, 0, tz).getTime());
}

/** Adds whole calendar days to a day key. */
export function addDayKeys(day: DayKey, n: number): DayKey {
  const m = DAY_RE.exec(day);
  if (!m) throw new RangeError(`Not a day: ${day}`);
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3] + n));
  return d.toISOString().slice(0, 10);
}

/** The Sunday (YYYY-MM-DD) that starts the site-zone week holding `day`. */
export function weekStartOf(day: DayKey): DayKey {
  const m = DAY_RE.exec(day);
  if (!m) throw new RangeError(`Not a day: ${day}`);
  const dow = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])).getUTCDay();
  return addDayKeys(day, -dow);
}

/** The first day of the month holding `day`. */
export function monthStartOf(day: DayKey): DayKey {
  return `${day.slice(0, 8)}01`;
}

/** A half-open window [start, end) of instants; `end` is exclusive. */
export interface Window {
  start: Date;
  end: Date;
}

/** The site-zone day as a window [00:00:00, next day 00:00:00). */
export function dayWindow(day: DayKey, tz: string): Window {
  return { start: dayStart(day, tz), end: dayStart(addDayKeys(day, 1), tz) };
}

/** Sunday 00:00:00 to the next Sunday 00:00:00 for the week starting on `sunday`. */
export function weekWindow(sunday: DayKey, tz: string): Window {
  const s = weekStartOf(sunday);
  return { start: dayStart(s, tz), end: dayStart(addDayKeys(s, 7), tz) };
}

/** The month holding `day`, first day 00:00:00 to the next month's first day. */
export function monthWindow(day: DayKey, tz: string): Window {
  const first = monthStartOf(day);
  const next = format(addMonths(new Date(`${first}T12:00:00Z`), 1), 'yyyy-MM-01');
  return { start: dayStart(first, tz), end: dayStart(next, tz) };
}

/** Today's site-zone day key. */
export function todayKey(now: Date | number, tz: string): DayKey {
  return dayKeyOf(now, tz);
}

/** The last `n` days ending with `today`, newest first. */
export function lastDays(today: DayKey, n: number): DayKey[] {
  return Array.from({ length: n }, (_, i) => addDayKeys(today, -i));
}

/** The last `n` Sunday week starts ending with the current week, newest first. */
export function lastWeekStarts(today: DayKey, n: number): DayKey[] {
  const current = weekStartOf(today);
  return Array.from({ length: n }, (_, i) => addDayKeys(current, -7 * i));
}

/** The last `n` month starts (YYYY-MM-01), newest first. */
export function lastMonthStarts(today: DayKey, n: number): DayKey[] {
  const first = new Date(`${monthStartOf(today)}T12:00:00Z`);
  return Array.from({ length: n }, (_, i) => format(addMonths(first, -i), 'yyyy-MM-01'));
}

/** The instant floored to the 10-minute boundary (UTC and every whole-hour zone agree). */
export function floorTo10Minutes(instant: Date | number): Date {
  const t = typeof instant === 'number' ? instant : instant.getTime();
  return new Date(Math.floor(t / 600_000) * 600_000);
}
