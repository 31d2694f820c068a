/**
 * The SQL of a split window (rules/window-split.ts): one UNION ALL branch per part, each giving
 * rows of (user_id, tag, races, typed, errs, secs, points), negated when the part is subtracted,
 * whose sums per racer or team are the window's. Whole days come either from the running totals
 * (two days' rows, any number of days: leaderboards) or from daily_rollups (a row per day and
 * racer; these carry each part's time as `at` for the events' latest team).
 */
import type { WindowPart } from '../../rules/window-split.js';

export interface WindowSqlOptions {
  days: 'running' | 'daily';
  /** A filter on every branch, over the columns user_id and tag (e.g. `tag = ANY($1)`). */
  where?: string;
  /** Adds the column `at`: the batch end time, the hour or the day start of each row. */
  withAt?: boolean;
}

const counters = (sign: number) =>
  ['races', 'typed', 'errs', 'secs', 'points'].map((c) => (sign < 0 ? `-${c} AS ${c}` : c)).join(', ');

/** Running totals up to the end of site day `day`, or of the newest day kept when that is earlier. */
const runningDay = (day: string) =>
  `running_totals WHERE day = (SELECT least((${day})::date, max(day)) FROM running_totals)`;

/** The branches of `parts`; bound values are appended to `params`. */
export function windowPartsSql(parts: WindowPart[], params: unknown[], opts: WindowSqlOptions): string {
  const bind = (v: unknown) => `$${params.push(v)}`;
  const extra = opts.where ? ` AND (${opts.where})` : '';
  const branch = (sign: number, at: string, from: string) =>
    `SELECT user_id, tag, ${counters(sign)}${opts.withAt ? `, ${at} AS at` : ''} FROM ${from}${extra}`;
  const branches: string[] = [];
  for (const p of parts) {
    if (p.source === 'days' && opts.days === 'running') {
      branches.push(branch(1, 'NULL', runningDay(bind(p.last))));
      branches.push(branch(-1, 'NULL', runningDay(`${bind(p.first)}::date - 1`)));
    } else if (p.source === 'days') {
      branches.push(branch(1, 'day_start', `daily_rollups WHERE day BETWEEN ${bind(p.first)} AND ${bind(p.last)}`));
    } else {
      const [table, col] = p.source === 'hourly' ? ['hourly_rollups', 'hour'] : ['batches', 'end_time'];
      const span = `${col} >= ${bind(p.from.toISOString())} AND ${col} < ${bind(p.to.toISOString())}`;
      branches.push(branch(p.sign, col, `${table} WHERE ${span}`));
    }
  }
  return branches.join('\nUNION ALL\n');
}
