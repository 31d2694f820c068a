import { describe, expect, it } from 'vitest';
import { compareRange, dayRange } from './racer-pages';

describe('dayRange', () => {
  it('spans whole site-zone days, the last one up to its final millisecond', () => {
    // CST is UTC-6: 2026-02-02 00:00 CT = 06:00Z; 2026-02-04 00:00 CT = 06:00Z.
    expect(dayRange('2026-02-02', '2026-02-03', 'America/Chicago')).toEqual({
      start: Date.parse('2026-02-02T06:00:00Z'),
      end: Date.parse('2026-02-04T06:00:00Z') - 1,
    });
  });
  it('is null without two days in order', () => {
    expect(dayRange(undefined, '2026-02-03', 'America/Chicago')).toBeNull();
    expect(dayRange('2026-02-31', '2026-03-03', 'America/Chicago')).toBeNull();
    expect(dayRange('2026-02-04', '2026-02-03', 'America/Chicago')).toBeNull();
  });
});

describe('compareRange', () => {
  it('defaults to the last 30 days ending today', () => {
    expect(compareRange(undefined, undefined, '2026-03-30')).toEqual({
      from: '2026-03-01',
      to: '2026-03-30',
      problem: null,
    });
  });
  it('keeps a valid range and replaces a bad one, saying why', () => {
    expect(compareRange('2026-01-01', '2026-01-05', '2026-03-30')).toEqual({
      from: '2026-01-01',
      to: '2026-01-05',
      problem: null,
    });
    expect(compareRange('2026-01-05', '2026-01-01', '2026-03-30').problem).toMatch(/starts after it ends/);
    expect(compareRange('2024-01-01', '2026-01-01', '2026-03-30').problem).toMatch(/longer than 366 days/);
    expect(compareRange('2026-01-01', undefined, '2026-03-30')).toMatchObject({ from: '2026-03-01', to: '2026-03-30' });
    // 366 days, both ends counted, is allowed.
    expect(compareRange('2025-01-01', '2026-01-01', '2026-03-30').problem).toBeNull();
  });
});
