/**
 * What the roster health view reads besides the roster itself: each current member's last race
 * and weekly race counts for a team, and the team's membership history (joins, leaves, name changes).
 */
import type { DayKey } from '../../../rules/site-time.js';
import type { Queryable } from '../database.js';

export interface MemberActivity {
  userId: number;
  lastRace: Date | null;
  racesThisWeek: number;
  racesLastWeek: number;
}

/**
 * Per current member of `tag`: the end of the last batch with races for the team (newest first on
 * the batches' primary key), and the team's races from `lastWeek` to `lastWeek` + 6 days and from
 * `thisWeek` on, read from the daily rollups.
 */
export async function memberActivity(
  q: Queryable,
  tag: string,
  lastWeek: DayKey,
  thisWeek: DayKey,
): Promise<MemberActivity[]> {
  const { rows } = await q.query<MemberActivity>(
    `SELECT m.user_id AS "userId", lr.end_time AS "lastRace",
            COALESCE(w.this_week, 0)::float8 AS "racesThisWeek", COALESCE(w.last_week, 0)::float8 AS "racesLastWeek"
       FROM memberships m
       LEFT JOIN LATERAL (
         SELECT b.end_time FROM batches b
          WHERE b.user_id = m.user_id AND b.tag = m.tag AND b.races > 0
          ORDER BY b.end_time DESC LIMIT 1
       ) lr ON true
       LEFT JOIN (
         SELECT user_id,
                SUM(races) FILTER (WHERE day >= $3::date) AS this_week,
                SUM(races) FILTER (WHERE day < $3::date) AS last_week
           FROM daily_rollups
          WHERE tag = $1 AND day >= $2::date
          GROUP BY user_id
       ) w ON w.user_id = m.user_id
      WHERE m.tag = $1 AND m.left_at IS NULL`,
    [tag, lastWeek, thisWeek],
  );
  return rows.map((r) => ({ ...r, userId: Number(r.userId), lastRace: r.lastRace ? new Date(r.lastRace) : null }));
}

export interface MembershipRow {
  userId: number;
  username: string;
  displayName: string;
  joinedAt: Date;
  leftAt: Date | null;
  /** Whether an earlier membership of the same team exists. */
  rejoin: boolean;
}

/** Every membership period of `tag`, current or ended. */
export async function membershipPeriods(q: Queryable, tag: string): Promise<MembershipRow[]> {
  const { rows } = await q.query<MembershipRow>(
    `SELECT m.user_id AS "userId", r.username,
            COALESCE(NULLIF(r.display_name, ''), r.username) AS "displayName",
            COALESCE(m.join_stamp, m.first_seen) AS "joinedAt", m.left_at AS "leftAt",
            EXISTS (SELECT 1 FROM memberships e
                     WHERE e.tag = m.tag AND e.user_id = m.user_id AND e.id <> m.id
                       AND COALESCE(e.join_stamp, e.first_seen) < COALESCE(m.join_stamp, m.first_seen)) AS rejoin
       FROM memberships m JOIN racers r ON r.user_id = m.user_id
      WHERE m.tag = $1`,
    [tag],
  );
  return rows.map((r) => ({
    ...r,
    userId: Number(r.userId),
    joinedAt: new Date(r.joinedAt),
    leftAt: r.leftAt ? new Date(r.leftAt) : null,
  }));
}

export interface NameChangeRow {
  userId: number;
  username: string;
  displayName: string;
  at: Date;
  from: string;
  to: string;
}

/**
 * Display-name changes seen in the team's batches (each batch keeps the name the member had at
 * that poll): a batch whose name differs from the member's previous named batch for the team.
 */
export async function nameChanges(q: Queryable, tag: string): Promise<NameChangeRow[]> {
  const { rows } = await q.query<NameChangeRow>(
    `SELECT c.user_id AS "userId", COALESCE(r.username, c.user_id::text) AS username,
            COALESCE(NULLIF(r.display_name, ''), r.username, c.user_id::text) AS "displayName",
            c.end_time AS at, c.prev AS "from", c.display_name AS "to"
       FROM (
         SELECT user_id, end_time, display_name,
                lag(display_name) OVER (PARTITION BY user_id ORDER BY end_time) AS prev
           FROM batches
          WHERE tag = $1 AND display_name IS NOT NULL AND display_name <> ''
       ) c
       LEFT JOIN racers r ON r.user_id = c.user_id
      WHERE c.prev IS NOT NULL AND c.prev <> c.display_name`,
    [tag],
  );
  return rows.map((r) => ({ ...r, userId: Number(r.userId), at: new Date(r.at) }));
}

/** The team's requirement columns; undefined when the tag is not a known team. */
export async function teamRequirements(
  q: Queryable,
  tag: string,
): Promise<{ minRaces: number | null; minSpeed: number | null; weekly: number | null } | undefined> {
  const { rows } = await q.query<{ minRaces: number | null; minSpeed: number | null; weekly: number | null }>(
    'SELECT min_races AS "minRaces", min_speed AS "minSpeed", weekly_requirement AS weekly FROM teams WHERE tag = $1',
    [tag],
  );
  return rows[0];
}
