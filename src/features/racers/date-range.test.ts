import { describe, expect, it } from 'vitest';
import { SLIDER_STEP_MS, fullRange, indexWindow, isFullRange, moveRangeEnd } from './date-range';

// Batch end times (Unix seconds) every 10 minutes from 2026-03-10 12:00 UTC, with one gap.
const t0 = Date.parse('2026-03-10T12:00:00Z') / 1000;
const time = [t0, t0 + 600, t0 + 1200, t0 + 3600, t0 + 4200];
const full = { start: t0 * 1000, end: (t0 + 4200) * 1000 };

describe('date range', () => {
  it('defaults to the first and last batch end time', () => {
    expect(fullRange(time)).toEqual(full);
    expect(fullRange([])).toBeNull();
    expect(isFullRange(full, full)).toBe(true);
    expect(isFullRange({ start: full.start + SLIDER_STEP_MS, end: full.end }, full)).toBe(false);
  });

  it('keeps every batch in the full range', () => {
    expect(indexWindow(time, full)).toEqual({ lo: 0, hi: 5 });
  });

  it('includes batches exactly on either end', () => {
    expect(indexWindow(time, { start: (t0 + 600) * 1000, end: (t0 + 3600) * 1000 })).toEqual({ lo: 1, hi: 4 });
  });

  it('excludes batches one minute outside either end', () => {
    const r = { start: (t0 + 600) * 1000 + SLIDER_STEP_MS, end: (t0 + 3600) * 1000 - SLIDER_STEP_MS };
    expect(indexWindow(time, r)).toEqual({ lo: 2, hi: 3 });
  });

  it('gives an empty window for a range between batches', () => {
    const w = indexWindow(time, { start: (t0 + 1800) * 1000, end: (t0 + 2400) * 1000 });
    expect(w.hi - w.lo).toBe(0);
  });

  it('moves an end in one-minute steps from the first batch', () => {
    expect(moveRangeEnd(full, full, 'start', full.start + 2.6 * SLIDER_STEP_MS)).toEqual({
      start: full.start + 3 * SLIDER_STEP_MS,
      end: full.end,
    });
    expect(moveRangeEnd(full, full, 'end', full.end - 61_000)).toEqual({
      start: full.start,
      end: full.end - SLIDER_STEP_MS,
    });
  });

  it('keeps the range inside the full span and never lets the ends cross', () => {
    expect(moveRangeEnd(full, full, 'start', full.start - 10 * SLIDER_STEP_MS).start).toBe(full.start);
    expect(moveRangeEnd(full, full, 'end', full.end + 10 * SLIDER_STEP_MS).end).toBe(full.end);
    const narrow = { start: full.start + 10 * SLIDER_STEP_MS, end: full.start + 20 * SLIDER_STEP_MS };
    expect(moveRangeEnd(narrow, full, 'start', full.end)).toEqual({ start: narrow.end, end: narrow.end });
    expect(moveRangeEnd(narrow, full, 'end', full.start)).toEqual({ start: narrow.start, end: narrow.start });
  });
});
