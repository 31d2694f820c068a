/** Race counts of one team per UTC hour and racer, and per site-zone day, from the rollups. */
import type { DayKey } from '../../../rules/site-time.js';
import type { Queryable } from '../database.js';
import { racerNameColumns } from './racer-names.js';

export interface HourRacerRow {
  hour: Date;
  userId: number;
  username: string;
  displayName: string;
  races: number;
  bot: boolean;
}

/** Rows of hourly_rollups for `tag` with first ≤ hour ≤ last. */
export async function hourlyRacerRaces(q: Queryable, tag: string, first: Date, last: Date): Promise<HourRacerRow[]> {
  const { rows } = await q.query<HourRacerRow>(
    `SELECT h.hour, h.user_id AS "userId", ${racerNameColumns('h.user_id')},
            h.races::float8 AS races, (bf.user_id IS NOT NULL) AS bot
       FROM hourly_rollups h LEFT JOIN racers r ON r.user_id = h.user_id
       LEFT JOIN bot_flags bf ON bf.user_id = h.user_id
      WHERE h.tag = $1 AND h.hour >= $2 AND h.hour <= $3 AND h.races > 0
      ORDER BY h.hour, h.races DESC, username`,
    [tag, first, last],
  );
  return rows;
}

/** Total races of `tag` per site-zone day from `from` to `to` (inclusive); days without races absent. */
export async function dailyTeamRaces(
  q: Queryable,
  tag: string,
  from: DayKey,
  to: DayKey,
): Promise<Map<DayKey, number>> {
  const { rows } = await q.query<{ day: string; races: number }>(
    `SELECT day::text AS day, SUM(races)::float8 AS races FROM daily_rollups
      WHERE tag = $1 AND day >= $2::date AND day <= $3::date
      GROUP BY day`,
    [tag, from, to],
  );
  return new Map(rows.map((r) => [r.day, r.races]));
}

export async function teamExists(q: Queryable, tag: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM teams WHERE tag = $1', [tag]);
  return rows.length > 0;
}
