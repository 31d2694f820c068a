/**
 * The SQL of a window plan: one UNION ALL branch per piece, each reading the raw counters
 * (races, typed, errs, secs, points) of its rollup or of raw batches, negated when subtracted.
 */
import type { Piece } from './window-plan.js';

const COUNTERS = ['races', 'typed', 'errs', 'secs', 'points'] as const;

function branch(p: Piece, params: unknown[]): string {
  const cols = COUNTERS.map((c) => (p.sign < 0 ? `-${c} AS ${c}` : c)).join(', ');
  const at = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  switch (p.source) {
    case 'daily':
      return `SELECT user_id, tag, ${cols} FROM daily_rollups WHERE day >= ${at(p.firstDay)}::date AND day <= ${at(p.lastDay)}::date`;
    case 'hourly':
      return `SELECT user_id, tag, ${cols} FROM hourly_rollups WHERE hour >= ${at(p.start.toISOString())}::timestamptz AND hour < ${at(p.end.toISOString())}::timestamptz`;
    case 'raw':
      return `SELECT user_id, tag, ${cols} FROM batches WHERE end_time >= ${at(p.start.toISOString())}::timestamptz AND end_time < ${at(p.end.toISOString())}::timestamptz`;
  }
}

/** A subquery yielding (user_id, tag, races, typed, errs, secs, points) rows whose sums are the window's. */
export function piecesSql(pieces: Piece[], params: unknown[]): string {
  return pieces.map((p) => branch(p, params)).join('\nUNION ALL\n');
}

/** The sums every leaderboard row is made of. */
export const SUMS_SQL = COUNTERS.map((c) => `sum(${c}) AS ${c}`).join(', ');
