/**
 * GET /api/roster-health?tag and GET /api/membership-log?tag: the team's Health view. Both are
 * cached by plugins/public-cache.ts with ETag / 304: the log per data version (it scans the team's
 * batches for name changes), the health table per minute as well (it reads today's site-zone day).
 */
import {
  membershipLog as membershipLogEndpoint,
  rosterHealth as rosterHealthEndpoint,
  type MembershipEvent,
  type MembershipEventKind,
  type RosterHealthRow,
} from '../../../contract/roster-health.js';
import { attentionReasons, daysBetween, meets, requirementOf } from '../../../rules/roster-health.js';
import { addDayKeys, dayKeyOf, formatSiteDateTime, weekStartOf } from '../../../rules/site-time.js';
import { activeStrikeCounts, memberVerdicts, requirementSettings } from '../../db/requirements-repo.js';
import { memberActivity, membershipPeriods, nameChanges, teamRequirements } from '../../db/team/health-repo.js';
import { teamMembers } from '../../db/team/roster-repo.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';

/** Same-instant events read in the order they happened: a leave ends a period before a rejoin starts it again. */
const KIND_ORDER: Record<MembershipEventKind, number> = {
  leave: 0,
  name: 1,
  rejoin: 2,
  join: 3,
};

const rosterHealth: RouteModule = (app, { db, config, now }) => {
  const tz = config.siteTimezone;
  const notTracked = (tag: string) => ({ error: `Team ${tag} is not tracked` });

  route(app, rosterHealthEndpoint, async (request, reply) => {
    const { tag } = request.query;
    const team = await teamRequirements(db, tag);
    if (!team) return reply.code(404).send(notTracked(tag));
    const today = dayKeyOf(now(), tz);
    return healthOf(tag, team, today);
  });

  async function healthOf(
    tag: string,
    team: {
      minRaces: number | null;
      minSpeed: number | null;
      weekly: number | null;
    },
    today: string,
  ) {
    const weekStart = weekStartOf(today);
    const members = await teamMembers(db, tag);
    const lastWeek = addDayKeys(weekStart, -7);
    const activity = new Map((await memberActivity(db, tag, lastWeek, weekStart)).map((a) => [a.userId, a]));
    const settings = (await requirementSettings(db, tag))!;
    const verdicts = (await memberVerdicts(db, tag, now(), tz))!;
    const strikes = await activeStrikeCounts(db, tag, weekStart, settings.strikeWeeks);
    const minRaces = requirementOf(team.minRaces);
    const minSpeed = requirementOf(team.minSpeed);
    const weekly = settings.requirement;
    return {
      Tag: tag,
      MinRaces: minRaces,
      MinSpeed: minSpeed,
      WeeklyRequirement: weekly,
      WeekStart: weekStart,
      JudgedWeek: verdicts.judgedWeek,
      StrikeWeeks: settings.strikeWeeks,
      Today: today,
      members: members.map((m): RosterHealthRow => {
        const a = activity.get(m.userId);
        const lastRace = a?.lastRace ?? null;
        const racesLastWeek = a?.racesLastWeek ?? 0;
        const v = verdicts.byMember.get(m.userId);
        const facts = {
          gameStatus: m.gameStatus,
          daysSinceLastRace: lastRace ? daysBetween(dayKeyOf(lastRace, tz), today) : null,
          meetsMinRaces: meets(m.racesPlayed, minRaces),
          meetsMinSpeed: meets(m.avgSpeed, minSpeed),
          meetsWeekly: v?.judged.met ?? null,
        };
        return {
          UserID: m.userId,
          Username: m.username,
          CurrentDisplayName: m.displayName,
          Joined: m.joinStamp ? formatSiteDateTime(m.joinStamp, tz) : null,
          LastRace: lastRace ? formatSiteDateTime(lastRace, tz) : null,
          DaysSinceLastRace: facts.daysSinceLastRace,
          RacesThisWeek: a?.racesThisWeek ?? 0,
          RacesLastWeek: racesLastWeek,
          LifetimeRaces: m.racesPlayed,
          AvgWPM: m.avgSpeed,
          MeetsMinRaces: facts.meetsMinRaces,
          MeetsMinSpeed: facts.meetsMinSpeed,
          MeetsWeekly: facts.meetsWeekly,
          OwedLastWeek: v?.judged.owed ?? null,
          OwedThisWeek: v?.thisWeek.owed ?? null,
          AtRisk: v && v.thisWeek.met !== null ? !v.thisWeek.met : null,
          Strikes: strikes.get(m.userId) ?? 0,
          GameStatus: m.gameStatus,
          bot: m.bot ? 1 : 0,
          Attention: attentionReasons(facts),
        };
      }),
    };
  }

  route(app, membershipLogEndpoint, async (request, reply) => {
    const { tag } = request.query;
    if (!(await teamRequirements(db, tag))) return reply.code(404).send(notTracked(tag));
    return membershipLog(tag);
  });

  async function membershipLog(tag: string) {
    const events: Array<MembershipEvent & { instant: number }> = [];
    const base = (userId: number, username: string, displayName: string, at: Date) => ({
      instant: at.getTime(),
      At: formatSiteDateTime(at, tz),
      UserID: userId,
      Username: username,
      CurrentDisplayName: displayName,
    });
    for (const p of await membershipPeriods(db, tag)) {
      events.push({
        ...base(p.userId, p.username, p.displayName, p.joinedAt),
        Kind: p.rejoin ? 'rejoin' : 'join',
        From: null,
        To: null,
      });
      if (p.leftAt)
        events.push({
          ...base(p.userId, p.username, p.displayName, p.leftAt),
          Kind: 'leave',
          From: null,
          To: null,
        });
    }
    for (const c of await nameChanges(db, tag)) {
      events.push({
        ...base(c.userId, c.username, c.displayName, c.at),
        Kind: 'name',
        From: c.from,
        To: c.to,
      });
    }
    events.sort(
      (x, y) =>
        y.instant - x.instant || KIND_ORDER[x.Kind] - KIND_ORDER[y.Kind] || x.Username.localeCompare(y.Username),
    );
    return events.map(({ instant: _instant, ...e }) => e);
  }
};

export default rosterHealth;
