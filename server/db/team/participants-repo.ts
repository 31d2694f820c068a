/** Tracker participants: per-racer totals of one team over whole site-zone days, from daily rollups. */
import type { DayKey } from '../../../rules/site-time.js';
import type { Totals } from '../../../rules/stats.js';
import type { Queryable } from '../database.js';
import { racerNameColumns } from './racer-names.js';

export interface ParticipantRow extends Totals {
  userId: number;
  username: string;
  displayName: string;
  squad: string | null;
  customName: string | null;
  bot: boolean;
}

/** Everyone with races for `tag` on the days `from` to `to` (inclusive), members or not. */
export async function participantsBetween(
  q: Queryable,
  tag: string,
  from: DayKey,
  to: DayKey,
): Promise<ParticipantRow[]> {
  const { rows } = await q.query<ParticipantRow>(
    `WITH t AS (
       SELECT user_id, SUM(races)::float8 AS races, SUM(typed)::float8 AS typed, SUM(errs)::float8 AS errs,
              SUM(secs)::float8 AS secs, SUM(points)::float8 AS points
         FROM daily_rollups
        WHERE tag = $1 AND day >= $2::date AND day <= $3::date
        GROUP BY user_id
       HAVING SUM(races) > 0
     )
     SELECT t.user_id AS "userId", ${racerNameColumns('t.user_id')},
            sa.squad, sn.custom_name AS "customName", (bf.user_id IS NOT NULL) AS bot,
            t.races, t.typed, t.errs, t.secs, t.points
       FROM t
       LEFT JOIN racers r ON r.user_id = t.user_id
       LEFT JOIN squad_assignments sa ON sa.tag = $1 AND sa.user_id = t.user_id
       LEFT JOIN squad_names sn ON sn.tag = $1 AND sn.squad = sa.squad
       LEFT JOIN bot_flags bf ON bf.user_id = t.user_id
      ORDER BY t.points DESC, t.races DESC, username`,
    [tag, from, to],
  );
  return rows;
}
