/**
 * GET /api/team-leaderboard and GET /api/individual-leaderboard: the boards of any window of at
 * most 366 days, cached per (window, data version) with ETag / 304. The JSON comes ready-made from
 * the database (leaderboard-repo.ts); the contract's response schemas are checked by the tests.
 */
import { individualLeaderboard, teamLeaderboard } from '../../../contract/leaderboards.js';
import { individualLeaderboardJson, teamLeaderboardJson } from '../../db/leaderboards/leaderboard-repo.js';
import { windowFromApiTimes } from '../../../rules/periods.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';
import { ResponseCache } from '../response-cache.js';

const leaderboards: RouteModule = (app, { db, config, now }) => {
  const cache = new ResponseCache(db);
  app.addHook('onClose', async () => cache.close());
  const tz = config.siteTimezone;

  route(app, teamLeaderboard, async (request, reply) => {
    const { start_time, end_time, showbot } = request.query;
    const parsed = windowFromApiTimes(start_time, end_time, tz);
    if (!parsed.ok) return reply.code(400).send({ error: parsed.error });
    const w = parsed.window;
    const showBots = showbot === 'TRUE';
    const key = `team|${w.start.toISOString()}|${w.end.toISOString()}|${showBots}`;
    return cache.sendJson(request, reply, key, () => teamLeaderboardJson(db, w, { tz, now: now(), showBots }));
  });

  route(app, individualLeaderboard, async (request, reply) => {
    const parsed = windowFromApiTimes(request.query.start_time, request.query.end_time, tz);
    if (!parsed.ok) return reply.code(400).send({ error: parsed.error });
    const w = parsed.window;
    const key = `individual|${w.start.toISOString()}|${w.end.toISOString()}`;
    return cache.sendJson(request, reply, key, () => individualLeaderboardJson(db, w, { tz, now: now() }));
  });
};

export default leaderboards;
