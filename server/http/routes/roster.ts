/** GET /api/current-display-names?tag (team roster with squads) and GET /api/member-data-latest. */
import {
  RECENT_RACES_HOURS,
  latestMembers,
  teamRoster,
  type MemberLatest,
  type RosterMember,
} from '../../../contract/roster.js';
import { rollingWindow } from '../../../rules/activity-windows.js';
import { formatSiteDateTime } from '../../../rules/site-time.js';
import { judgedWeekOf } from '../../../rules/weekly-requirement.js';
import { dayKeyOf } from '../../../rules/site-time.js';
import { memberVerdicts } from '../../db/requirements-repo.js';
import { teamMembers, trackedMembers, type MemberRow } from '../../db/team/roster-repo.js';
import { racerTotals } from '../../db/team/window-totals.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';

function memberFields(m: MemberRow, tz: string) {
  return {
    UserID: m.userId,
    Username: m.username,
    CurrentDisplayName: m.displayName,
    Role: m.role,
    Joined: m.joinStamp ? formatSiteDateTime(m.joinStamp, tz) : null,
    TeamRaces: m.played,
    LifetimeRaces: m.racesPlayed,
    AvgWPM: m.avgSpeed,
    TopWPM: m.highestSpeed,
    bot: m.bot ? (1 as const) : (0 as const),
    GameStatus: m.gameStatus,
  };
}

const roster: RouteModule = (app, { db, config, now }) => {
  const tz = config.siteTimezone;

  route(app, teamRoster, async (request) => {
    const { tag } = request.query;
    const members = await teamMembers(db, tag);
    const at = now();
    const verdicts = await memberVerdicts(db, tag, at, tz);
    const judgedWeek = verdicts?.judgedWeek ?? judgedWeekOf(dayKeyOf(at, tz));
    const recent = await racerTotals(db, tag, rollingWindow(at, RECENT_RACES_HOURS));
    const recentRaces = new Map(recent.map((r) => [r.userId, r.races]));
    return members.map((m): RosterMember => {
      const races = recentRaces.get(m.userId) ?? 0;
      const v = verdicts?.byMember.get(m.userId)?.judged;
      return {
        ...memberFields(m, tz),
        Tag: m.tag,
        squad: m.squad ?? '',
        SquadName: m.customName,
        RacesLast7Days: races,
        RequirementWeek: judgedWeek,
        RacesRequirementWeek: v?.races ?? 0,
        WeeklyOwed: v?.owed ?? null,
        MeetsWeeklyRequirement: v?.met ?? null,
      };
    });
  });

  route(app, latestMembers, async () =>
    (await trackedMembers(db)).map((m): MemberLatest => ({
      ...memberFields(m, tz),
      TeamTag: m.tag,
      SnapshotAt: m.takenAt ? formatSiteDateTime(m.takenAt, tz) : null,
    })),
  );
};

export default roster;
