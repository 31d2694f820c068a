/**
 * GET /api/hall-of-fame?period&page (the winners of closed days, weeks and months, newest first,
 * each marked partial when tracking began after it began, and the all-time records) and GET /api/racer-awards?username (the titles a racer won). Both read
 * the Hall of Fame kept per data version and site day (hall-of-fame-repo.ts); public, cached by
 * plugins/public-cache.ts.
 */
import { HALL_PAGE_SIZE, hallOfFame, racerAwards, type RacerAward } from '../../../contract/hall-of-fame.js';
import { hallOfFame as readHall } from '../../db/hall-of-fame/hall-of-fame-repo.js';
import { dayStart, todayKey } from '../../../rules/site-time.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';

const hallOfFameRoutes: RouteModule = (app, { db, config, now }) => {
  const tz = config.siteTimezone;

  route(app, hallOfFame, async (request) => {
    const period = request.query.period ?? 'day';
    const page = request.query.page ?? 1;
    const hall = await readHall(db, todayKey(now(), tz));
    const all = hall.periods[period];
    const size = HALL_PAGE_SIZE[period];
    return {
      period,
      page,
      pages: Math.ceil(all.length / size),
      periods: all.slice((page - 1) * size, page * size).map(({ start, end, racer, team }) => ({
        start,
        end,
        racer,
        team,
        partial: hall.trackedSince !== null && hall.trackedSince > dayStart(start, tz),
      })),
      records: hall.records,
    };
  });

  route(app, racerAwards, async (request) => {
    const username = request.query.username.toLowerCase();
    const hall = await readHall(db, todayKey(now(), tz));
    const awards: RacerAward[] = [];
    const mine = (r: { Username: string } | null) => r !== null && r.Username.toLowerCase() === username;
    for (const [name, r] of Object.entries(hall.records) as Array<
      [RacerAward['kind'], (typeof hall.records)['mostRacesDay']]
    >) {
      if (r && mine(r))
        awards.push({
          kind: name,
          start: r.start,
          end: r.end,
          Races: r.Races,
          Accuracy: r.Accuracy,
          WPM: r.WPM,
          Points: r.Points,
        });
    }
    for (const kind of ['month', 'week', 'day'] as const) {
      for (const p of hall.periods[kind]) {
        if (p.racer && mine(p.racer)) {
          const { Races, Accuracy, WPM, Points } = p.racer;
          awards.push({ kind, start: p.start, end: p.end, Races, Accuracy, WPM, Points });
        }
      }
    }
    return { awards };
  });
};

export default hallOfFameRoutes;
