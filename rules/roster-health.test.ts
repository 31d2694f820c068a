import { describe, expect, it } from 'vitest';
import { attentionReasons, daysBetween, meets, requirementOf } from './roster-health.js';

describe('roster health rules', () => {
  it('counts calendar days, across a month end and a DST change alike', () => {
    expect(daysBetween('2026-03-10', '2026-03-10')).toBe(0);
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(3);
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1);
  });

  it('treats 0 or a missing requirement, or an unknown value, as no check', () => {
    expect(requirementOf(0)).toBeNull();
    expect(requirementOf(null)).toBeNull();
    expect(requirementOf(20)).toBe(20);
    expect(meets(19, 20)).toBe(false);
    expect(meets(20, 20)).toBe(true);
    expect(meets(null, 20)).toBeNull();
    expect(meets(5, null)).toBeNull();
  });

  it('lists reasons most serious first; 7 idle days is inactive, 6 is not', () => {
    const ok = { gameStatus: null, daysSinceLastRace: 6, meetsMinRaces: true, meetsMinSpeed: null, meetsWeekly: true };
    expect(attentionReasons(ok)).toEqual([]);
    expect(attentionReasons({ ...ok, daysSinceLastRace: 7 })).toEqual(['inactive']);
    expect(
      attentionReasons({
        gameStatus: 'banned',
        daysSinceLastRace: null,
        meetsMinRaces: false,
        meetsMinSpeed: false,
        meetsWeekly: false,
      }),
    ).toEqual(['banned', 'never-raced', 'missed-weekly', 'below-min-races', 'below-min-speed']);
  });
});
