/**
 * Which 10-minute batches belong to an event. A batch's end time is its poll time floored to the
 * 10-minute boundary, so the batch ending at T holds the races of the 10 minutes before T. An
 * event [start, end] therefore counts the batches with start < end_time <= end: the batch ending
 * exactly at the start was raced before the event and is left out; the batch ending exactly at
 * the end was raced inside it and counts. On the 10-minute grid that is the half-open range
 * [floor10(start) + 10 min, floor10(end) + 10 min) of batch end times.
 */

import { addDayKeys, dayKeyOf, dayStart } from './site-time.js';

const TEN_MINUTES = 600_000;
const HOUR = 3_600_000;

/** Half-open range [from, to) of batch end times. */
export interface BatchRange {
  from: Date;
  to: Date;
}

const floor10 = (t: number) => Math.floor(t / TEN_MINUTES) * TEN_MINUTES;

export function eventBatchRange(start: Date, end: Date): BatchRange {
  return { from: new Date(floor10(start.getTime()) + TEN_MINUTES), to: new Date(floor10(end.getTime()) + TEN_MINUTES) };
}

/** Whether a batch ending at `endTime` counts for the event [start, end]. */
export function batchInEvent(endTime: Date, start: Date, end: Date): boolean {
  const t = endTime.getTime();
  return t > start.getTime() && t <= end.getTime();
}

/** A piece of a batch range and where to read it: raw batches, hourly rollups or daily rollups. */
export type RangePart =
  | { source: 'batches' | 'hourly'; from: Date; to: Date }
  /** Site-zone days [fromDay, toDay) as YYYY-MM-DD. */
  | { source: 'daily'; fromDay: string; toDay: string };

/**
 * Splits a batch range so whole site-zone days come from the daily rollups, whole UTC hours from
 * the hourly rollups (both keyed by where their batches' end times fall) and only the ragged
 * edges from the raw batches. Days are used only when they start on a whole hour, as they do in
 * every whole-hour zone.
 */
export function splitRange(r: BatchRange, tz: string): RangePart[] {
  const from = r.from.getTime();
  const to = Math.max(from, r.to.getTime());
  const h1 = Math.ceil(from / HOUR) * HOUR;
  const h2 = Math.floor(to / HOUR) * HOUR;
  if (h1 >= h2) return nonEmpty([{ source: 'batches', from: new Date(from), to: new Date(to) }]);
  const firstDay = dayKeyOf(h1, tz);
  const d1Key = dayStart(firstDay, tz).getTime() < h1 ? addDayKeys(firstDay, 1) : firstDay;
  const d2Key = dayKeyOf(h2, tz);
  const d1 = dayStart(d1Key, tz).getTime();
  const d2 = dayStart(d2Key, tz).getTime();
  const raw = (a: number, b: number): RangePart => ({ source: 'batches', from: new Date(a), to: new Date(b) });
  const hourly = (a: number, b: number): RangePart => ({ source: 'hourly', from: new Date(a), to: new Date(b) });
  if (d1 >= d2 || d1 % HOUR !== 0 || d2 % HOUR !== 0) return nonEmpty([raw(from, h1), hourly(h1, h2), raw(h2, to)]);
  return nonEmpty([
    raw(from, h1),
    hourly(h1, d1),
    { source: 'daily', fromDay: d1Key, toDay: d2Key },
    hourly(d2, h2),
    raw(h2, to),
  ]);
}

function nonEmpty(parts: RangePart[]): RangePart[] {
  return parts.filter((p) => (p.source === 'daily' ? p.fromDay < p.toDay : p.from.getTime() < p.to.getTime()));
}
