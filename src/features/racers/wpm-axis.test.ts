import { describe, expect, it } from 'vitest';
import { DEFAULT_WPM_AXIS_MAX, topWpm, wpmAxisMax } from './wpm-axis';

describe('wpmAxisMax', () => {
  it('rounds the top WPM up to a multiple of 10', () => {
    expect(wpmAxisMax(112.3)).toBe(120);
    expect(wpmAxisMax(120.0001)).toBe(130);
    expect(wpmAxisMax(7)).toBe(10);
    expect(wpmAxisMax(0.4)).toBe(10);
  });
  it('keeps an exact multiple of 10', () => {
    expect(wpmAxisMax(120)).toBe(120);
    expect(wpmAxisMax(10)).toBe(10);
  });
  it('is 100 when there is no top WPM', () => {
    expect(DEFAULT_WPM_AXIS_MAX).toBe(100);
    for (const v of [null, undefined, 0, -5, Number.NaN, Number.POSITIVE_INFINITY]) expect(wpmAxisMax(v)).toBe(100);
  });
});

describe('topWpm', () => {
  it('takes the banner top WPM unless a batch was faster', () => {
    expect(topWpm(112.3, [80, null, 101])).toBe(112.3);
    expect(topWpm(90, [80, 95.5, null])).toBe(95.5);
    expect(topWpm(null, [null, 64])).toBe(64);
    expect(topWpm(null, [])).toBeNull();
  });
});
