import { describe, expect, it } from 'vitest';
import {
  addDayKeys,
  dayKeyOf,
  dayWindow,
  floorTo10Minutes,
  formatSiteDateTime,
  formatSiteDateTimes,
  isDayKey,
  lastDays,
  lastMonthStarts,
  lastWeekStarts,
  monthWindow,
  parseSiteDateTime,
  weekStartOf,
  weekWindow,
} from './site-time.js';

const TZ = 'America/Chicago';
const H = 3_600_000;

describe('site time zone calendar', () => {
  it('puts an instant on its Central-time day, not its UTC day', () => {
    // 03:30 UTC on 10 March is 22:30 CDT on 9 March.
    expect(dayKeyOf(new Date('2026-03-10T03:30:00Z'), TZ)).toBe('2026-03-09');
    expect(formatSiteDateTime(new Date('2026-03-10T03:30:00Z'), TZ)).toBe('2026-03-09 22:30:00');
  });

  it('has a 23-hour day when daylight saving starts (8 March 2026)', () => {
    const w = dayWindow('2026-03-08', TZ);
    expect(w.start.toISOString()).toBe('2026-03-08T06:00:00.000Z'); // 00:00 CST = UTC−6
    expect(w.end.toISOString()).toBe('2026-03-09T05:00:00.000Z'); // 00:00 CDT = UTC−5
    expect(w.end.getTime() - w.start.getTime()).toBe(23 * H);
  });

  it('has a 25-hour day when daylight saving ends (1 November 2026)', () => {
    const w = dayWindow('2026-11-01', TZ);
    expect(w.start.toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(w.end.toISOString()).toBe('2026-11-02T06:00:00.000Z');
    expect(w.end.getTime() - w.start.getTime()).toBe(25 * H);
  });

  it('parses site datetimes and ISO 8601 with offsets', () => {
    expect(parseSiteDateTime('2026-01-15 00:00:00', TZ)?.toISOString()).toBe('2026-01-15T06:00:00.000Z');
    expect(parseSiteDateTime('2026-07-15 23:59:59', TZ)?.toISOString()).toBe('2026-07-16T04:59:59.000Z');
    expect(parseSiteDateTime('2026-07-15T10:00:00Z', TZ)?.toISOString()).toBe('2026-07-15T10:00:00.000Z');
    expect(parseSiteDateTime('2026-07-15T10:00:00+02:00', TZ)?.toISOString()).toBe('2026-07-15T08:00:00.000Z');
    for (const bad of [
      '',
      'yesterday',
      '2026-02-30 00:00:00',
      '2026-01-01 24:00:00',
      '2026-13-01 00:00:00',
      '2026-01-01',
    ]) {
      expect(parseSiteDateTime(bad, TZ)).toBeNull();
    }
  });

  it('gives a time parsed before as a new Date per call, per zone', () => {
    const first = parseSiteDateTime('2026-03-08 03:00:00', TZ)!;
    first.setTime(0);
    expect(parseSiteDateTime('2026-03-08 03:00:00', TZ)?.toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(parseSiteDateTime('2026-03-08 03:00:00', 'Europe/Berlin')?.toISOString()).toBe('2026-03-08T02:00:00.000Z');
  });

  it('validates calendar days', () => {
    expect(isDayKey('2028-02-29')).toBe(true);
    expect(isDayKey('2026-02-29')).toBe(false);
    expect(isDayKey('2026-1-01')).toBe(false);
  });

  it('starts weeks on Sunday', () => {
    expect(weekStartOf('2026-11-22')).toBe('2026-11-22'); // a Sunday
    expect(weekStartOf('2026-11-28')).toBe('2026-11-22'); // Saturday
    expect(weekStartOf('2026-03-01')).toBe('2026-03-01');
    expect(weekStartOf('2026-01-01')).toBe('2025-12-28'); // across a year end
    const w = weekWindow('2026-03-08', TZ); // the week daylight saving starts: 7 × 24 − 1 hours
    expect(w.end.getTime() - w.start.getTime()).toBe(167 * H);
  });

  it('spans whole months, including February and year ends', () => {
    const feb = monthWindow('2026-02-14', TZ);
    expect(feb.start.toISOString()).toBe('2026-02-01T06:00:00.000Z');
    expect(feb.end.toISOString()).toBe('2026-03-01T06:00:00.000Z');
    const dec = monthWindow('2026-12-31', TZ);
    expect(dec.end.toISOString()).toBe('2027-01-01T06:00:00.000Z');
  });

  it('lists pickers newest first', () => {
    expect(lastDays('2026-03-02', 3)).toEqual(['2026-03-02', '2026-03-01', '2026-02-28']);
    expect(lastWeekStarts('2026-11-25', 3)).toEqual(['2026-11-22', '2026-11-15', '2026-11-08']);
    expect(lastMonthStarts('2026-02-10', 3)).toEqual(['2026-02-01', '2026-01-01', '2025-12-01']);
    expect(addDayKeys('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('floors to the 10-minute boundary', () => {
    expect(floorTo10Minutes(new Date('2026-03-08T08:19:59.999Z')).toISOString()).toBe('2026-03-08T08:10:00.000Z');
    expect(floorTo10Minutes(new Date('2026-03-08T08:20:00Z')).toISOString()).toBe('2026-03-08T08:20:00.000Z');
  });
});

describe('formatSiteDateTimes', () => {
  /** Every 10-minute slot of the two days around `iso`, in whole seconds. */
  const slotsAround = (iso: string) =>
    Array.from({ length: 2 * 144 }, (_, i) => Date.parse(iso) / 1000 - 86_400 + i * 600);

  it.each([
    ['America/Chicago', '2026-03-08T08:00:00Z'], // spring forward at 2:00 local
    ['America/Chicago', '2026-11-01T07:00:00Z'], // fall back: 1:00-2:00 local twice
    ['Australia/Lord_Howe', '2026-10-03T15:30:00Z'], // a half-hour change, half past a UTC hour
    ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
    ['Asia/Kathmandu', '2026-06-01T00:00:00Z'], // +5:45
  ])('writes %s times around %s as formatSiteDateTime does', (tz, iso) => {
    const seconds = slotsAround(iso);
    expect(formatSiteDateTimes(seconds, tz)).toEqual(seconds.map((s) => formatSiteDateTime(s * 1000, tz)));
  });

  it('writes the hour that repeats on a fall-back day twice', () => {
    const times = formatSiteDateTimes(
      [Date.parse('2026-11-01T06:10:00Z') / 1000, Date.parse('2026-11-01T07:10:00Z') / 1000],
      'America/Chicago',
    );
    expect(times).toEqual(['2026-11-01 01:10:00', '2026-11-01 01:10:00']);
  });
});
