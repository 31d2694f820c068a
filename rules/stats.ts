/** The stats math of docs/product.md 'The numbers': batch and window aggregates from raw deltas. */

/** Raw counters summed over any set of batches. */
export interface Totals {
  races: number;
  typed: number;
  errs: number;
  secs: number;
  points: number;
}

export function zeroTotals(): Totals {
  return { races: 0, typed: 0, errs: 0, secs: 0, points: 0 };
}

/** Adds the counters of `t` into `into` (changed in place and returned). */
export function addTotals(into: Totals, t: Totals): Totals {
  into.races += t.races;
  into.typed += t.typed;
  into.errs += t.errs;
  into.secs += t.secs;
  into.points += t.points;
  return into;
}

/** The counters of many rows added up (extra fields of the rows are ignored). */
export function sumTotals(rows: readonly Totals[]): Totals {
  return rows.reduce(addTotals, zeroTotals());
}

/** WPM = (typed / 5) / (secs / 60); null when no time was raced. */
export function wpm(typed: number, secs: number): number | null {
  return secs > 0 ? typed / 5 / (secs / 60) : null;
}

/** Accuracy = 1 − errs / typed as a fraction; null when nothing was typed. */
export function accuracy(typed: number, errs: number): number | null {
  return typed > 0 ? 1 - errs / typed : null;
}

/** The game's points formula for one batch: races × (100 + WPM / 2) × accuracy. */
export function batchPoints(races: number, typed: number, errs: number, secs: number): number {
  const w = wpm(typed, secs) ?? 0;
  const a = accuracy(typed, errs) ?? 0;
  return races * (100 + w / 2) * a;
}

export interface WindowStats {
  races: number;
  wpm: number | null;
  accuracy: number | null;
  points: number;
}

/** Aggregates summed counters of a window: points are the sum of batch points, not recomputed. */
export function windowStats(t: Totals): WindowStats {
  return { races: t.races, wpm: wpm(t.typed, t.secs), accuracy: accuracy(t.typed, t.errs), points: t.points };
}
