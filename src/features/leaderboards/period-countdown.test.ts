import { describe, expect, it } from 'vitest';
import { periodCountdown } from './period-countdown';

const TZ = 'America/Chicago';

describe('periodCountdown', () => {
  // 2026-11-27 (a Friday) 14:30 in Chicago (UTC-6).
  const now = new Date('2026-11-27T20:30:00Z');

  it('counts down the current day to midnight in the site zone', () => {
    expect(periodCountdown({ period: 'daily', day: '2026-11-27' }, now, TZ)).toBe('Ends in 9 h 30 min');
  });

  it('counts down the week to Saturday night and the month to its last day', () => {
    // Week of Sunday 2026-11-22 ends at Sunday 2026-11-29 00:00: 1 day 9 h 30 min left.
    expect(periodCountdown({ period: 'weekly', week: '2026-11-22' }, now, TZ)).toBe('Ends in 1 d 9 h');
    // November ends at 2026-12-01 00:00: 3 days 9 h 30 min left.
    expect(periodCountdown({ period: 'monthly', month: '2026-11-01' }, now, TZ)).toBe('Ends in 3 d 9 h');
  });

  it('rounds the last minutes up', () => {
    expect(periodCountdown({ period: 'daily', day: '2026-11-27' }, new Date('2026-11-28T05:59:30Z'), TZ)).toBe(
      'Ends in 1 min',
    );
    expect(periodCountdown({ period: 'daily', day: '2026-11-27' }, new Date('2026-11-28T05:15:00Z'), TZ)).toBe(
      'Ends in 45 min',
    );
  });

  it('says nothing for a past period, a rolling board or a custom range', () => {
    expect(periodCountdown({ period: 'daily', day: '2026-11-26' }, now, TZ)).toBeNull();
    expect(periodCountdown({ period: '24hour' }, now, TZ)).toBeNull();
    expect(periodCountdown({ period: 'custom', from: '2026-11-20', to: '2026-11-27' }, now, TZ)).toBeNull();
  });
});
