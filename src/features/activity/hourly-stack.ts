/**
 * Turns hourly-races rows into the stacked hourly chart: one series per racer over the hour
 * buckets, racers ordered by total races. Collapsed, the top `limit` racers keep their own series
 * and the rest are summed into "Others", so every bar still shows the team's full total.
 */
import type { HourlyRacesRow } from '../../../contract/activity';

const HOUR_MS = 3_600_000;

export const LEGEND_LIMIT = 20;
/** HOURLY_RACES_HOURS of contract/activity.ts, kept here so the chart chunk does not load zod. */
export const HOURS_SHOWN = 24;
export const OTHERS_LABEL = 'Others';

export interface StackSeries {
  label: string;
  /** null for the grouped "Others" series. */
  username: string | null;
  total: number;
  /** Races per hour bucket. */
  values: number[];
}

export interface HourlyStack {
  /** Hour bucket starts in epoch milliseconds, oldest first. */
  hours: number[];
  series: StackSeries[];
  /** Team races per hour bucket. */
  totals: number[];
  /** How many racers the data holds, grouped or not. */
  racerCount: number;
}

/** `count` hour buckets ending with the later of the current hour and the newest row's hour. */
export function hourBucketsFor(rows: HourlyRacesRow[], nowMs: number, count: number): number[] {
  let last = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
  for (const r of rows) last = Math.max(last, Date.parse(r.hour));
  return Array.from({ length: count }, (_, i) => last - (count - 1 - i) * HOUR_MS);
}

export function buildHourlyStack(rows: HourlyRacesRow[], hours: number[], limit: number | null): HourlyStack {
  const index = new Map(hours.map((h, i) => [h, i]));
  const byRacer = new Map<string, StackSeries>();
  for (const r of rows) {
    const i = index.get(Date.parse(r.hour));
    if (i === undefined) continue;
    let s = byRacer.get(r.username);
    if (!s) {
      s = { label: r.racer, username: r.username, total: 0, values: hours.map(() => 0) };
      byRacer.set(r.username, s);
    }
    s.values[i] += r.races;
    s.total += r.races;
  }
  const racers = [...byRacer.values()].sort((a, b) => b.total - a.total || a.label.localeCompare(b.label));
  let series = racers;
  if (limit !== null && racers.length > limit) {
    const rest = racers.slice(limit);
    series = [
      ...racers.slice(0, limit),
      {
        label: `${OTHERS_LABEL} (${rest.length})`,
        username: null,
        total: rest.reduce((n, s) => n + s.total, 0),
        values: hours.map((_, i) => rest.reduce((n, s) => n + s.values[i], 0)),
      },
    ];
  }
  const totals = hours.map((_, i) => series.reduce((n, s) => n + s.values[i], 0));
  return { hours, series, totals, racerCount: racers.length };
}

/**
 * uPlot draws bars from zero, so a stack is drawn as cumulative sums with the tallest first:
 * element k holds the sum of series 0..(n−1−k).
 */
export function cumulativeStack(series: StackSeries[]): number[][] {
  const n = series.length;
  const sums: number[][] = [];
  let acc = series.length ? series[0].values.map(() => 0) : [];
  for (const s of series) {
    acc = acc.map((v, i) => v + s.values[i]);
    sums.push(acc);
  }
  return Array.from({ length: n }, (_, k) => sums[n - 1 - k]);
}
