/**
 * Per-racer totals of one team over a rolling window of batch end times (both ends included),
 * summed exactly through the window splitter (rules/window-split.ts): whole UTC hours from
 * hourly_rollups, the 10-minute edges from raw batches.
 */
import type { ClosedWindow } from '../../../rules/activity-windows.js';
import type { Totals } from '../../../rules/stats.js';
import { splitWindow } from '../../../rules/window-split.js';
import type { Queryable } from '../database.js';
import { windowPartsSql } from '../window-sql.js';
import { racerNameColumns } from './racer-names.js';

export interface RacerTotals extends Totals {
  userId: number;
  username: string;
  displayName: string;
  /** Flagged as a bot. */
  bot: boolean;
}

/** Totals per racer who raced for `tag` in the window, most races first, ties by username. */
export async function racerTotals(q: Queryable, tag: string, w: ClosedWindow): Promise<RacerTotals[]> {
  // Both ends included: batch end times lie on whole milliseconds, so the window ends 1 ms after `end`.
  const parts = splitWindow({ start: w.start, end: new Date(w.end.getTime() + 1) }, null);
  if (parts.length === 0) return [];
  const params: unknown[] = [tag];
  const union = windowPartsSql(parts, params, { days: 'daily', where: 'tag = $1' });
  const { rows } = await q.query<RacerTotals>(
    `WITH parts AS (${union})
     SELECT p.user_id AS "userId", ${racerNameColumns('p.user_id')},
            SUM(p.races)::float8 AS races, SUM(p.typed)::float8 AS typed, SUM(p.errs)::float8 AS errs,
            SUM(p.secs)::float8 AS secs, SUM(p.points)::float8 AS points,
            (bf.user_id IS NOT NULL) AS bot
       FROM parts p LEFT JOIN racers r ON r.user_id = p.user_id
       LEFT JOIN bot_flags bf ON bf.user_id = p.user_id
      GROUP BY p.user_id, r.username, r.display_name, bf.user_id
     HAVING SUM(p.races) > 0
      ORDER BY races DESC, username`,
    params,
  );
  return rows;
}
