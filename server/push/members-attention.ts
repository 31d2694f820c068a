/**
 * The roster health verdicts the push messages need, worked out as GET /api/roster-health does
 * (rules/roster-health.ts, the weekly requirement pro rata by join day from requirements-repo):
 * how many of a team's current members need attention, and whether one member is at risk of
 * missing this week's requirement.
 */
import { attentionReasons, daysBetween, meets, requirementOf } from '../../rules/roster-health.js';
import { addDayKeys, dayKeyOf, weekStartOf, type DayKey } from '../../rules/site-time.js';
import type { Queryable } from '../db/database.js';
import { atRiskMembersThisWeek, memberVerdicts } from '../db/requirements-repo.js';
import { memberActivity, teamRequirements } from '../db/team/health-repo.js';
import { teamMembers } from '../db/team/roster-repo.js';

/** Current members of `tag` with at least one reason for attention (0 for an unknown team). */
export async function membersNeedingAttention(q: Queryable, tag: string, now: Date, tz: string): Promise<number> {
  const team = await teamRequirements(q, tag);
  const verdicts = await memberVerdicts(q, tag, now, tz);
  if (!team || !verdicts) return 0;
  const today = dayKeyOf(now, tz);
  const weekStart = weekStartOf(today);
  const activity = new Map(
    (await memberActivity(q, tag, addDayKeys(weekStart, -7), weekStart)).map((a) => [a.userId, a]),
  );
  let count = 0;
  for (const m of await teamMembers(q, tag)) {
    const a = activity.get(m.userId);
    const reasons = attentionReasons({
      gameStatus: m.gameStatus,
      daysSinceLastRace: a?.lastRace ? daysBetween(dayKeyOf(a.lastRace, tz), today) : null,
      meetsMinRaces: meets(m.racesPlayed, requirementOf(team.minRaces)),
      meetsMinSpeed: meets(m.avgSpeed, requirementOf(team.minSpeed)),
      meetsWeekly: verdicts.byMember.get(m.userId)?.judged.met ?? null,
    });
    if (reasons.length > 0) count++;
  }
  return count;
}

/** The member's races this week and what they owe (pro rata), when short of it; null otherwise. */
export async function weeklyShortfall(
  q: Queryable,
  tag: string,
  userId: number,
  now: Date,
  tz: string,
): Promise<{ week: DayKey; races: number; owed: number } | null> {
  const risk = await atRiskMembersThisWeek(q, tag, now, tz);
  const mine = risk?.members.find((m) => m.userId === userId);
  return risk && mine ? { week: risk.week, races: mine.races, owed: mine.owed } : null;
}
