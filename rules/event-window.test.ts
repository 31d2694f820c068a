import { describe, expect, it } from 'vitest';
import { batchInEvent, eventBatchRange, splitRange } from './event-window.js';

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

  const TZ = 'America/Chicago';

  it('splits a range into raw edges, whole hours and whole site-zone days', () => {
    // CST: days start at 06:00Z.
    expect(splitRange({ from: d('2026-03-01T18:10:00Z'), to: d('2026-03-04T07:30:00Z') }, TZ)).toEqual([
      { source: 'batches', from: d('2026-03-01T18:10:00Z'), to: d('2026-03-01T19:00:00Z') },
      { source: 'hourly', from: d('2026-03-01T19:00:00Z'), to: d('2026-03-02T06:00:00Z') },
      { source: 'daily', fromDay: '2026-03-02', toDay: '2026-03-04' },
      { source: 'hourly', from: d('2026-03-04T06:00:00Z'), to: d('2026-03-04T07:00:00Z') },
      { source: 'batches', from: d('2026-03-04T07:00:00Z'), to: d('2026-03-04T07:30:00Z') },
    ]);
  });

  it('follows the daylight-saving change: the day after 2026-03-08 starts at 05:00Z', () => {
    expect(splitRange({ from: d('2026-03-08T06:00:00Z'), to: d('2026-03-10T05:00:00Z') }, TZ)).toEqual([
      { source: 'daily', fromDay: '2026-03-08', toDay: '2026-03-10' },
    ]);
  });

  it('uses hours only when no whole day fits, and raw batches only when no whole hour fits', () => {
    expect(splitRange({ from: d('2026-03-01T18:00:00Z'), to: d('2026-03-02T08:00:00Z') }, TZ)).toEqual([
      { source: 'hourly', from: d('2026-03-01T18:00:00Z'), to: d('2026-03-02T08:00:00Z') },
    ]);
    expect(splitRange({ from: d('2026-03-01T18:10:00Z'), to: d('2026-03-01T19:30:00Z') }, TZ)).toEqual([
      { source: 'batches', from: d('2026-03-01T18:10:00Z'), to: d('2026-03-01T19:30:00Z') },
    ]);
    expect(splitRange({ from: d('2026-03-01T18:10:00Z'), to: d('2026-03-01T18:10:00Z') }, TZ)).toEqual([]);
  });

  it('skips days that do not start on a whole hour', () => {
    // India is UTC+05:30: its days start at hh:30Z.
    const parts = splitRange({ from: d('2026-03-01T00:00:00Z'), to: d('2026-03-05T00:00:00Z') }, 'Asia/Kolkata');
    expect(parts).toEqual([{ source: 'hourly', from: d('2026-03-01T00:00:00Z'), to: d('2026-03-05T00:00:00Z') }]);
  });
});
