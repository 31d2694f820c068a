import { describe, expect, it } from 'vitest';
import {
  effectiveRequirement,
  hasWeeklyRequirement,
  judgedWeekOf,
  meetsWeeklyRequirement,
  memberDays,
  proRatedRequirement,
  strikeActive,
  strikeExpiresOn,
  weekLabel,
  weekVerdict,
} from './weekly-requirement.js';

describe('weekly requirement', () => {
  it('treats null, undefined, 0 and negative as no requirement', () => {
    for (const r of [null, undefined, 0, -5, Number.NaN]) {
      expect(hasWeeklyRequirement(r)).toBe(false);
      expect(meetsWeeklyRequirement(1000, r)).toBeNull();
    }
  });

  it('is met at exactly the requirement and above, not below', () => {
    expect(meetsWeeklyRequirement(249, 250)).toBe(false);
    expect(meetsWeeklyRequirement(250, 250)).toBe(true);
    expect(meetsWeeklyRequirement(251, 250)).toBe(true);
    expect(meetsWeeklyRequirement(0, 1)).toBe(false);
  });
});

describe('pro rata and the verdict of a named week', () => {
  // The week of Sun 2026-11-22 runs to Sat 11-28.
  it('counts the join day: joined on day 3 of 7 (Tuesday) leaves 5 days', () => {
    expect(memberDays('2026-11-22', '2026-11-10')).toBe(7);
    expect(memberDays('2026-11-22', '2026-11-22')).toBe(7);
    expect(memberDays('2026-11-22', '2026-11-24')).toBe(5);
    expect(memberDays('2026-11-22', '2026-11-28')).toBe(1);
    expect(memberDays('2026-11-22', '2026-11-29')).toBe(0);
    expect(memberDays('2026-11-22', null)).toBe(7);
  });

  it('rounds the share down: 100 × 5 / 7 = 71.43 → 71; 100 × 1 / 7 = 14.29 → 14; 7 × 3 / 7 = 3', () => {
    expect(proRatedRequirement(100, 5)).toBe(71);
    expect(proRatedRequirement(100, 1)).toBe(14);
    expect(proRatedRequirement(7, 3)).toBe(3);
    expect(proRatedRequirement(100, 7)).toBe(100);
    expect(proRatedRequirement(100, 0)).toBeNull();
    expect(proRatedRequirement(null, 7)).toBeNull();
  });

  it('judges one named week', () => {
    expect(weekVerdict('2026-11-22', 100, '2026-11-24', 71)).toEqual({
      week: '2026-11-22',
      owed: 71,
      races: 71,
      met: true,
    });
    expect(weekVerdict('2026-11-22', 100, '2026-11-24', 70).met).toBe(false);
    expect(weekVerdict('2026-11-22', 100, '2026-12-01', 0).met).toBeNull();
    expect(judgedWeekOf('2026-11-30')).toBe('2026-11-22');
    expect(judgedWeekOf('2026-11-29')).toBe('2026-11-22');
    expect(weekLabel('2026-11-22')).toBe('week of Sun 22 Nov');
  });

  it('takes the override over the game value, 0 meaning none', () => {
    expect(effectiveRequirement(100, null)).toBe(100);
    expect(effectiveRequirement(100, 50)).toBe(50);
    expect(effectiveRequirement(100, 0)).toBeNull();
    expect(effectiveRequirement(null, null)).toBeNull();
  });

  it('keeps a strike counting for N weeks after its week', () => {
    expect(strikeActive('2026-11-22', '2026-11-22', 4)).toBe(false);
    expect(strikeActive('2026-11-22', '2026-11-29', 4)).toBe(true);
    expect(strikeActive('2026-11-22', '2026-12-20', 4)).toBe(true);
    expect(strikeActive('2026-11-22', '2026-12-27', 4)).toBe(false);
    expect(strikeExpiresOn('2026-11-22', 4)).toBe('2026-12-27');
  });
});
