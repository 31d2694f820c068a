import { describe, expect, it } from 'vitest';
import { hourBuckets, recentDays, recentWeeks, rollingWindow } from './activity-windows.js';

const TZ = 'America/Chicago';
const iso = (d: Date) => d.toISOString();

describe('activity windows', () => {
  it('a rolling window ends now and starts the given hours before', () => {
    const w = rollingWindow(new Date('2026-04-02T17:05:00Z'), 24);
    expect(iso(w.start)).toBe('2026-04-01T17:05:00.000Z');
    expect(iso(w.end)).toBe('2026-04-02T17:05:00.000Z');
  });

  it('hour buckets are the current UTC hour and the 23 before, oldest first', () => {
    const h = hourBuckets(new Date('2026-04-02T17:59:59Z'), 24);
    expect(h).toHaveLength(24);
    expect(iso(h[0])).toBe('2026-04-01T18:00:00.000Z');
    expect(iso(h[23])).toBe('2026-04-02T17:00:00.000Z');
  });

  it('recent days follow the site zone, not UTC', () => {
    // 03:00 UTC on April 2 is still April 1 in Chicago (CDT, UTC-5).
    expect(recentDays(new Date('2026-04-02T03:00:00Z'), TZ, 3)).toEqual(['2026-03-30', '2026-03-31', '2026-04-01']);
  });

  it('recent weeks are Sunday starts, oldest first, crossing the DST change', () => {
    // Thursday April 2 2026; the week starts Sunday March 29. DST began March 8.
    expect(recentWeeks(new Date('2026-04-02T17:00:00Z'), TZ, 5)).toEqual([
      '2026-03-01',
      '2026-03-08',
      '2026-03-15',
      '2026-03-22',
      '2026-03-29',
    ]);
    // Saturday 23:30 local is still the old week.
    expect(recentWeeks(new Date('2026-04-05T04:30:00Z'), TZ, 1)).toEqual(['2026-03-29']);
    expect(recentWeeks(new Date('2026-04-05T05:00:00Z'), TZ, 1)).toEqual(['2026-04-05']);
  });
});
