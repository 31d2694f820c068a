/**
 * The "Date Range:" slider: a start and an end instant in one-minute steps, defaulting to the first
 * and last batch end time; batches with start ≤ end time ≤ end pass. Batches are sorted, so the
 * filter is two binary searches giving an index window [lo, hi).
 */

/** Slider step (docs/product.md §9). */
export const SLIDER_STEP_MS = 60_000;

/** Both ends in epoch milliseconds, inclusive. */
export interface DateRange {
  start: number;
  end: number;
}

/** First to last batch end time, or null without batches. `time` is in Unix seconds, ascending. */
export function fullRange(time: readonly number[]): DateRange | null {
  if (time.length === 0) return null;
  return { start: time[0] * 1000, end: time[time.length - 1] * 1000 };
}

export function isFullRange(range: DateRange, full: DateRange): boolean {
  return range.start <= full.start && range.end >= full.end;
}

/** First index whose time (seconds) is ≥ `sec`. */
function lowerBound(time: readonly number[], sec: number): number {
  let lo = 0;
  let hi = time.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (time[mid] < sec) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose time (seconds) is > `sec`. */
function upperBound(time: readonly number[], sec: number): number {
  let lo = 0;
  let hi = time.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (time[mid] <= sec) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index window [lo, hi) of the batches inside the range (both ends inclusive). */
export function indexWindow(time: readonly number[], range: DateRange): { lo: number; hi: number } {
  const lo = lowerBound(time, range.start / 1000);
  return { lo, hi: Math.max(lo, upperBound(time, range.end / 1000)) };
}

/**
 * Moves one end of the range to `value` (snapped to the minute grid of the slider, which starts at
 * the first batch) and keeps start ≤ end inside the full span.
 */
export function moveRangeEnd(range: DateRange, full: DateRange, which: 'start' | 'end', value: number): DateRange {
  const snapped = full.start + Math.round((value - full.start) / SLIDER_STEP_MS) * SLIDER_STEP_MS;
  const v = Math.min(Math.max(snapped, full.start), full.end);
  return which === 'start'
    ? { start: Math.min(v, range.end), end: range.end }
    : { start: range.start, end: Math.max(v, range.start) };
}
