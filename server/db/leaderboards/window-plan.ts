/**
 * Splits a window of instants into signed pieces the database can sum quickly and exactly: whole
 * site-zone months, Sunday weeks and days from the monthly, weekly and daily rollups, whole UTC
 * six-hour blocks and hours from the six-hour and hourly rollups, and the edges from raw batches. A piece may also be subtracted: a
 * 24-hour window that starts at 22:00 is cheaper as "yesterday's daily rollup minus 00:00–22:00"
 * than as 22 hourly rows, and a day that is still running costs one daily row minus a (future,
 * empty) tail. The individual board may also read the racers' running totals: any run of whole
 * days is the totals up to its last day minus those up to the day before its first. Of all splits
 * the cheapest by an estimated row count is chosen.
 *
 * Rollups are keyed by the batch end time (hour = UTC hour of end_time, day = site day of
 * end_time, week and month = those of that day), so a batch belongs to a piece exactly when its
 * end time lies inside the piece.
 */
import {
  addDayKeys,
  dayKeyOf,
  dayStart,
  monthStartOf,
  weekStartOf,
  type DayKey,
  type Window,
} from '../../../rules/site-time.js';
import { TRAILING_HOURS, type TrailingHours } from '../trailing-sums.js';

export type CalendarSource = 'monthly' | 'weekly' | 'daily';

export type Piece =
  /** Units from `first` to `last` (their first days: month starts, Sundays, or days), both included. */
  | { source: CalendarSource; sign: 1 | -1; first: DayKey; last: DayKey }
  | { source: TimedSource; sign: 1 | -1; start: Date; end: Date }
  /** The trailing sums of `hours` (server/db/trailing-sums.ts), valid while their anchor is `anchor`. */
  | { source: 'trailing'; hours: TrailingHours; sign: 1 | -1; anchor: Date }
  /** Every batch up to the end of site day `day`: the racers' running totals (migration 120). */
  | { source: 'running'; sign: 1 | -1; day: DayKey };

/** Sources keyed by instants: UTC six-hour blocks (from 00:00), UTC hours, raw batch end times. */
export type TimedSource = 'sixHour' | 'hourly' | 'raw';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SLOT = 600_000;
/** Extra cost per piece: each one is its own index scan. */
const PIECE_COST = 2;

interface Plan {
  pieces: Piece[];
  cost: number;
}

interface Level {
  /** Start of the unit holding t. */
  floor(t: number): number;
  /** Start of the unit after the one starting at u. */
  next(u: number): number;
  piece(sign: 1 | -1, start: number, end: number): Piece;
  /** Rows per racer of the units in [start, end), both unit boundaries. */
  units(start: number, end: number): number;
}

const CACHE_LIMIT = 20_000;
const QUARTER_HOUR = 900_000;

function remember<K, V>(m: Map<K, V>, k: K, v: V): V {
  if (m.size >= CACHE_LIMIT) m.clear();
  m.set(k, v);
  return v;
}

/** `f` remembered per argument (pure functions of the zone's calendar only). */
function memoized<K, V>(f: (k: K) => V): (k: K) => V {
  const known = new Map<K, V>();
  return (k) => {
    const v = known.get(k);
    return v !== undefined ? v : remember(known, k, f(k));
  };
}

/**
 * dayKeyOf and dayStart of the site zone, remembered across requests: every plan asks for the same
 * day, week and month boundaries, and each zone conversion costs tens of microseconds. Every zone
 * offset in use is a whole number of quarter hours, so local midnights fall on UTC quarter hours
 * and all instants of one UTC quarter hour share a site day: rolling windows hit the same entries.
 */
function makeZoneCalendar(tz: string) {
  const dayOfQuarter = memoized((q: number) => dayKeyOf(q * QUARTER_HOUR, tz));
  return {
    dayOf: (t: number): DayKey => dayOfQuarter(Math.floor(t / QUARTER_HOUR)),
    startOf: memoized((day: DayKey) => dayStart(day, tz).getTime()),
  };
}

type ZoneCalendar = ReturnType<typeof makeZoneCalendar>;

function calendarLevel(
  source: CalendarSource,
  cal: ZoneCalendar,
  startOf: (d: DayKey) => DayKey,
  after: (u: DayKey) => DayKey,
  days: number,
): Level {
  const unitOfDay = memoized(startOf);
  const unitAfter = memoized(after);
  const unitOf = (t: number) => unitOfDay(cal.dayOf(t));
  return {
    floor: (t) => cal.startOf(unitOf(t)),
    next: (u) => cal.startOf(unitAfter(cal.dayOf(u))),
    piece: (sign, start, end) => ({ source, sign, first: unitOf(start), last: unitOf(end - 1) }),
    units: (start, end) => Math.max(1, Math.round((end - start) / (days * DAY))),
  };
}

function nextMonth(first: DayKey): DayKey {
  const [y, m] = first.split('-').map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** Fixed-length UTC units counted from the epoch (a midnight UTC). */
function utcLevel(source: 'sixHour' | 'hourly', length: number): Level {
  return {
    floor: (t) => Math.floor(t / length) * length,
    next: (u) => u + length,
    piece: (sign, start, end) => ({ source, sign, start: new Date(start), end: new Date(end) }),
    units: (start, end) => (end - start) / length,
  };
}

/** Whole 10-minute slots in [start, end), batch end times being on slot boundaries. */
function slots(start: number, end: number): number {
  return Math.max(0, Math.ceil(end / SLOT) - Math.ceil(start / SLOT));
}

function negate(plan: Plan): Plan {
  return { cost: plan.cost, pieces: plan.pieces.map((p) => ({ ...p, sign: (p.sign === 1 ? -1 : 1) as 1 | -1 })) };
}

/**
 * A plan of [first, last) made into one of [a, b): the part between a and first is added (or
 * subtracted when first is before a), the same at the end, each covered by `coverEdge`.
 */
function fitToWindow(
  plan: Plan,
  first: number,
  last: number,
  a: number,
  b: number,
  coverEdge: (x: number, y: number) => Plan,
): Plan {
  const fitted: Plan = { pieces: [...plan.pieces], cost: plan.cost };
  for (const edge of [
    first < a ? negate(coverEdge(first, a)) : first > a ? coverEdge(a, first) : null,
    last > b ? negate(coverEdge(b, last)) : last < b ? coverEdge(last, b) : null,
  ]) {
    if (!edge) continue;
    fitted.pieces.push(...edge.pieces);
    fitted.cost += edge.cost;
  }
  return fitted;
}

/**
 * The least the edges `fitToWindow` adds to make [first, last) into [a, b) can cost: a piece each,
 * except where an edge holds no slot boundary (nothing to read there).
 */
function edgesCostAtLeast(first: number, last: number, a: number, b: number): number {
  const edge = (x: number, y: number) => (slots(Math.min(x, y), Math.max(x, y)) > 0 ? PIECE_COST : 0);
  return edge(first, a) + edge(last, b);
}

interface Zone {
  cal: ZoneCalendar;
  /** From coarsest to finest. */
  levels: Level[];
  daily: Level;
}

const zones = new Map<string, Zone>();

/** The zone's calendar and levels, made once per zone (they remember what they computed). */
function zoneOf(tz: string): Zone {
  let zone = zones.get(tz);
  if (!zone) {
    const cal = makeZoneCalendar(tz);
    const daily = calendarLevel(
      'daily',
      cal,
      (d) => d,
      (u) => addDayKeys(u, 1),
      1,
    );
    zone = {
      cal,
      daily,
      levels: [
        calendarLevel('monthly', cal, monthStartOf, nextMonth, 30.44),
        calendarLevel('weekly', cal, weekStartOf, (u) => addDayKeys(u, 7), 7),
        daily,
        utcLevel('sixHour', 6 * HOUR),
        utcLevel('hourly', HOUR),
      ],
    };
    zones.set(tz, zone);
  }
  return zone;
}

function planner(tz: string, now: number) {
  const { levels } = zoneOf(tz);
  // Batch end times are never after now (one slot of slack for clock skew): only the part of a
  // piece up to then costs anything.
  const live = (start: number, end: number): [number, number] => [start, Math.max(start, Math.min(end, now + SLOT))];
  const memo = new Map<string, Plan>();

  /** The cheapest plan adding up [a, b) with units of `depth` and finer. */
  function cover(a: number, b: number, depth: number): Plan {
    const id = `${depth}|${a}|${b}`;
    const known = memo.get(id);
    if (known) return known;
    const [la, lb] = live(a, b);
    // Batches end on slot boundaries (a constraint of migration 090): a span without one holds none.
    let best: Plan =
      slots(a, b) === 0
        ? { pieces: [], cost: 0 }
        : {
            pieces: [{ source: 'raw', sign: 1, start: new Date(a), end: new Date(b) }],
            cost: PIECE_COST + slots(la, lb),
          };
    if (depth < levels.length) {
      const finer = cover(a, b, depth + 1);
      if (finer.cost < best.cost) best = finer;
      const level = levels[depth];
      const fa = level.floor(a);
      const fb = level.floor(b);
      const firsts = new Set([fa === a ? a : level.next(fa), fa]);
      const lasts = new Set([fb, fb === b ? b : level.next(fb)]);
      for (const first of firsts) {
        for (const last of lasts) {
          if (first >= last) continue;
          const [lf, ll] = live(first, last);
          // A unit that has started costs its one row per racer.
          const plan: Plan = {
            pieces: [level.piece(1, first, last)],
            cost: PIECE_COST + (ll > lf ? level.units(lf, level.next(level.floor(ll - 1))) : 0),
          };
          // No need to plan the edges when their least cost makes this dearer already.
          if (plan.cost + edgesCostAtLeast(first, last, a, b) >= best.cost) continue;
          const fitted = fitToWindow(plan, first, last, a, b, (x, y) => cover(x, y, depth + 1));
          if (fitted.cost < best.cost) best = fitted;
        }
      }
    }
    memo.set(id, best);
    return best;
  }
  return cover;
}

export interface PlanExtras {
  /** The anchor of the trailing sums, when the board may read them. */
  trailingAnchor?: Date | null;
  /** Whether the racers' running totals may be read (the individual board; they are per racer). */
  runningSums?: boolean;
}

/** Reading a packed value: one piece, about one line per racer. */
const PACKED_COST = PIECE_COST + 1;

/**
 * Plans of whole site days from the running totals: those up to the last day minus those up to
 * the day before the first, for the days around each end of [a, b).
 */
function runningPlans(a: number, b: number, zone: Zone): Array<{ first: number; last: number; plan: Plan }> {
  const { daily, cal } = zone;
  const around = (t: number) => {
    const floor = daily.floor(t);
    return floor === t ? [t] : [floor, daily.next(floor)];
  };
  const plans = [];
  for (const first of around(a)) {
    for (const last of around(b)) {
      if (first >= last) continue;
      const pieces: Piece[] = [
        { source: 'running', sign: 1, day: cal.dayOf(last - 1) },
        { source: 'running', sign: -1, day: cal.dayOf(first - 1) },
      ];
      plans.push({ first, last, plan: { pieces, cost: 2 * PACKED_COST } });
    }
  }
  return plans;
}

/**
 * The cheapest exact split of [start, end) into signed calendar, six-hour, hourly and raw pieces,
 * or the trailing sums of a span, or two days' running totals, plus the edges between their
 * window and this one.
 */
export function planWindow(w: Window, tz: string, now: Date, extras: PlanExtras = {}): Piece[] {
  const a = w.start.getTime();
  const b = w.end.getTime();
  if (b <= a) return [];
  const cover = planner(tz, now.getTime());
  const anchor = extras.trailingAnchor;
  const trailing = anchor
    ? TRAILING_HOURS.map((hours) => ({
        // The trailing sums cover end times in (anchor − span, anchor], i.e. [first, last) to the millisecond.
        first: anchor.getTime() - hours * HOUR + 1,
        last: anchor.getTime() + 1,
        plan: { pieces: [{ source: 'trailing', hours, sign: 1, anchor }], cost: PACKED_COST } as Plan,
      }))
    : [];
  // A window the trailing sums fit exactly (no slot boundary at either edge) is one packed value:
  // nothing reads less, so there is no need to search for another plan.
  for (const t of trailing) if (edgesCostAtLeast(t.first, t.last, a, b) === 0) return t.plan.pieces;
  const spans = [...trailing];
  if (extras.runningSums) spans.push(...runningPlans(a, b, zoneOf(tz)));
  let best = cover(a, b, 0);
  for (const s of spans) {
    if (s.plan.cost + edgesCostAtLeast(s.first, s.last, a, b) >= best.cost) continue;
    const fitted = fitToWindow(s.plan, s.first, s.last, a, b, (x, y) => cover(x, y, 0));
    if (fitted.cost < best.cost) best = fitted;
  }
  return best.pieces;
}
