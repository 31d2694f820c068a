/**
 * SQL of the racer pages beyond the inspector: a racer's per-day sums (daily_rollups, all teams
 * added up), their fastest batch with enough races, and their latest lifetime counter.
 */
import { FASTEST_BATCH_MIN_RACES } from '../../contract/racer-pages.js';
import type { DaySums } from '../../rules/racer-bests.js';
import type { DayKey } from '../../rules/site-time.js';
import type { Totals } from '../../rules/stats.js';
import type { Queryable } from './database.js';

export interface RacerName {
  userId: number;
  username: string;
  displayName: string | null;
}

/** The racer by exact username, or null. */
export async function findRacer(db: Queryable, username: string): Promise<RacerName | null> {
  const { rows } = await db.query<{ user_id: number; username: string; display_name: string | null }>(
    'SELECT user_id, username, display_name FROM racers WHERE username = $1',
    [username],
  );
  const r = rows[0];
  return r ? { userId: Number(r.user_id), username: r.username, displayName: r.display_name } : null;
}

/** The racer's days with rollups, oldest first, optionally only `from` to `to` (both included). */
export async function racerDays(db: Queryable, userId: number, from?: DayKey, to?: DayKey): Promise<DaySums[]> {
  const range = from && to ? 'AND day BETWEEN $2::date AND $3::date' : '';
  const { rows } = await db.query<{
    day: string;
    races: number;
    lifetime: number;
    typed: number;
    errs: number;
    secs: number;
    points: number;
  }>(
    // Counters summed as float8 and cast back: exact below 2^53 (see docs/leaderboards.md).
    `SELECT to_char(day, 'YYYY-MM-DD') AS day,
            sum(races::float8)::bigint::int AS races, sum(lifetime_races::float8)::bigint::int AS lifetime,
            sum(typed::float8) AS typed, sum(errs::float8) AS errs, sum(secs::float8) AS secs, sum(points) AS points
       FROM daily_rollups WHERE user_id = $1 ${range}
      GROUP BY day ORDER BY day`,
    from && to ? [userId, from, to] : [userId],
  );
  return rows.map((r) => ({
    day: r.day,
    races: Number(r.races),
    lifetime: Number(r.lifetime),
    typed: Number(r.typed),
    errs: Number(r.errs),
    secs: Number(r.secs),
    points: Number(r.points),
  }));
}

/**
 * The batch with the highest WPM among those with at least 5 team races (a racer on two teams in
 * one slot has that slot's rows added up); the earliest on a tie. Null when none qualifies.
 *
 * Adding up a slot's rows (GROUP BY end_time over every batch) cost most of the Bests tab: a slot
 * can only hold several rows on a site day with daily rollups on several teams, so only the slots
 * within such days (taken 26 hours long, longer than any day) are added up, and every other batch
 * is a slot of its own, read as it is. The batch writer writes a batch's daily rollup with it.
 */
export async function fastestBatch(
  db: Queryable,
  userId: number,
  tz: string,
): Promise<(Totals & { endTime: string; day: DayKey }) | null> {
  const { rows } = await db.query<{
    end_local: string;
    day: string;
    races: number;
    typed: number;
    errs: number;
    secs: number;
    points: number;
  }>(
    `WITH shared AS (
       SELECT COALESCE(range_agg(tstzrange(day_start, day_start + interval '26 hours')), '{}'::tstzmultirange) AS days
         FROM (SELECT day_start FROM daily_rollups WHERE user_id = $1 GROUP BY day_start HAVING count(*) > 1) d
     ), slots AS (
       SELECT end_time, races, typed::float8 AS typed, errs::float8 AS errs, secs::float8 AS secs, points
         FROM batches, shared
        WHERE user_id = $1 AND races >= $3 AND secs > 0 AND NOT (end_time <@ shared.days)
       UNION ALL
       SELECT b.end_time, sum(b.races)::int, sum(b.typed::float8), sum(b.errs::float8), sum(b.secs::float8), sum(b.points)
         FROM shared, unnest(shared.days) AS span,
              -- OFFSET 0 keeps one primary key range read per span: without statistics (PGlite)
              -- the planner would rather match every batch of the racer against every span.
              LATERAL (SELECT * FROM batches
                        WHERE user_id = $1 AND end_time >= lower(span) AND end_time < upper(span) OFFSET 0) b
        GROUP BY b.end_time
     ), fastest AS (
       SELECT * FROM slots WHERE races >= $3 AND secs > 0 ORDER BY typed / secs DESC, end_time LIMIT 1
     )
     SELECT to_char(end_time AT TIME ZONE $2, 'YYYY-MM-DD HH24:MI:SS') AS end_local,
            to_char(end_time AT TIME ZONE $2, 'YYYY-MM-DD') AS day, races, typed, errs, secs, points
       FROM fastest`,
    [userId, tz, FASTEST_BATCH_MIN_RACES],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    endTime: r.end_local,
    day: r.day,
    races: Number(r.races),
    typed: Number(r.typed),
    errs: Number(r.errs),
    secs: Number(r.secs),
    points: Number(r.points),
  };
}

/** The lifetime races counter of the racer's most recent reading on any team, or null. */
export async function latestLifetimeRaces(db: Queryable, userId: number): Promise<number | null> {
  const { rows } = await db.query<{ races_played: string | number }>(
    'SELECT races_played FROM member_snapshots WHERE user_id = $1 ORDER BY taken_at DESC, races_played DESC LIMIT 1',
    [userId],
  );
  return rows[0] ? Number(rows[0].races_played) : null;
}
