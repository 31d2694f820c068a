/**
 * The one window splitter of the app: a half-open window [start, end) of batch end times becomes
 * signed parts that are cheap to sum and add up exactly to it: whole site-zone days, whole UTC
 * hours (hourly_rollups) and raw batches for the exact 10-minute edges. Leaderboards, events and
 * the team screens all read windows through it (server/db/window-sql.ts writes the SQL).
 *
 * Rollups are keyed by where their batches' end times fall (hour: UTC hour of end_time; day: site
 * day of end_time), so a part holds exactly the batches whose end time lies inside it.
 */
import { addDayKeys, dayKeyOf, dayStart, type DayKey, type Window } from './site-time.js';

const HOUR = 3_600_000;
const SLOT = 600_000;

export type WindowPart =
  | { source: 'raw' | 'hourly'; sign: 1 | -1; from: Date; to: Date }
  /** Site days `first` to `last`, both included. */
  | { source: 'days'; sign: 1; first: DayKey; last: DayKey };

export interface SplitOptions {
  /**
   * Let the whole days reach past an edge of the window to its nearest day boundary and subtract
   * the overshoot (read as hours), when that reads fewer hours than adding the ragged part. Off:
   * only days inside the window, every part added (events take each part's time as it is).
   */
  subtract?: boolean;
  /** No batch ends later than now plus one slot, so an overshoot past that costs nothing. */
  now?: Date;
}

/** Slot boundaries (batch end times) in [a, b). */
const slots = (a: number, b: number) => Math.ceil(b / SLOT) - Math.ceil(a / SLOT);

/**
 * [from, to) as raw edges and whole hours, all with `sign`; a raw part without a slot boundary holds
 * nothing. With `subtract`, an edge hour is read whole and the slots outside [from, to) subtracted as
 * raw batches when fewer slots up to `live` (the newest possible batch) lie outside than inside.
 */
function hoursAndEdges(from: number, to: number, sign: 1 | -1, subtract = false, live = Infinity): WindowPart[] {
  let h1 = Math.ceil(from / HOUR) * HOUR;
  let h2 = Math.floor(to / HOUR) * HOUR;
  const cost = (a: number, b: number) => slots(Math.min(a, live), Math.min(b, live));
  if (subtract && cost(h1 - HOUR, from) < cost(from, h1)) h1 -= HOUR;
  if (subtract && cost(to, h2 + HOUR) < cost(h2, to)) h2 += HOUR;
  type TimedPart = Extract<WindowPart, { source: 'raw' | 'hourly' }>;
  const part = (source: 'raw' | 'hourly', a: number, b: number): TimedPart =>
    a <= b
      ? { source, sign, from: new Date(a), to: new Date(b) }
      : { source, sign: sign === 1 ? -1 : 1, from: new Date(b), to: new Date(a) };
  const parts =
    h1 < h2 ? [part('raw', from, h1), part('hourly', h1, h2), part('raw', h2, to)] : [part('raw', from, to)];
  return parts.filter((p) => p.from < p.to && (p.source === 'hourly' || slots(+p.from, +p.to) > 0));
}

/** The signed parts of window `w` in site zone `tz` (null: hours and edges only, no days). */
export function splitWindow(w: Window, tz: string | null, opts: SplitOptions = {}): WindowPart[] {
  const a = w.start.getTime();
  const b = w.end.getTime();
  if (b <= a) return [];
  const sub = opts.subtract ?? false;
  const live = opts.now ? opts.now.getTime() + SLOT : Infinity;
  if (tz === null) return hoursAndEdges(a, b, 1, sub, live);
  const floorDay = (t: number) => dayStart(dayKeyOf(t, tz), tz).getTime();
  const ceilDay = (t: number) => (floorDay(t) === t ? t : dayStart(addDayKeys(dayKeyOf(t, tz), 1), tz).getTime());
  // The time read to cover [x, y) with hours: nothing after the newest possible batch.
  const cost = (x: number, y: number) => Math.max(0, Math.min(y, live) - Math.min(x, live));
  let d1 = ceilDay(a);
  let d2 = floorDay(b);
  if (opts.subtract) {
    const out1 = floorDay(a);
    const out2 = ceilDay(b);
    if (cost(out1, a) < cost(a, d1)) d1 = out1;
    if (cost(b, out2) < cost(d2, b)) d2 = out2;
  }
  if (d1 >= d2) return hoursAndEdges(a, b, 1, sub, live);
  return [
    ...(d1 > a ? hoursAndEdges(a, d1, 1, sub, live) : hoursAndEdges(d1, a, -1, sub, live)),
    { source: 'days', sign: 1, first: dayKeyOf(d1, tz), last: dayKeyOf(d2 - 1, tz) },
    ...(b > d2 ? hoursAndEdges(d2, b, 1, sub, live) : hoursAndEdges(b, d2, -1, sub, live)),
  ];
}
