/**
 * GET /api/team-leaderboard and GET /api/individual-leaderboard: the boards of any window of at
 * most 366 days, cached per (window, data version) with ETag / 304 by plugins/public-cache.ts (the
 * key names the window, however its times are written). The JSON comes ready-made from the
 * database (leaderboard-repo.ts); the contract's response schemas are checked by the tests.
 */
import type { FastifyRequest } from 'fastify';
import { individualLeaderboard, teamLeaderboard } from '../../../contract/leaderboards.js';
import { individualLeaderboardJson, teamLeaderboardJson } from '../../db/leaderboards/leaderboard-repo.js';
import { windowFromApiTimes } from '../../../rules/periods.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';
import { sendJsonText } from '../response-cache.js';

const leaderboards: RouteModule = (app, { db, config, now }) => {
  const tz = config.siteTimezone;
  /** The cache key of a board request: its window, and whether bots show. */
  const windowKey = (request: FastifyRequest) => {
    const q = request.query as { start_time: string; end_time: string; showbot?: string };
    const parsed = windowFromApiTimes(q.start_time, q.end_time, tz);
    if (!parsed.ok) return null;
    return `${request.routeOptions.url}|${parsed.window.start.toISOString()}|${parsed.window.end.toISOString()}|${q.showbot === 'TRUE'}`;
  };

  route(app, teamLeaderboard, { config: { cacheKey: windowKey } }, async (request, reply) => {
    const { start_time, end_time, showbot } = request.query;
    const parsed = windowFromApiTimes(start_time, end_time, tz);
    if (!parsed.ok) return reply.code(400).send({ error: parsed.error });
    const showBots = showbot === 'TRUE';
    return sendJsonText(reply, await teamLeaderboardJson(db, parsed.window, { tz, now: now(), showBots }));
  });

  route(app, individualLeaderboard, { config: { cacheKey: windowKey } }, async (request, reply) => {
    const parsed = windowFromApiTimes(request.query.start_time, request.query.end_time, tz);
    if (!parsed.ok) return reply.code(400).send({ error: parsed.error });
    return sendJsonText(reply, await individualLeaderboardJson(db, parsed.window, { tz, now: now() }));
  });
};

export default leaderboards;
