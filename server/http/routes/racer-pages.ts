/**
 * GET /api/racer-bests?username (personal bests and lifetime-race milestones) and
 * GET /api/racer-compare?a&b&from&to (two racers per site-zone day over one range), read from
 * daily_rollups and batches; cached per query and data version with ETag / 304 (plugins/public-cache.ts).
 */
import {
  COMPARE_MAX_DAYS,
  racerBests,
  racerCompare,
  type CompareRacer,
  type PersonalBest,
} from '../../../contract/racer-pages.js';
import { fastestBatch, findRacer, latestLifetimeRaces, racerDays, type RacerName } from '../../db/racer-pages-repo.js';
import {
  dayBests,
  fastestBatchBest,
  milestoneAfter,
  milestonesPassed,
  type DaySums,
} from '../../../rules/racer-bests.js';
import { addDayKeys, isDayKey, type DayKey } from '../../../rules/site-time.js';
import { accuracy, sumTotals, windowStats, wpm } from '../../../rules/stats.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';

const notFound = (username: string) => ({ error: `Racer ${username} not found` });

/** Every day from `from` to `to`, both included. */
function daysBetween(from: DayKey, to: DayKey): DayKey[] {
  const out: DayKey[] = [];
  for (let d = from; d <= to; d = addDayKeys(d, 1)) out.push(d);
  return out;
}

function compareRacer(racer: RacerName, days: readonly DayKey[], sums: readonly DaySums[]): CompareRacer {
  const byDay = new Map(sums.map((s) => [s.day, s]));
  const at = days.map((d) => byDay.get(d));
  const total = windowStats(sumTotals(sums));
  return {
    username: racer.username,
    displayName: racer.displayName,
    races: at.map((s) => s?.races ?? 0),
    wpm: at.map((s) => (s ? wpm(s.typed, s.secs) : null)),
    accuracy: at.map((s) => (s ? accuracy(s.typed, s.errs) : null)),
    totals: { ...total, activeDays: sums.filter((s) => s.races > 0).length },
  };
}

const racerPages: RouteModule = (app, { db, config }) => {
  const tz = config.siteTimezone;

  route(app, racerBests, async (request, reply) => {
    const racer = await findRacer(db, request.query.username);
    if (!racer) return reply.code(404).send(notFound(request.query.username));
    // On PostgreSQL the three reads run side by side; PGlite takes them one after another.
    const [days, fastest, lifetime] = await Promise.all([
      racerDays(db, racer.userId),
      fastestBatch(db, racer.userId, tz),
      latestLifetimeRaces(db, racer.userId),
    ]);
    const bests: PersonalBest[] = [...(fastest ? [fastestBatchBest(fastest)] : []), ...dayBests(days)];
    const milestones = lifetime === null ? [] : milestonesPassed(lifetime, days);
    return {
      username: racer.username,
      bests,
      lifetimeRaces: lifetime,
      milestones,
      nextMilestone: lifetime === null ? null : milestoneAfter(lifetime),
    };
  });

  route(app, racerCompare, async (request, reply) => {
    const { a, b, from, to } = request.query;
    if (!isDayKey(from)) return reply.code(400).send({ error: `from: ${from} is not a calendar day` });
    if (!isDayKey(to)) return reply.code(400).send({ error: `to: ${to} is not a calendar day` });
    if (from > to) return reply.code(400).send({ error: 'from must not be after to' });
    if (addDayKeys(from, COMPARE_MAX_DAYS - 1) < to) {
      return reply.code(400).send({ error: `The date range is longer than ${COMPARE_MAX_DAYS} days` });
    }
    const racerA = await findRacer(db, a);
    if (!racerA) return reply.code(404).send(notFound(a));
    const racerB = await findRacer(db, b);
    if (!racerB) return reply.code(404).send(notFound(b));
    const days = daysBetween(from, to);
    return {
      from,
      to,
      days,
      a: compareRacer(racerA, days, await racerDays(db, racerA.userId, from, to)),
      b: compareRacer(racerB, days, await racerDays(db, racerB.userId, from, to)),
    };
  });
};

export default racerPages;
