/**
 * Per-racer totals of one team over a rolling window of batch end times (both ends included),
 * summed exactly: whole UTC hours from hourly_rollups, the partial hours at either edge from the
 * raw batches (see splitAtHours).
 */
import { splitAtHours, type ClosedWindow } from '../../../rules/activity-windows.js';
import type { Totals } from '../../../rules/stats.js';
import type { Queryable } from '../database.js';
import { racerNameColumns } from './racer-names.js';

export interface RacerTotals extends Totals {
  userId: number;
  username: string;
  displayName: string;
}

/** Totals per racer who raced for `tag` in the window, most races first, ties by username. */
export async function racerTotals(q: Queryable, tag: string, w: ClosedWindow): Promise<RacerTotals[]> {
  const { hoursFrom, hoursTo } = splitAtHours(w);
  const { rows } = await q.query<RacerTotals>(
    `WITH parts AS (
       SELECT user_id, races, typed, errs, secs, points FROM hourly_rollups
        WHERE tag = $1 AND hour >= $4 AND hour < $5
       UNION ALL
       SELECT user_id, races, typed, errs, secs, points FROM batches
        WHERE tag = $1 AND end_time >= $2 AND end_time < $4 AND end_time <= $3
       UNION ALL
       SELECT user_id, races, typed, errs, secs, points FROM batches
        WHERE tag = $1 AND end_time >= $5 AND end_time <= $3
     )
     SELECT p.user_id AS "userId", ${racerNameColumns('p.user_id')},
            SUM(p.races)::float8 AS races, SUM(p.typed)::float8 AS typed, SUM(p.errs)::float8 AS errs,
            SUM(p.secs)::float8 AS secs, SUM(p.points)::float8 AS points
       FROM parts p LEFT JOIN racers r ON r.user_id = p.user_id
      GROUP BY p.user_id, r.username, r.display_name
     HAVING SUM(p.races) > 0
      ORDER BY races DESC, username`,
    [tag, w.start, w.end, hoursFrom, hoursTo],
  );
  return rows;
}
