/**
 * The weekly requirement's data: the team's settings, each member's races in a week, this week's
 * members at risk, the once-per-week judging of a closed week into strikes, and the strike history.
 * Verdicts come from rules/weekly-requirement.ts (docs/product.md "Weekly requirement and strikes").
 */
import {
  DEFAULT_STRIKE_WEEKS,
  effectiveRequirement,
  judgedWeekOf,
  strikeActive,
  weekVerdict,
  type WeekVerdict,
} from '../../rules/weekly-requirement.js';
import { addDayKeys, dayKeyOf, dayStart, weekStartOf, type DayKey } from '../../rules/site-time.js';
import type { Database, Queryable } from './database.js';
import { publicChange } from './public-change.js';

/** A closed week is judged from this long after it ends: the poll covering its last slot has committed. */
export const JUDGE_SETTLE_MS = 10 * 60_000;

export interface RequirementSettings {
  /** The game's team info value (null or 0: none). */
  gameWeekly: number | null;
  /** The staff's override (null: the game's; 0: no requirement). */
  override: number | null;
  /** What applies: the override, else the game's; null when none. */
  requirement: number | null;
  strikeWeeks: number;
  /** 0 Sunday .. 6 Saturday: the Discord at-risk post's day; null: no post. */
  atRiskWeekday: number | null;
}

/** The team's requirement settings; undefined when the tag is not a known team. */
export async function requirementSettings(q: Queryable, tag: string): Promise<RequirementSettings | undefined> {
  const { rows } = await q.query<{
    gameWeekly: number | null;
    override: number | null;
    strikeWeeks: number | null;
    atRiskWeekday: number | null;
  }>(
    `SELECT t.weekly_requirement AS "gameWeekly", s.weekly_override AS override,
            s.strike_weeks AS "strikeWeeks", s.at_risk_weekday AS "atRiskWeekday"
       FROM teams t LEFT JOIN team_requirement_settings s ON s.tag = t.tag
      WHERE t.tag = $1`,
    [tag],
  );
  const r = rows[0];
  if (!r) return undefined;
  return {
    gameWeekly: r.gameWeekly,
    override: r.override,
    requirement: effectiveRequirement(r.gameWeekly, r.override),
    strikeWeeks: r.strikeWeeks ?? DEFAULT_STRIKE_WEEKS,
    atRiskWeekday: r.atRiskWeekday,
  };
}

/** Writes the staff's choices for a known team. */
export async function saveRequirementSettings(
  q: Queryable,
  tag: string,
  s: Pick<RequirementSettings, 'override' | 'strikeWeeks' | 'atRiskWeekday'>,
  at: Date,
): Promise<void> {
  await q.query(
    `INSERT INTO team_requirement_settings (tag, weekly_override, strike_weeks, at_risk_weekday, updated_at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (tag) DO UPDATE SET weekly_override = $2, strike_weeks = $3, at_risk_weekday = $4, updated_at = $5`,
    [tag, s.override, s.strikeWeeks, s.atRiskWeekday, at],
  );
}

export interface WeekMember {
  userId: number;
  username: string;
  displayName: string;
  /** The game's join stamp of the membership, else when it was first seen. */
  joinedAt: Date;
  /** This team's races from the week's Sunday to its Saturday (site-zone days). */
  races: number;
}

/** Members of `tag` at the instant `at`, with their races for the team in the week starting `week`. */
export async function weekMembers(q: Queryable, tag: string, week: DayKey, at: Date): Promise<WeekMember[]> {
  const { rows } = await q.query<WeekMember>(
    `SELECT m.user_id AS "userId", r.username,
            COALESCE(NULLIF(r.display_name, ''), r.username) AS "displayName",
            COALESCE(m.join_stamp, m.first_seen) AS "joinedAt",
            COALESCE((SELECT SUM(d.races) FROM daily_rollups d
                       WHERE d.tag = m.tag AND d.user_id = m.user_id
                         AND d.day >= $2::date AND d.day <= $3::date), 0)::float8 AS races
       FROM memberships m JOIN racers r ON r.user_id = m.user_id
      WHERE m.tag = $1 AND COALESCE(m.join_stamp, m.first_seen) < $4 AND (m.left_at IS NULL OR m.left_at >= $4)
      ORDER BY r.username`,
    [tag, week, addDayKeys(week, 6), at],
  );
  return rows.map((r) => ({ ...r, userId: Number(r.userId), joinedAt: new Date(r.joinedAt), races: Number(r.races) }));
}

export interface AtRiskMember {
  userId: number;
  username: string;
  displayName: string;
  /** This week's requirement pro rata by the member's join day. */
  owed: number;
  /** Races for the team so far this week. */
  races: number;
}

export interface AtRiskWeek {
  tag: string;
  /** Sunday (YYYY-MM-DD) of the current site-zone week. */
  week: DayKey;
  /** The full weekly requirement; null when the team sets none (then nobody is at risk). */
  requirement: number | null;
  /** Days left in the week, today included (7 on Sunday, 1 on Saturday). */
  daysLeft: number;
  members: AtRiskMember[];
}

/**
 * This week's members at risk of a strike: current members of `tag` whose races so far this
 * week are below what they owe for it (pro rata by join day). Undefined for an unknown tag.
 */
export async function atRiskMembersThisWeek(
  q: Queryable,
  tag: string,
  now: Date,
  tz: string,
): Promise<AtRiskWeek | undefined> {
  const settings = await requirementSettings(q, tag);
  if (!settings) return undefined;
  const today = dayKeyOf(now, tz);
  const week = weekStartOf(today);
  const daysLeft = 7 - Math.round((Date.parse(today) - Date.parse(week)) / 86_400_000);
  const base = { tag, week, requirement: settings.requirement, daysLeft };
  if (settings.requirement === null) return { ...base, members: [] };
  const members: AtRiskMember[] = [];
  for (const m of await weekMembers(q, tag, week, now)) {
    const v = weekVerdict(week, settings.requirement, dayKeyOf(m.joinedAt, tz), m.races);
    if (v.met === false && v.owed !== null)
      members.push({
        userId: m.userId,
        username: m.username,
        displayName: m.displayName,
        owed: v.owed,
        races: m.races,
      });
  }
  return { ...base, members };
}

/**
 * Judges the last complete week of `tag` once: every member of the team when the week ended who
 * raced fewer than they owed gets a strike. Nothing happens before the week has settled, for a
 * week the team was not yet followed from its start, or when the week was judged already (by
 * an earlier poll, another process, or before a restart). Returns the strikes given, or null
 * when the week was not judged now.
 */
export async function judgeClosedWeek(db: Database, tag: string, now: Date, tz: string): Promise<number | null> {
  const week = judgedWeekOf(dayKeyOf(now, tz));
  const weekEnd = dayStart(addDayKeys(week, 7), tz);
  if (now.getTime() < weekEnd.getTime() + JUDGE_SETTLE_MS) return null;
  const { rows: done } = await db.query('SELECT 1 FROM requirement_weeks WHERE tag = $1 AND week_start = $2', [
    tag,
    week,
  ]);
  if (done.length > 0) return null;
  // A week that cannot be judged changes nothing: no data version bump (and no live update) for it.
  const { rows: followed } = await db.query<{ since: Date | null }>(
    'SELECT MIN(first_seen) AS since FROM memberships WHERE tag = $1',
    [tag],
  );
  const since = followed[0]?.since;
  if (!since || new Date(since).getTime() > dayStart(week, tz).getTime()) return null;
  // Another process may judge the same week meanwhile: the key lets only one transaction claim it.
  return publicChange(db, async (tx) => {
    const settings = await requirementSettings(tx, tag);
    if (!settings) return null;
    const { rows: claimed } = await tx.query(
      `INSERT INTO requirement_weeks (tag, week_start, requirement, judged_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (tag, week_start) DO NOTHING RETURNING tag`,
      [tag, week, settings.requirement, now],
    );
    if (claimed.length === 0) return null;
    let strikes = 0;
    for (const m of await weekMembers(tx, tag, week, weekEnd)) {
      const v = weekVerdict(week, settings.requirement, dayKeyOf(m.joinedAt, tz), m.races);
      if (v.met !== false || v.owed === null) continue;
      await tx.query(
        `INSERT INTO requirement_strikes (tag, week_start, user_id, owed, races) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT DO NOTHING`,
        [tag, week, m.userId, v.owed, Math.round(m.races)],
      );
      strikes++;
    }
    return strikes;
  });
}

/** Judges the last complete week of every tracked team (after a poll); the strikes given in all. */
export async function judgeClosedWeeks(db: Database, now: Date, tz: string): Promise<number> {
  const { rows } = await db.query<{ tag: string }>('SELECT tag FROM teams WHERE tracked ORDER BY tag');
  let given = 0;
  for (const { tag } of rows) given += (await judgeClosedWeek(db, tag, now, tz)) ?? 0;
  return given;
}

export interface StrikeRow {
  week: DayKey;
  userId: number;
  username: string;
  displayName: string;
  owed: number;
  races: number;
}

/** Every strike the team ever gave, newest week first, then username. */
export async function teamStrikes(q: Queryable, tag: string): Promise<StrikeRow[]> {
  const { rows } = await q.query<StrikeRow & { week: string | Date }>(
    `SELECT to_char(s.week_start, 'YYYY-MM-DD') AS week, s.user_id AS "userId", r.username,
            COALESCE(NULLIF(r.display_name, ''), r.username) AS "displayName", s.owed, s.races
       FROM requirement_strikes s JOIN racers r ON r.user_id = s.user_id
      WHERE s.tag = $1
      ORDER BY s.week_start DESC, r.username`,
    [tag],
  );
  return rows.map((r) => ({ ...r, week: String(r.week), userId: Number(r.userId) }));
}

/** The week each judged week of the team was judged with: which weeks are closed, newest first. */
export async function judgedWeeks(
  q: Queryable,
  tag: string,
): Promise<Array<{ week: DayKey; requirement: number | null }>> {
  const { rows } = await q.query<{ week: string; requirement: number | null }>(
    `SELECT to_char(week_start, 'YYYY-MM-DD') AS week, requirement FROM requirement_weeks
      WHERE tag = $1 ORDER BY week_start DESC`,
    [tag],
  );
  return rows;
}

export interface MemberVerdicts {
  /** The last complete week (Sunday), the one verdicts and strikes judge. */
  judgedWeek: DayKey;
  /** The current week (Sunday), shown as progress. */
  thisWeek: DayKey;
  requirement: number | null;
  byMember: Map<number, { judged: WeekVerdict; thisWeek: WeekVerdict }>;
}

/**
 * Every current member's weekly-requirement verdict for the last complete week and their progress
 * this week, both pro rata by the current membership's join day: what the roster and the Health
 * view both show. Undefined for an unknown tag.
 */
export async function memberVerdicts(
  q: Queryable,
  tag: string,
  now: Date,
  tz: string,
): Promise<MemberVerdicts | undefined> {
  const settings = await requirementSettings(q, tag);
  if (!settings) return undefined;
  const today = dayKeyOf(now, tz);
  const thisWeek = weekStartOf(today);
  const judgedWeek = judgedWeekOf(today);
  const { rows } = await q.query<{ userId: number; joinedAt: Date; judged: number; current: number }>(
    `SELECT m.user_id AS "userId", COALESCE(m.join_stamp, m.first_seen) AS "joinedAt",
            COALESCE(SUM(d.races) FILTER (WHERE d.day < $3::date), 0)::float8 AS judged,
            COALESCE(SUM(d.races) FILTER (WHERE d.day >= $3::date), 0)::float8 AS current
       FROM memberships m
       LEFT JOIN daily_rollups d ON d.tag = m.tag AND d.user_id = m.user_id AND d.day >= $2::date AND d.day <= $4::date
      WHERE m.tag = $1 AND m.left_at IS NULL
      GROUP BY m.user_id, m.join_stamp, m.first_seen`,
    [tag, judgedWeek, thisWeek, addDayKeys(thisWeek, 6)],
  );
  const byMember = new Map<number, { judged: WeekVerdict; thisWeek: WeekVerdict }>();
  for (const r of rows) {
    const joinDay = dayKeyOf(new Date(r.joinedAt), tz);
    byMember.set(Number(r.userId), {
      judged: weekVerdict(judgedWeek, settings.requirement, joinDay, Number(r.judged)),
      thisWeek: weekVerdict(thisWeek, settings.requirement, joinDay, Number(r.current)),
    });
  }
  return { judgedWeek, thisWeek, requirement: settings.requirement, byMember };
}

/** Strikes still counting this week per member of the team (expiry by the team's current setting). */
export async function activeStrikeCounts(
  q: Queryable,
  tag: string,
  thisWeek: DayKey,
  strikeWeeks: number,
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const s of await teamStrikes(q, tag))
    if (strikeActive(s.week, thisWeek, strikeWeeks)) counts.set(s.userId, (counts.get(s.userId) ?? 0) + 1);
  return counts;
}
