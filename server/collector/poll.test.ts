import { describe, expect, it } from 'vitest';
import { backoffDelay } from './poll.js';

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
