import { describe, expect, it } from 'vitest';
import { formatAccuracy, formatAge, formatCT, formatInt, formatMoney, formatWpm } from './format';

describe('number formats', () => {
  it('rounds races and points with thousands separators', () => {
    expect(formatInt(1234567.4)).toBe('1,234,567');
    expect(formatInt(999.5)).toBe('1,000');
    expect(formatInt('42')).toBe('42');
    expect(formatInt(0)).toBe('0');
  });
  it('shows WPM with one decimal and accuracy as a percent with two', () => {
    expect(formatWpm(87.349)).toBe('87.3');
    expect(formatWpm(100)).toBe('100.0');
    expect(formatAccuracy(0.97451)).toBe('97.45%');
    expect(formatAccuracy(1)).toBe('100.00%');
  });
  it('shows money in whole dollars', () => {
    expect(formatMoney(1500000)).toBe('$1,500,000');
    expect(formatMoney(0)).toBe('$0');
  });
  it('shows "-" for missing values', () => {
    for (const f of [formatInt, formatWpm, formatAccuracy, formatMoney]) {
      expect(f(null)).toBe('-');
      expect(f(undefined)).toBe('-');
      expect(f(Number.NaN)).toBe('-');
      expect(f('')).toBe('-');
    }
  });
});

describe('formatCT', () => {
  it('shows an instant in the site time zone, across the spring daylight-saving change', () => {
    expect(formatCT('2026-03-08T07:30:00Z', undefined, 'America/Chicago')).toBe('Mar 8, 2026 1:30 AM CT');
    expect(formatCT('2026-03-08T08:30:00Z', undefined, 'America/Chicago')).toBe('Mar 8, 2026 3:30 AM CT');
  });
  it('reads API datetimes as site wall-clock time', () => {
    expect(formatCT('2026-03-10 13:05:00', 'yyyy-MM-dd HH:mm', 'America/Chicago')).toBe('2026-03-10 13:05 CT');
  });
  it('accepts epoch milliseconds and shows "-" for nothing or nonsense', () => {
    expect(formatCT(Date.UTC(2026, 0, 1, 18, 0), 'h:mm a', 'America/Chicago')).toBe('12:00 PM CT');
    expect(formatCT(null)).toBe('-');
    expect(formatCT('not a date')).toBe('-');
  });
});

describe('formatAge', () => {
  const now = Date.UTC(2026, 2, 10, 18, 0, 0);
  it('says how old data is in the largest whole unit', () => {
    expect(formatAge(now - 30_000, now)).toBe('just now');
    expect(formatAge(now - 5 * 60_000 - 59_000, now)).toBe('5 min ago');
    expect(formatAge(now - 3 * 3600_000, now)).toBe('3 h ago');
    expect(formatAge(now - 36 * 3600_000, now)).toBe('1 day ago');
    expect(formatAge(now - 50 * 3600_000, now)).toBe('2 days ago');
  });
  it('treats a time ahead of the clock as now', () => {
    expect(formatAge(now + 60_000, now)).toBe('just now');
  });
});
