import { describe, expect, it } from 'vitest';
import { accuracy, batchPoints, sumTotals, windowStats, wpm } from './stats.js';

describe('stats math', () => {
  it('computes WPM from characters and seconds', () => {
    // 3,000 characters = 600 words in 300 s = 5 minutes → 120 WPM.
    expect(wpm(3000, 300)).toBe(120);
    expect(wpm(1000, 0)).toBeNull();
  });

  it('computes accuracy as a fraction', () => {
    expect(accuracy(2000, 50)).toBeCloseTo(0.975, 12);
    expect(accuracy(0, 0)).toBeNull();
  });

  it('applies the points formula races × (100 + WPM/2) × accuracy', () => {
    // 4 races, 120 WPM, 97.5 %: 4 × (100 + 60) × 0.975 = 624.
    expect(batchPoints(4, 3000, 75, 300)).toBeCloseTo(624, 9);
    // No time or nothing typed: no NaN, no Infinity.
    expect(batchPoints(2, 0, 0, 0)).toBe(0);
    expect(batchPoints(2, 500, 0, 0)).toBe(200);
  });

  it('aggregates a window from summed raw counters, not from averaged batches', () => {
    // Batch A: 1,000 chars in 100 s (120 WPM); batch B: 1,000 chars in 300 s (40 WPM).
    // Exact window WPM = (2,000/5)/(400/60) = 60, not the mean 80.
    const s = windowStats({ races: 5, typed: 2000, errs: 40, secs: 400, points: 321.5 });
    expect(s.wpm).toBeCloseTo(60, 12);
    expect(s.accuracy).toBeCloseTo(0.98, 12);
    expect(s.points).toBe(321.5);
    expect(s.races).toBe(5);
  });

  it('adds up the counters of many rows, ignoring their other fields', () => {
    const rows = [
      { userId: 1, races: 2, typed: 1000, errs: 10, secs: 100, points: 200.5 },
      { userId: 2, races: 3, typed: 1500, errs: 30, secs: 300, points: 121 },
    ];
    expect(sumTotals(rows)).toEqual({ races: 5, typed: 2500, errs: 40, secs: 400, points: 321.5 });
    expect(sumTotals([])).toEqual({ races: 0, typed: 0, errs: 0, secs: 0, points: 0 });
    // The rows themselves are left as they were.
    expect(rows[0].races).toBe(2);
  });
});
