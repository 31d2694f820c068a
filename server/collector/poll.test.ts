import { describe, expect, it } from 'vitest';
import { backoffDelay, elapsedClock } from './poll.js';

describe('backoffDelay', () => {
  const b = { baseMs: 1_000, maxMs: 10_000, retries: 5 };
  const mid = () => 0.5;
  it('doubles from the base on each retry and caps at the maximum', () => {
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, b, null, mid))).toEqual([1_000, 2_000, 4_000, 8_000, 10_000]);
  });
  it('adds at most ±10 % jitter', () => {
    expect(backoffDelay(2, b, null, () => 0)).toBe(1_800);
    expect(backoffDelay(2, b, null, () => 0.999999)).toBe(2_200);
  });
  it('waits at least Retry-After, within the cap', () => {
    expect(backoffDelay(1, b, 7_000, mid)).toBe(7_000);
    expect(backoffDelay(1, b, 60_000, mid)).toBe(10_000);
  });
});

describe('elapsedClock', () => {
  it('reads the run’s start plus the time elapsed since, so a late fetch gets a later stamp', async () => {
    const start = new Date('2026-03-10T18:00:05Z');
    const clock = elapsedClock(start);
    expect(clock().getTime() - start.getTime()).toBeLessThan(20);
    await new Promise((r) => setTimeout(r, 60));
    const later = clock().getTime() - start.getTime();
    expect(later).toBeGreaterThanOrEqual(55);
    expect(later).toBeLessThan(1_000);
  });
});
