/**
 * Splits a window of instants into signed pieces the database can sum quickly and exactly:
 * whole site-zone days from daily_rollups, whole UTC hours from hourly_rollups, and the edges from
 * raw batches. A piece may also be subtracted: a 24-hour window that starts at 22:00 is cheaper as
 * "yesterday's daily rollup minus 00:00–22:00" than as 22 hourly rows, and a day that is still
 * running costs one daily row minus a (future, empty) tail. Of all splits the cheapest by an
 * estimated row count is chosen.
 *
 * Rollups are keyed by the batch end time (hour = UTC hour of end_time, day = site day of
 * end_time), so a batch belongs to a piece exactly when its end time lies inside the piece.
 */
import { addDayKeys, dayKeyOf, dayStart, type DayKey, type Window } from '../../domain/site-time.js';

export type Piece =
  | { source: 'daily'; sign: 1 | -1; firstDay: DayKey; lastDay: DayKey }
  | { source: 'hourly' | 'raw'; sign: 1 | -1; start: Date; end: Date };

const HOUR = 3_600_000;
const SLOT = 600_000;
/** Extra cost per piece: each one is its own index scan. */
const PIECE_COST = 2;

interface Plan {
  pieces: Piece[];
  cost: number;
}

interface Level {
  source: 'daily' | 'hourly';
  /** Start of the unit holding t. */
  floor(t: number): number;
  /** Start of the unit after the one starting at u. */
  next(u: number): number;
  piece(sign: 1 | -1, start: number, end: number): Piece;
  /** Rows per racer of the units in [start, end). */
  units(start: number, end: number): number;
}

function dayLevel(tz: string): Level {
  return {
    source: 'daily',
    floor: (t) => dayStart(dayKeyOf(t, tz), tz).getTime(),
    next: (u) => dayStart(addDayKeys(dayKeyOf(u, tz), 1), tz).getTime(),
    piece: (sign, start, end) => ({ source: 'daily', sign, firstDay: dayKeyOf(start, tz), lastDay: dayKeyOf(end - 1, tz) }),
    units: (start, end) => Math.round((end - start) / (24 * HOUR)),
  };
}

const hourLevel: Level = {
  source: 'hourly',
  floor: (t) => Math.floor(t / HOUR) * HOUR,
  next: (u) => u + HOUR,
  piece: (sign, start, end) => ({ source: 'hourly', sign, start: new Date(start), end: new Date(end) }),
  units: (start, end) => (end - start) / HOUR,
};

/** Whole 10-minute slots in [start, end), batch end times being on slot boundaries. */
function slots(start: number, end: number): number {
  return Math.max(0, Math.ceil(end / SLOT) - Math.ceil(start / SLOT));
}

function planner(tz: string, now: number) {
  const levels = [dayLevel(tz), hourLevel];
  // Batch end times are never after now (one slot of slack for clock skew): only the part of a
  // piece up to then costs anything.
  const live = (start: number, end: number): [number, number] => [start, Math.max(start, Math.min(end, now + SLOT))];

  function cover(sign: 1 | -1, a: number, b: number, depth: number): Plan {
    const [la, lb] = live(a, b);
    const raw: Plan = { pieces: [{ source: 'raw', sign, start: new Date(a), end: new Date(b) }], cost: PIECE_COST + slots(la, lb) };
    if (depth >= levels.length) return raw;
    let best = cover(sign, a, b, depth + 1);
    if (best.cost > raw.cost) best = raw;
    const level = levels[depth];
    const fa = level.floor(a);
    const fb = level.floor(b);
    const firsts = new Set([fa === a ? a : level.next(fa), fa]);
    const lasts = new Set([fb, fb === b ? b : level.next(fb)]);
    for (const first of firsts) {
      for (const last of lasts) {
        if (first >= last) continue;
        const [lf, ll] = live(first, last);
        const plan: Plan = {
          pieces: [level.piece(sign, first, last)],
          // A unit that has started costs its one row per racer.
          cost: PIECE_COST + (ll > lf ? level.units(lf, level.next(level.floor(ll - 1))) : 0),
        };
        for (const edge of [
          first < a ? cover(-sign as 1 | -1, first, a, depth + 1) : first > a ? cover(sign, a, first, depth + 1) : null,
          last > b ? cover(-sign as 1 | -1, b, last, depth + 1) : last < b ? cover(sign, last, b, depth + 1) : null,
        ]) {
          if (!edge) continue;
          plan.pieces.push(...edge.pieces);
          plan.cost += edge.cost;
        }
        if (plan.cost < best.cost) best = plan;
      }
    }
    return best;
  }
  return cover;
}

/** The cheapest exact split of [start, end) into signed daily, hourly and raw pieces. */
export function planWindow(w: Window, tz: string, now: Date): Piece[] {
  const a = w.start.getTime();
  const b = w.end.getTime();
  if (b <= a) return [];
  return planner(tz, now.getTime())(1, a, b, 0).pieces;
}
