import { describe, expect, it } from 'vitest';
import { formatEventTime } from './event-time';

describe('formatEventTime', () => {
  it('shows the wall time with a 12-hour clock', () => {
    expect(formatEventTime('2026-03-02 12:00:00')).toBe('Mar 2, 2026 12:00 PM');
    expect(formatEventTime('2026-11-01 00:05:00')).toBe('Nov 1, 2026 12:05 AM');
    expect(formatEventTime('2026-12-31 23:59:59')).toBe('Dec 31, 2026 11:59 PM');
  });
  it('shows "-" when missing and leaves an unknown form as it is', () => {
    expect(formatEventTime(null)).toBe('-');
    expect(formatEventTime('soon')).toBe('soon');
  });
});
