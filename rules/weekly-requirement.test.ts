import { describe, expect, it } from 'vitest';
import { hasWeeklyRequirement, meetsWeeklyRequirement } from './weekly-requirement.js';

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
