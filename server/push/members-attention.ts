/**
 * The roster health verdicts the push messages need, worked out as GET /api/roster-health does
 * (rules/roster-health.ts, the weekly requirement pro rata by join day from requirements-repo):
 * how many of a team's current members need attention (the members at risk of missing this
 * week's requirement come from requirements-repo's `atRiskMembersThisWeek`).
 */
import { attentionReasons, daysBetween, meets, requirementOf } from '../../rules/roster-health.js';
import { addDayKeys, dayKeyOf, weekStartOf } from '../../rules/site-time.js';
import type { Queryable } from '../db/database.js';
import { memberVerdicts } from '../db/requirements-repo.js';
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
