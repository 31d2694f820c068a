import { describe, expect, it } from 'vitest';
import { eventStatus } from './event-status.js';

const start = new Date('2026-03-01T06:00:00Z');
const end = new Date('2026-03-08T06:00:00Z');

describe('event status', () => {
  it('is Pending before the start', () => {
    expect(eventStatus(start, end, new Date(start.getTime() - 1))).toBe('Pending');
  });
  it('is Active from the start through the end, both inclusive', () => {
    expect(eventStatus(start, end, start)).toBe('Active');
    expect(eventStatus(start, end, new Date('2026-03-04T00:00:00Z'))).toBe('Active');
    expect(eventStatus(start, end, end)).toBe('Active');
  });
  it('is Concluded after the end', () => {
    expect(eventStatus(start, end, new Date(end.getTime() + 1))).toBe('Concluded');
  });
  it('handles a zero-length event and plain millisecond numbers', () => {
    expect(eventStatus(start, start, start)).toBe('Active');
    expect(eventStatus(start.getTime(), end.getTime(), end.getTime() + 1000)).toBe('Concluded');
  });
});
