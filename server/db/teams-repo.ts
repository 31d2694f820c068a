/** SQL for the teams table as the site shows it: the tracked tags and one team's info card. */
import type { Queryable } from './database.js';

export interface TeamRow {
  tag: string;
  name: string | null;
  tagColor: string | null;
  createdStamp: Date | null;
  captainDisplayName: string | null;
  captainUsername: string | null;
  minRaces: number | null;
  minSpeed: number | null;
  weeklyRequirement: number | null;
  otherRequirements: string | null;
  /** The last successful poll, null when the team never collected. */
  lastPolledAt: Date | null;
}

/** The tags the collector polls, in order. */
export async function trackedTeamTags(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ tag: string }>('SELECT tag FROM teams WHERE tracked ORDER BY tag');
  return rows.map((r) => r.tag);
}

/** One team (tracked or not), null when unknown. */
export async function findTeam(q: Queryable, tag: string): Promise<TeamRow | null> {
  const { rows } = await q.query<TeamRow>(
    `SELECT tag, name, tag_color AS "tagColor", created_stamp AS "createdStamp",
            captain_display_name AS "captainDisplayName", captain_username AS "captainUsername",
            min_races AS "minRaces", min_speed AS "minSpeed", weekly_requirement AS "weeklyRequirement",
            other_requirements AS "otherRequirements", last_polled_at AS "lastPolledAt"
       FROM teams WHERE tag = $1`,
    [tag],
  );
  return rows[0] ?? null;
}

/** Adds a team to the polled list (a team already known keeps its tracked flag). */
export async function trackTeam(q: Queryable, tag: string): Promise<void> {
  await q.query('INSERT INTO teams (tag, tracked) VALUES ($1, true) ON CONFLICT (tag) DO NOTHING', [tag]);
}
