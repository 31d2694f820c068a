/** GET /api/daily-participants and GET /api/weekly-participants: the Trackers screen's tables. */
import { dailyParticipants, weeklyParticipants, type TrackerParticipant } from '../../../contract/trackers.js';
import { addDayKeys, dayKeyOf, isDayKey, weekStartOf, type DayKey } from '../../../rules/site-time.js';
import { windowStats } from '../../../rules/stats.js';
import { participantsBetween } from '../../db/team/participants-repo.js';
import type { Queryable } from '../../db/database.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';

/** A real calendar day in the range the calendar helpers handle. */
function validDay(d: string): boolean {
  return isDayKey(d) && d >= '1970-01-01' && d <= '2999-12-31';
}

async function participantsResponse(q: Queryable, tag: string, from: DayKey, to: DayKey) {
  const rows = await participantsBetween(q, tag, from, to);
  return {
    start: `${from} 00:00:00`,
    end: `${to} 23:59:59`,
    participants: rows.map((r): TrackerParticipant => {
      const s = windowStats(r);
      return {
        UserID: r.userId,
        Username: r.username,
        CurrentDisplayName: r.displayName,
        TeamTag: tag,
        Squad: r.squad ?? '',
        SquadName: r.customName,
        TotalRaces: s.races,
        WPM: s.wpm,
        Accuracy: s.accuracy,
        Points: s.points,
        bot: r.bot ? 1 : 0,
      };
    }),
  };
}

const trackers: RouteModule = (app, { db, config, now }) => {
  const tz = config.siteTimezone;

  route(app, dailyParticipants, async (request, reply) => {
    const day = request.query.date ?? dayKeyOf(now(), tz);
    if (!validDay(day)) return reply.code(400).send({ error: `date: ${day} is not a calendar day` });
    return participantsResponse(db, request.query.tag, day, day);
  });

  route(app, weeklyParticipants, async (request, reply) => {
    const day = request.query.week ?? dayKeyOf(now(), tz);
    if (!validDay(day)) return reply.code(400).send({ error: `week: ${day} is not a calendar day` });
    const sunday = weekStartOf(day);
    return participantsResponse(db, request.query.tag, sunday, addDayKeys(sunday, 6));
  });
};

export default trackers;
