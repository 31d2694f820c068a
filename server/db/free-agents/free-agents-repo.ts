/**
 * Free agents (docs/product.md §6): racers whose latest leave of a tracked team is within the last
 * 14 days and who hold no current membership of a tracked team, with their last 7 site days'
 * totals on any team from daily_rollups.
 */
import { FREE_AGENT_DAYS, FREE_AGENT_FORM_DAYS, type FreeAgentRow } from '../../../contract/free-agents.js';
import { accuracy, wpm, type Totals } from '../../../rules/stats.js';
import { addDayKeys, type DayKey } from '../../../rules/site-time.js';
import type { Queryable } from '../database.js';

const DAY_MS = 86_400_000;

type Row = Totals & {
  user_id: number;
  username: string;
  display_name: string | null;
  tag: string;
  left_at: string;
  bot: boolean;
};

export async function listFreeAgents(q: Queryable, now: Date, today: DayKey): Promise<FreeAgentRow[]> {
  const { rows } = await q.query<{ rows: string }>(
    `WITH last_leave AS (
       SELECT DISTINCT ON (m.user_id) m.user_id, m.tag, m.left_at
         FROM memberships m JOIN teams t ON t.tag = m.tag AND t.tracked
        WHERE m.left_at > $1 AND m.left_at <= $2
        ORDER BY m.user_id, m.left_at DESC, m.id DESC),
     agents AS (
       SELECT l.* FROM last_leave l
        WHERE NOT EXISTS (SELECT 1 FROM memberships c JOIN teams t ON t.tag = c.tag AND t.tracked
                           WHERE c.user_id = l.user_id AND c.left_at IS NULL)),
     form AS (
       SELECT d.user_id, sum(d.races::float8) AS races, sum(d.typed::float8) AS typed,
              sum(d.errs::float8) AS errs, sum(d.secs::float8) AS secs, sum(d.points) AS points
         FROM daily_rollups d JOIN agents a ON a.user_id = d.user_id
        WHERE d.day BETWEEN $3::date AND $4::date GROUP BY d.user_id)
     SELECT coalesce(json_agg(x ORDER BY x.left_at DESC, x.username)::text, '[]') AS rows FROM (
       SELECT a.user_id, r.username, nullif(r.display_name, '') AS display_name, a.tag, a.left_at,
              b.user_id IS NOT NULL AS bot, coalesce(f.races, 0) AS races, coalesce(f.typed, 0) AS typed,
              coalesce(f.errs, 0) AS errs, coalesce(f.secs, 0) AS secs, coalesce(f.points, 0) AS points
         FROM agents a JOIN racers r ON r.user_id = a.user_id
         LEFT JOIN bot_flags b ON b.user_id = a.user_id
         LEFT JOIN form f ON f.user_id = a.user_id) AS x`,
    [
      new Date(now.getTime() - FREE_AGENT_DAYS * DAY_MS).toISOString(),
      now.toISOString(),
      addDayKeys(today, -(FREE_AGENT_FORM_DAYS - 1)),
      today,
    ],
  );
  return (JSON.parse(rows[0].rows) as Row[]).map((r) => ({
    UserID: Number(r.user_id),
    Username: r.username,
    CurrentDisplayName: r.display_name ?? r.username,
    LastTeam: r.tag,
    LeftAt: new Date(r.left_at).toISOString(),
    bot: r.bot ? 1 : 0,
    Races: r.races,
    Accuracy: accuracy(r.typed, r.errs),
    WPM: wpm(r.typed, r.secs),
    Points: r.points,
  }));
}
