import { describe, expect, it } from 'vitest';
import { dayOptions, weekLabel, weekOptions } from './tracker-periods';

describe('tracker periods', () => {
  it('lists 7 days starting with today, newest first, across a month end', () => {
    const days = dayOptions('2026-04-02');
    expect(days.map((d) => d.value)).toEqual([
      '2026-04-02',
      '2026-04-01',
      '2026-03-31',
      '2026-03-30',
      '2026-03-29',
      '2026-03-28',
      '2026-03-27',
    ]);
    expect(days[0].label).toBe('Today (Thu, Apr 2, 2026)');
    expect(days[1].label).toBe('Wed, Apr 1, 2026');
  });

  it('lists 7 Sunday week starts as start - end ranges of 7 days', () => {
    const weeks = weekOptions('2026-04-02');
    expect(weeks.map((w) => w.value)).toEqual([
      '2026-03-29',
      '2026-03-22',
      '2026-03-15',
      '2026-03-08',
      '2026-03-01',
      '2026-02-22',
      '2026-02-15',
    ]);
    expect(weeks[0].label).toBe('Mar 29, 2026 - Apr 4, 2026');
    expect(weekLabel('2025-12-28')).toBe('Dec 28, 2025 - Jan 3, 2026');
  });

  it('a Sunday is the first day of its own week', () => {
    expect(weekOptions('2026-03-29', 1)[0].value).toBe('2026-03-29');
    expect(weekOptions('2026-03-28', 1)[0].value).toBe('2026-03-22');
  });
});
