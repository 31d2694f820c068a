/** The current members of a team, and of every tracked team, with their latest snapshot counters. */
import type { GameStatus } from '../../../contract/common.js';
import type { Queryable } from '../database.js';

export interface MemberRow {
  userId: number;
  username: string;
  displayName: string;
  tag: string;
  role: string | null;
  joinStamp: Date | null;
  squad: string | null;
  customName: string | null;
  played: number | null;
  racesPlayed: number | null;
  avgSpeed: number | null;
  highestSpeed: number | null;
  takenAt: Date | null;
  bot: boolean;
  gameStatus: GameStatus;
}

const MEMBER_SELECT = `
  SELECT m.user_id AS "userId", r.username,
         COALESCE(NULLIF(r.display_name, ''), NULLIF(s.display_name, ''), r.username) AS "displayName",
         m.tag, m.role, m.join_stamp AS "joinStamp", sa.squad, sn.custom_name AS "customName",
         s.played, s.races_played AS "racesPlayed", s.avg_speed AS "avgSpeed",
         s.highest_speed AS "highestSpeed", s.taken_at AS "takenAt", (bf.user_id IS NOT NULL) AS bot,
         r.game_status AS "gameStatus"
    FROM memberships m
    JOIN racers r ON r.user_id = m.user_id
    LEFT JOIN member_snapshots s ON s.tag = m.tag AND s.user_id = m.user_id
    LEFT JOIN squad_assignments sa ON sa.tag = m.tag AND sa.user_id = m.user_id
    LEFT JOIN squad_names sn ON sn.tag = m.tag AND sn.squad = sa.squad
    LEFT JOIN bot_flags bf ON bf.user_id = m.user_id`;

/** Current members of `tag` (tracked or not), Joined ascending with unknown dates last. */
export async function teamMembers(q: Queryable, tag: string): Promise<MemberRow[]> {
  const { rows } = await q.query<MemberRow>(
    `${MEMBER_SELECT}
      WHERE m.tag = $1 AND m.left_at IS NULL
      ORDER BY m.join_stamp ASC NULLS LAST, r.username`,
    [tag],
  );
  return rows;
}

/** Current members of every tracked team. */
export async function trackedMembers(q: Queryable): Promise<MemberRow[]> {
  const { rows } = await q.query<MemberRow>(
    `${MEMBER_SELECT}
      JOIN teams t ON t.tag = m.tag AND t.tracked
     WHERE m.left_at IS NULL
     ORDER BY m.tag, lower(COALESCE(NULLIF(r.display_name, ''), NULLIF(s.display_name, ''), r.username)), m.user_id`,
  );
  return rows;
}

/** The team's weekly requirement, undefined when the tag is not a known team. */
export async function weeklyRequirementOf(q: Queryable, tag: string): Promise<number | null | undefined> {
  const { rows } = await q.query<{ weekly_requirement: number | null }>(
    'SELECT weekly_requirement FROM teams WHERE tag = $1',
    [tag],
  );
  return rows.length ? rows[0].weekly_requirement : undefined;
}
