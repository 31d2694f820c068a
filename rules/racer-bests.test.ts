import { describe, expect, it } from 'vitest';
import { dayBests, milestoneAfter, milestonesPassed, type DaySums } from './racer-bests.js';

const day = (d: string, races: number, typed: number, errs: number, secs: number, lifetime = races): DaySums => ({
  day: d,
  races,
  lifetime,
  typed,
  errs,
  secs,
  points: 0,
});

describe('milestoneAfter', () => {
  it('steps 1k, 5k, 10k, 25k, 50k, 100k and on by 1, 2.5, 5 times a power of ten', () => {
    const seq: number[] = [];
    for (let m = milestoneAfter(0); m <= 5_000_000; m = milestoneAfter(m)) seq.push(m);
    expect(seq).toEqual([
      1000, 5000, 10_000, 25_000, 50_000, 100_000, 250_000, 500_000, 1_000_000, 2_500_000, 5_000_000,
    ]);
    expect(milestoneAfter(999)).toBe(1000);
    expect(milestoneAfter(1000)).toBe(5000);
  });
});

describe('milestonesPassed', () => {
  it('dates each milestone by the day the counter reached it', () => {
    // 10,400 now; 900 + 300 + 700 recorded, so 8,500 before the first day: 1k and 5k undated.
    const days = [day('2026-03-01', 900, 0, 0, 0), day('2026-03-02', 300, 0, 0, 0), day('2026-03-03', 700, 0, 0, 0)];
    // End of 03-01: 9,400; 03-02: 9,700; 03-03: 10,400 → 10k on 03-03.
    expect(milestonesPassed(10_400, days)).toEqual([
      { races: 1000, day: null },
      { races: 5000, day: null },
      { races: 10_000, day: '2026-03-03' },
    ]);
  });
  it('gives two milestones passed on one day that day', () => {
    expect(milestonesPassed(5200, [day('2026-01-01', 4500, 0, 0, 0)])).toEqual([
      { races: 1000, day: '2026-01-01' },
      { races: 5000, day: '2026-01-01' },
    ]);
  });
});

describe('dayBests', () => {
  it('finds the top day, the top Sunday week and the most accurate day with 50+ races', () => {
    const days = [
      day('2026-03-07', 40, 10_000, 100, 1000), // Saturday: week of 03-01
      day('2026-03-08', 60, 20_000, 400, 2400), // Sunday: week of 03-08
      day('2026-03-09', 55, 15_000, 150, 1800), // acc 0.99
      day('2026-03-10', 60, 12_000, 60, 1500), // ties 03-08's 60: the earlier day stays; acc 0.995
      day('2026-03-11', 10, 3_000, 0, 300), // acc 1 but under 50 races
    ];
    const bests = dayBests(days);
    expect(bests.map((b) => b.kind)).toEqual(['most-races-day', 'most-races-week', 'best-accuracy-day']);
    expect(bests[0]).toMatchObject({
      at: '2026-03-08',
      from: '2026-03-08',
      to: '2026-03-08',
      races: 60,
      wpm: 20_000 / 5 / 40,
      accuracy: 0.98,
    });
    // Week of 03-08: 60 + 55 + 60 + 10 = 185 races, typed 50,000, errs 610, secs 6,000 → 100 WPM.
    expect(bests[1]).toMatchObject({ at: '2026-03-08', from: '2026-03-08', to: '2026-03-14', races: 185, wpm: 100 });
    expect(bests[1].accuracy).toBeCloseTo(1 - 610 / 50_000, 12);
    expect(bests[2]).toMatchObject({ at: '2026-03-10', races: 60, wpm: 96, accuracy: 0.995 });
  });
  it('has no bests without races', () => {
    expect(dayBests([])).toEqual([]);
    expect(dayBests([day('2026-03-01', 0, 0, 0, 0, 3)])).toEqual([]);
  });
});
