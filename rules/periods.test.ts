import { describe, expect, it } from 'vitest';
import {
  apiTimes,
  clampCustomRange,
  dailyChoices,
  daysInclusive,
  defaultCustomRange,
  defaultSelection,
  formatApiTime,
  monthlyChoices,
  periodWindow,
  previousSelection,
  previousWindow,
  weeklyChoices,
  windowFromApiTimes,
  type PeriodSelection,
} from './periods.js';

const TZ = 'America/Chicago';
const NOW = new Date('2026-03-10T18:00:30.500Z'); // Tue Mar 10 2026, 13:00:30 CDT

const iso = (d: Date) => d.toISOString();
const hours = (w: { start: Date; end: Date }) => (w.end.getTime() - w.start.getTime()) / 3_600_000;

describe('periodWindow', () => {
  it('24 hour: now minus 24 h to now, to the minute, end inclusive', () => {
    const w = periodWindow({ period: '24hour' }, NOW, TZ);
    expect(iso(w.start)).toBe('2026-03-09T18:00:00.000Z');
    expect(iso(w.end)).toBe('2026-03-10T18:00:01.000Z');
    expect(apiTimes(w, TZ)).toEqual({ start_time: '2026-03-09 13:00:00', end_time: '2026-03-10 13:00:00' });
  });

  it('24 hour across the spring-forward night is 24 real hours (25 on the wall clock)', () => {
    const w = periodWindow({ period: '24hour' }, new Date('2026-03-08T18:00:00Z'), TZ);
    expect(apiTimes(w, TZ)).toEqual({ start_time: '2026-03-07 12:00:00', end_time: '2026-03-08 13:00:00' });
  });

  it('7 day: now minus 168 h to now', () => {
    const w = periodWindow({ period: '7day' }, NOW, TZ);
    expect(iso(w.start)).toBe('2026-03-03T18:00:00.000Z');
    // 168 hours back crosses the spring-forward: 12:00 CST on the wall clock.
    expect(apiTimes(w, TZ)).toEqual({ start_time: '2026-03-03 12:00:00', end_time: '2026-03-10 13:00:00' });
  });

  it('daily: 00:00:00 to 23:59:59 of the day', () => {
    const w = periodWindow({ period: 'daily', day: '2026-03-10' }, NOW, TZ);
    expect(iso(w.start)).toBe('2026-03-10T05:00:00.000Z');
    expect(iso(w.end)).toBe('2026-03-11T05:00:00.000Z');
    expect(apiTimes(w, TZ)).toEqual({ start_time: '2026-03-10 00:00:00', end_time: '2026-03-10 23:59:59' });
  });

  it('daily on DST days: 23 hours in spring, 25 in autumn', () => {
    const spring = periodWindow({ period: 'daily', day: '2026-03-08' }, NOW, TZ);
    expect(iso(spring.start)).toBe('2026-03-08T06:00:00.000Z');
    expect(hours(spring)).toBe(23);
    const autumn = periodWindow({ period: 'daily', day: '2026-11-01' }, NOW, TZ);
    expect(iso(autumn.start)).toBe('2026-11-01T05:00:00.000Z');
    expect(hours(autumn)).toBe(25);
    expect(apiTimes(autumn, TZ)).toEqual({ start_time: '2026-11-01 00:00:00', end_time: '2026-11-01 23:59:59' });
  });

  it('weekly: Sunday 00:00:00 to Saturday 23:59:59, whatever day of the week is given', () => {
    const w = periodWindow({ period: 'weekly', week: '2026-03-10' }, NOW, TZ);
    expect(apiTimes(w, TZ)).toEqual({ start_time: '2026-03-08 00:00:00', end_time: '2026-03-14 23:59:59' });
    expect(hours(w)).toBe(167); // the week that springs forward
  });

  it('monthly: first day to last day, including February of a leap year and December', () => {
    expect(apiTimes(periodWindow({ period: 'monthly', month: '2026-02-01' }, NOW, TZ), TZ)).toEqual({
      start_time: '2026-02-01 00:00:00',
      end_time: '2026-02-28 23:59:59',
    });
    expect(apiTimes(periodWindow({ period: 'monthly', month: '2028-02-01' }, NOW, TZ), TZ).end_time).toBe(
      '2028-02-29 23:59:59',
    );
    expect(apiTimes(periodWindow({ period: 'monthly', month: '2025-12-01' }, NOW, TZ), TZ)).toEqual({
      start_time: '2025-12-01 00:00:00',
      end_time: '2025-12-31 23:59:59',
    });
  });

  it('custom: From at 00:00:00 to To at 23:59:59', () => {
    const w = periodWindow({ period: 'custom', from: '2026-03-04', to: '2026-03-10' }, NOW, TZ);
    expect(apiTimes(w, TZ)).toEqual({ start_time: '2026-03-04 00:00:00', end_time: '2026-03-10 23:59:59' });
  });
});

describe('previous period of the same length', () => {
  const cases: Array<[PeriodSelection, PeriodSelection]> = [
    [
      { period: 'daily', day: '2026-03-01' },
      { period: 'daily', day: '2026-02-28' },
    ],
    [
      { period: 'weekly', week: '2026-03-08' },
      { period: 'weekly', week: '2026-03-01' },
    ],
    [
      { period: 'weekly', week: '2026-03-11' },
      { period: 'weekly', week: '2026-03-01' },
    ],
    [
      { period: 'monthly', month: '2026-01-01' },
      { period: 'monthly', month: '2025-12-01' },
    ],
    [
      { period: 'monthly', month: '2026-10-01' },
      { period: 'monthly', month: '2026-09-01' },
    ],
    [
      { period: 'custom', from: '2026-03-04', to: '2026-03-10' },
      { period: 'custom', from: '2026-02-25', to: '2026-03-03' },
    ],
    [
      { period: 'custom', from: '2026-03-10', to: '2026-03-10' },
      { period: 'custom', from: '2026-03-09', to: '2026-03-09' },
    ],
  ];
  it.each(cases)('%j comes after %j', (sel, prev) => {
    expect(previousSelection(sel)).toEqual(prev);
  });

  it('rolling windows: the 24 or 168 hours just before, with no overlap', () => {
    const cur = periodWindow({ period: '24hour' }, NOW, TZ);
    const prev = previousWindow({ period: '24hour' }, NOW, TZ);
    expect(iso(prev.end)).toBe(iso(cur.start));
    expect(iso(prev.start)).toBe('2026-03-08T18:00:00.000Z');
    expect(apiTimes(prev, TZ)).toEqual({ start_time: '2026-03-08 13:00:00', end_time: '2026-03-09 12:59:59' });
    const prev7 = previousWindow({ period: '7day' }, NOW, TZ);
    expect(hours(prev7)).toBe(168);
  });

  it('counts days of a custom range inclusively', () => {
    expect(daysInclusive('2026-02-27', '2026-03-02')).toBe(4);
    expect(daysInclusive('2026-03-08', '2026-03-08')).toBe(1);
  });
});

describe('API times', () => {
  it('parses site-zone times with end inclusive to the second', () => {
    const r = windowFromApiTimes('2026-03-10 00:00:00', '2026-03-10 23:59:59', TZ);
    expect(r.ok && [iso(r.window.start), iso(r.window.end)]).toEqual([
      '2026-03-10T05:00:00.000Z',
      '2026-03-11T05:00:00.000Z',
    ]);
  });

  it('accepts ISO 8601 with an offset', () => {
    const r = windowFromApiTimes('2026-03-10T00:00:00-05:00', '2026-03-10T10:59:59Z', TZ);
    expect(r.ok && [iso(r.window.start), iso(r.window.end)]).toEqual([
      '2026-03-10T05:00:00.000Z',
      '2026-03-10T11:00:00.000Z',
    ]);
  });

  it('writes the repeated autumn hour with an offset so it round-trips exactly', () => {
    for (const t of ['2026-11-01T06:30:00.000Z', '2026-11-01T07:30:00.000Z']) {
      const s = formatApiTime(new Date(t), TZ);
      const r = windowFromApiTimes(s, s, TZ);
      expect(r.ok && iso(r.window.start)).toBe(t);
    }
    expect(formatApiTime(new Date('2026-11-01T08:30:00Z'), TZ)).toBe('2026-11-01 02:30:00');
  });

  it.each([
    [undefined, '2026-03-10 23:59:59', 'start_time is required'],
    ['2026-03-10 00:00:00', undefined, 'end_time is required'],
    ['yesterday', '2026-03-10 23:59:59', 'start_time must be YYYY-MM-DD HH:MM:SS'],
    ['2026-02-30 00:00:00', '2026-03-10 23:59:59', 'start_time must be YYYY-MM-DD HH:MM:SS'],
    ['2026-03-10 00:00:00', '2026-03-10 24:00:00', 'end_time must be YYYY-MM-DD HH:MM:SS'],
    ['2026-03-10 00:00:00', '2026-03-09 23:59:59', 'end_time is before start_time'],
    ['2025-03-09 00:00:00', '2026-03-10 23:59:59', 'The window is longer than 366 days'],
  ])('rejects start %s end %s', (s, e, error) => {
    expect(windowFromApiTimes(s, e, TZ)).toEqual({ ok: false, error });
  });

  it('allows exactly 366 whole days and a one-second window', () => {
    expect(windowFromApiTimes('2027-03-01 00:00:00', '2028-02-29 23:59:59', TZ).ok).toBe(true);
    expect(windowFromApiTimes('2028-02-29 00:00:00', '2029-03-01 23:59:59', TZ).ok).toBe(false);
    expect(windowFromApiTimes('2026-03-10 12:00:00', '2026-03-10 12:00:00', TZ).ok).toBe(true);
  });
});

describe('picker choices', () => {
  it('daily: today and the 6 days before, newest first', () => {
    expect(dailyChoices('2026-03-02')).toEqual([
      '2026-03-02',
      '2026-03-01',
      '2026-02-28',
      '2026-02-27',
      '2026-02-26',
      '2026-02-25',
      '2026-02-24',
    ]);
  });

  it('weekly: 7 Sunday week starts, newest first', () => {
    const weeks = weeklyChoices('2026-03-10');
    expect(weeks).toHaveLength(7);
    expect(weeks[0]).toBe('2026-03-08');
    expect(weeks[6]).toBe('2026-01-25');
    for (const w of weeks) expect(new Date(`${w}T12:00:00Z`).getUTCDay()).toBe(0);
    expect(weeklyChoices('2026-03-08')[0]).toBe('2026-03-08');
    expect(weeklyChoices('2026-03-14')[0]).toBe('2026-03-08');
  });

  it('monthly: this month and the 5 before, across a year end', () => {
    expect(monthlyChoices('2026-03-31')).toEqual([
      '2026-03-01',
      '2026-02-01',
      '2026-01-01',
      '2025-12-01',
      '2025-11-01',
      '2025-10-01',
    ]);
  });

  it('custom: last 7 days by default, To at most today, From at most To', () => {
    expect(defaultCustomRange('2026-03-10')).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(clampCustomRange('2026-03-01', '2026-03-20', '2026-03-10')).toEqual({
      from: '2026-03-01',
      to: '2026-03-10',
    });
    expect(clampCustomRange('2026-03-09', '2026-03-05', '2026-03-10')).toEqual({
      from: '2026-03-05',
      to: '2026-03-05',
    });
    expect(clampCustomRange('nonsense', undefined, '2026-03-10')).toEqual({ from: '2026-03-04', to: '2026-03-10' });
  });

  it('default selections follow today in the site zone, not UTC', () => {
    const lateEvening = new Date('2026-03-15T03:30:00Z'); // Sat Mar 14, 22:30 CDT
    expect(defaultSelection('daily', lateEvening, TZ)).toEqual({ period: 'daily', day: '2026-03-14' });
    expect(defaultSelection('weekly', lateEvening, TZ)).toEqual({ period: 'weekly', week: '2026-03-08' });
    expect(defaultSelection('monthly', new Date('2026-04-01T03:00:00Z'), TZ)).toEqual({
      period: 'monthly',
      month: '2026-03-01',
    });
  });
});
