/** The Activity screen's calls: hourly, daily and weekly races of a team, and its team stats. */
import {
  DAILY_RACES_DAYS,
  HOURLY_RACES_HOURS,
  TEAM_STATS_HOURS,
  TOP_RACER_7D_HOURS,
  WEEKLY_RACES_WEEKS,
  dailyRaces,
  hourlyRaces,
  teamStats,
  weeklyRaces,
  type TopRacer,
} from '../../../contract/activity.js';
import { hourBuckets, recentDays, recentWeeks, rollingWindow } from '../../../rules/activity-windows.js';
import { addDayKeys, weekStartOf } from '../../../rules/site-time.js';
import { sumTotals, windowStats } from '../../../rules/stats.js';
import { dailyTeamRaces, hourlyRacerRaces, teamExists } from '../../db/team/activity-repo.js';
import { racerTotals, type RacerTotals } from '../../db/team/window-totals.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';

/** The racer with the most races (rows come sorted by races, then username); flagged ones only when shown. */
function topOf(rows: RacerTotals[], showBots: boolean): TopRacer | null {
  const r = rows.find((x) => showBots || !x.bot);
  return r ? { username: r.username, CurrentDisplayName: r.displayName, races: r.races } : null;
}

const activity: RouteModule = (app, { db, config, now }) => {
  const tz = config.siteTimezone;

  route(app, hourlyRaces, async (request) => {
    const hours = hourBuckets(now(), HOURLY_RACES_HOURS);
    const rows = await hourlyRacerRaces(db, request.query.tag, hours[0], hours[hours.length - 1]);
    return rows.map((r) => ({
      hour: r.hour.toISOString(),
      racer: r.displayName,
      username: r.username,
      races: r.races,
      bot: r.bot ? (1 as const) : (0 as const),
    }));
  });

  route(app, dailyRaces, async (request) => {
    const days = recentDays(now(), tz, DAILY_RACES_DAYS);
    const races = await dailyTeamRaces(db, request.query.tag, days[0], days[days.length - 1]);
    return days.map((date) => ({ date, total_races: races.get(date) ?? 0 }));
  });

  route(app, weeklyRaces, async (request) => {
    const weeks = recentWeeks(now(), tz, WEEKLY_RACES_WEEKS);
    const races = await dailyTeamRaces(db, request.query.tag, weeks[0], addDayKeys(weeks[weeks.length - 1], 6));
    const perWeek = new Map<string, number>();
    for (const [day, n] of races) perWeek.set(weekStartOf(day), (perWeek.get(weekStartOf(day)) ?? 0) + n);
    return weeks.map((date) => ({ date, total_races: perWeek.get(date) ?? 0 }));
  });

  route(app, teamStats, async (request, reply) => {
    const { tag } = request.query;
    const showBots = request.query.showbot === 'TRUE';
    if (!(await teamExists(db, tag))) return reply.code(404).send({ error: `Team ${tag} is not tracked` });
    const at = now();
    const day = await racerTotals(db, tag, rollingWindow(at, TEAM_STATS_HOURS));
    const week = await racerTotals(db, tag, rollingWindow(at, TOP_RACER_7D_HOURS));
    const stats = windowStats(sumTotals(day));
    return {
      races: stats.races,
      avg_wpm: stats.wpm,
      accuracy: stats.accuracy,
      active_members: day.length,
      top_racer: topOf(day, showBots),
      top_racer_7d: topOf(week, showBots),
    };
  });
};

export default activity;
