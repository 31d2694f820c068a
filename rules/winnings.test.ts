import { describe, expect, it } from 'vitest';
import { paysOut, winnings, type PayToPlaySettings } from './winnings.js';

// The demo's Weekly Cup: join at 100, qualify at 150, every 50 races beyond 100 pays $500,000.
const cup: PayToPlaySettings = {
  MinRaces: 100,
  QualifyingRaces: 150,
  RaceIncrement: 50,
  PayoutIncrement: 500_000,
  Cap: 10_000_000,
  AccBonus96: 1.1,
  AccBonus98: 1.25,
};

describe('winnings', () => {
  it('pays floor((races − MinRaces) / RaceIncrement) × PayoutIncrement', () => {
    expect(winnings(cup, 150, 0.9)).toBe(500_000); // 50 / 50 = 1
    expect(winnings(cup, 199, 0.9)).toBe(500_000); // 99 / 50 → 1
    expect(winnings(cup, 200, 0.9)).toBe(1_000_000); // 100 / 50 = 2
    expect(winnings(cup, 349, 0.5)).toBe(2_000_000); // 249 / 50 → 4
  });

  it('is blank when PayoutIncrement is missing or 0', () => {
    expect(winnings({ ...cup, PayoutIncrement: null }, 500, 0.99)).toBeNull();
    expect(winnings({ ...cup, PayoutIncrement: 0 }, 500, 0.99)).toBeNull();
  });

  it('is blank when QualifyingRaces is missing', () => {
    expect(winnings({ ...cup, QualifyingRaces: null }, 500, 0.99)).toBeNull();
  });

  it('is blank below QualifyingRaces, even when races beyond MinRaces would pay', () => {
    expect(winnings(cup, 149, 0.99)).toBeNull();
    expect(winnings({ ...cup, QualifyingRaces: 300 }, 299, 0.99)).toBeNull();
    expect(winnings({ ...cup, QualifyingRaces: 300 }, 300, 0.9)).toBe(2_000_000);
  });

  it('is blank when races minus MinRaces is 0 or less', () => {
    const lowQualifier = { ...cup, QualifyingRaces: 0 };
    expect(winnings(lowQualifier, 100, 0.99)).toBeNull(); // exactly 0 beyond
    expect(winnings(lowQualifier, 40, 0.99)).toBeNull(); // negative
    expect(winnings(lowQualifier, 0, null)).toBeNull();
  });

  it('is 0 dollars, not blank, when races beyond MinRaces do not reach one increment', () => {
    expect(winnings({ ...cup, QualifyingRaces: 100 }, 120, 0.9)).toBe(0);
  });

  it('multiplies by AccBonus98 at accuracy 0.98 or more', () => {
    expect(winnings(cup, 200, 0.98)).toBe(1_250_000);
    expect(winnings(cup, 200, 1)).toBe(1_250_000);
  });

  it('multiplies by AccBonus96 from 0.96 up to just under 0.98, never both', () => {
    expect(winnings(cup, 200, 0.96)).toBe(1_100_000);
    expect(winnings(cup, 200, 0.9799999)).toBe(1_100_000);
    expect(winnings(cup, 200, 0.9599999)).toBe(1_000_000);
  });

  it('treats a missing bonus as 1 and no accuracy as no bonus', () => {
    expect(winnings({ ...cup, AccBonus98: null }, 200, 0.99)).toBe(1_000_000);
    expect(winnings({ ...cup, AccBonus96: null }, 200, 0.97)).toBe(1_000_000);
    expect(winnings(cup, 200, null)).toBe(1_000_000);
  });

  it('caps at Cap after the bonus, and has no cap when Cap is missing', () => {
    // 2,100 races: 2,000 beyond / 50 = 40 × 500,000 = 20,000,000 → capped at 10,000,000.
    expect(winnings(cup, 2100, 0.9)).toBe(10_000_000);
    // 900 races: 16 × 500,000 = 8,000,000; × 1.25 = 10,000,000 exactly at the cap; 950 → capped.
    expect(winnings(cup, 900, 0.99)).toBe(10_000_000);
    expect(winnings(cup, 950, 0.99)).toBe(10_000_000);
    expect(winnings({ ...cup, Cap: 1_234_567.89 }, 400, 0.9)).toBe(1_234_567.89);
    expect(winnings({ ...cup, Cap: null }, 2100, 0.9)).toBe(20_000_000);
  });

  it('defaults RaceIncrement to 1 when missing or 0', () => {
    // 150 − 100 = 50 increments of 1 × 500,000.
    expect(winnings({ ...cup, RaceIncrement: null, Cap: null }, 150, 0.9)).toBe(25_000_000);
    expect(winnings({ ...cup, RaceIncrement: 0, Cap: null }, 150, 0.9)).toBe(25_000_000);
  });

  it('counts a missing MinRaces as 0', () => {
    expect(winnings({ ...cup, MinRaces: null }, 150, 0.9)).toBe(1_500_000); // 150 / 50 = 3
  });

  it('rounds bonus products to cents', () => {
    // 3 × 500,000 × 1.1 is 1,650,000.0000000002 in floating point.
    expect(winnings(cup, 250, 0.97)).toBe(1_650_000);
    expect(winnings({ ...cup, PayoutIncrement: 3, AccBonus96: 1.333 }, 150, 0.97)).toBe(4);
  });

  it('says whether an event pays out', () => {
    expect(paysOut(cup)).toBe(true);
    expect(paysOut({ PayoutIncrement: 0 })).toBe(false);
    expect(paysOut({ PayoutIncrement: null })).toBe(false);
  });
});
