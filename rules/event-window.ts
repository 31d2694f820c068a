/**
 * Which 10-minute batches belong to an event. A batch's end time is its poll time floored to the
 * 10-minute boundary, so the batch ending at T holds the races of the 10 minutes before T. An
 * event [start, end] therefore counts the batches with start < end_time <= end: the batch ending
 * exactly at the start was raced before the event and is left out; the batch ending exactly at
 * the end was raced inside it and counts. On the 10-minute grid that is the half-open range
 * [floor10(start) + 10 min, floor10(end) + 10 min) of batch end times.
 */

const TEN_MINUTES = 600_000;

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
