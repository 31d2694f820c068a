/**
 * The racer's batch history (GET /api/racer-batches?format=columns) turned into the series the
 * chart and the table read: WPM and accuracy from the raw counters with the shared stats math.
 */
import type { BatchColumns } from '../../../contract/racers';
import { accuracy, wpm } from '../../../rules/stats';

export interface BatchSeries {
  /** Batch end instants, Unix seconds, oldest first. */
  time: number[];
  wpm: (number | null)[];
  /** Accuracy as a percent (0-100), the chart's unit. */
  accuracyPct: (number | null)[];
  /** Team races per batch (the spec's `sum`). */
  races: number[];
  /** Lifetime races per batch (the spec's `racesPlayedBatch`). */
  lifetimeRaces: number[];
  columns: BatchColumns;
}

export function toBatchSeries(columns: BatchColumns): BatchSeries {
  const n = columns.endTime.length;
  const w = new Array<number | null>(n);
  const a = new Array<number | null>(n);
  for (let i = 0; i < n; i++) {
    w[i] = wpm(columns.typed[i], columns.secs[i]);
    const acc = accuracy(columns.typed[i], columns.errs[i]);
    a[i] = acc === null ? null : acc * 100;
  }
  return {
    time: columns.endTime,
    wpm: w,
    accuracyPct: a,
    races: columns.races,
    lifetimeRaces: columns.lifetimeRaces,
    columns,
  };
}

/** One row of the batch table (docs/product.md §3 batch record, with the end time as an instant). */
export interface BatchTableRow {
  index: number;
  /** Unix seconds. */
  endTime: number;
  displayName: string | null;
  teamTag: string;
  races: number;
  wpm: number | null;
  /** Fraction 0-1. */
  accuracy: number | null;
}

export function batchTableRow(s: BatchSeries, i: number): BatchTableRow {
  const c = s.columns;
  return {
    index: i,
    endTime: c.endTime[i],
    displayName: c.name[i] >= 0 ? c.displayNames[c.name[i]] : null,
    teamTag: c.teamTags[c.tag[i]],
    races: c.races[i],
    wpm: s.wpm[i],
    accuracy: accuracy(c.typed[i], c.errs[i]),
  };
}
