import { describe, expect, it } from 'vitest';
import { batchInEvent, eventBatchRange } from './event-window.js';

const d = (s: string) => new Date(s);

describe('event batch window', () => {
  it('counts batches ending after the start through the end', () => {
    const start = d('2026-03-01T18:00:00Z');
    const end = d('2026-03-02T18:00:00Z');
    expect(batchInEvent(d('2026-03-01T18:00:00Z'), start, end)).toBe(false);
    expect(batchInEvent(d('2026-03-01T18:10:00Z'), start, end)).toBe(true);
    expect(batchInEvent(d('2026-03-02T18:00:00Z'), start, end)).toBe(true);
    expect(batchInEvent(d('2026-03-02T18:10:00Z'), start, end)).toBe(false);
    expect(eventBatchRange(start, end)).toEqual({ from: d('2026-03-01T18:10:00Z'), to: d('2026-03-02T18:10:00Z') });
  });

  it('agrees with batchInEvent for times off the 10-minute grid', () => {
    const start = d('2026-03-01T18:05:00Z');
    const end = d('2026-03-01T19:25:30Z');
    const r = eventBatchRange(start, end);
    for (let t = d('2026-03-01T17:00:00Z').getTime(); t <= d('2026-03-01T21:00:00Z').getTime(); t += 600_000) {
      const inRange = t >= r.from.getTime() && t < r.to.getTime();
      expect(inRange).toBe(batchInEvent(new Date(t), start, end));
    }
    expect(r).toEqual({ from: d('2026-03-01T18:10:00Z'), to: d('2026-03-01T19:30:00Z') });
  });
});
