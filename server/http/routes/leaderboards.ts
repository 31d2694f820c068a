/**
 * GET /api/team-leaderboard and GET /api/individual-leaderboard: the boards of any window of at
 * most 366 days, cached per (window, data version) with ETag / 304 by plugins/public-cache.ts (the
 * key names the window, however its times are written). The JSON comes ready-made from the
 * database (leaderboard-repo.ts); the contract's response schemas are checked by the tests.
 */
import type { FastifyRequest } from 'fastify';
import { ErrorResponse } from '../../../contract/common.js';
import {
  IndividualLeaderboardQuery,
  IndividualLeaderboardResponse,
  TeamLeaderboardQuery,
  TeamLeaderboardResponse,
} from '../../../contract/leaderboards.js';
import { individualLeaderboardJson, teamLeaderboardJson } from '../../db/leaderboards/leaderboard-repo.js';
import { windowFromApiTimes } from '../../../rules/periods.js';
import type { RouteModule } from '../context.js';
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

  app.get(
    '/team-leaderboard',
    {
      config: { cacheKey: windowKey },
      schema: {
        tags: ['leaderboards'],
        querystring: TeamLeaderboardQuery,
        response: { 200: TeamLeaderboardResponse, 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { start_time, end_time, showbot } = request.query;
      const parsed = windowFromApiTimes(start_time, end_time, tz);
      if (!parsed.ok) return reply.code(400).send({ error: parsed.error });
      const w = parsed.window;
      const showBots = showbot === 'TRUE';
      return sendJsonText(reply, await teamLeaderboardJson(db, w, { tz, now: now(), showBots }));
    },
  );

  app.get(
    '/individual-leaderboard',
    {
      config: { cacheKey: windowKey },
      schema: {
        tags: ['leaderboards'],
        querystring: IndividualLeaderboardQuery,
        response: { 200: IndividualLeaderboardResponse, 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const parsed = windowFromApiTimes(request.query.start_time, request.query.end_time, tz);
      if (!parsed.ok) return reply.code(400).send({ error: parsed.error });
      const w = parsed.window;
      return sendJsonText(reply, await individualLeaderboardJson(db, w, { tz, now: now() }));
    },
  );
};

export default leaderboards;
