/**
 * The SQL of a window plan: one UNION ALL branch per piece, each reading the raw counters
 * (races, typed, errs, secs, points) of its rollup or of raw batches, negated when subtracted.
 *
 * Per racer (`racerPiecesSql`): user_id, tag and counters from the racer rollups (monthly, weekly,
 * daily, hourly) and batches. Per team (`teamPiecesSql`): tag and counters from the team rollups
 * (every racer of the team, migration 010), minus the flagged racers' own rollup rows when bots
 * are left out, and raw batches for the edges.
 */
import type { Piece } from './window-plan.js';

const COUNTERS = ['races', 'typed', 'errs', 'secs', 'points'] as const;

type Bind = (v: unknown) => string;

function binder(params: unknown[]): Bind {
  return (v) => {
    params.push(v);
    return `$${params.length}`;
  };
}

function counters(sign: number): string {
  return COUNTERS.map((c) => (sign < 0 ? `-${c} AS ${c}` : c)).join(', ');
}

interface Tables {
  monthly: string;
  weekly: string;
  daily: string;
  hourly: string;
}

const CALENDAR_KEY = { monthly: 'month', weekly: 'week', daily: 'day' } as const;

/** The rows of a piece's span in one table, with a filter on top. */
function span(p: Piece, at: Bind, tables: Tables): { table: string; where: string } {
  switch (p.source) {
    case 'monthly':
    case 'weekly':
    case 'daily': {
      const key = CALENDAR_KEY[p.source];
      return { table: tables[p.source], where: `${key} >= ${at(p.first)}::date AND ${key} <= ${at(p.last)}::date` };
    }
    case 'hourly':
      return { table: tables.hourly, where: `hour >= ${at(p.start.toISOString())}::timestamptz AND hour < ${at(p.end.toISOString())}::timestamptz` };
    case 'raw':
      return { table: 'batches', where: `end_time >= ${at(p.start.toISOString())}::timestamptz AND end_time < ${at(p.end.toISOString())}::timestamptz` };
  }
}

const RACER_TABLES: Tables = { monthly: 'racer_monthly_rollups', weekly: 'racer_weekly_rollups', daily: 'daily_rollups', hourly: 'hourly_rollups' };
const TEAM_TABLES: Tables = { monthly: 'team_monthly_rollups', weekly: 'team_weekly_rollups', daily: 'team_daily_rollups', hourly: 'team_hourly_rollups' };
const BOTS = 'SELECT user_id FROM bot_flags';

/** A subquery of (user_id, tag, races, typed, errs, secs, points) rows whose sums are the window's. */
export function racerPiecesSql(pieces: Piece[], params: unknown[]): string {
  const at = binder(params);
  return pieces
    .map((p) => {
      const { table, where } = span(p, at, RACER_TABLES);
      return `SELECT user_id, tag, ${counters(p.sign)} FROM ${table} WHERE ${where}`;
    })
    .join('\nUNION ALL\n');
}

/** A subquery of (tag, races, typed, errs, secs, points) rows whose sums per tag are the window's. */
export function teamPiecesSql(pieces: Piece[], params: unknown[], opts: { showBots: boolean }): string {
  const at = binder(params);
  const branches: string[] = [];
  for (const p of pieces) {
    if (p.source === 'raw') {
      const { table, where } = span(p, at, RACER_TABLES);
      branches.push(`SELECT tag, ${counters(p.sign)} FROM ${table} WHERE ${where}${opts.showBots ? '' : ` AND user_id NOT IN (${BOTS})`}`);
      continue;
    }
    const team = span(p, at, TEAM_TABLES);
    branches.push(`SELECT tag, ${counters(p.sign)} FROM ${team.table} WHERE ${team.where}`);
    if (!opts.showBots) {
      const bots = span(p, at, RACER_TABLES);
      branches.push(`SELECT tag, ${counters(-p.sign)} FROM ${bots.table} WHERE user_id IN (${BOTS}) AND ${bots.where}`);
    }
  }
  return branches.join('\nUNION ALL\n');
}
