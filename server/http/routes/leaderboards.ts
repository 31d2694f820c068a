/**
 * GET /api/team-leaderboard, GET /api/individual-leaderboard (the whole list, or one page ranked
 * by the server when `page` is given) and GET /api/individual-leaderboard/rank: the boards of any
 * window of at most 366 days, cached per (request, data version) with ETag / 304 by
 * plugins/public-cache.ts (the key names the window, however its times are written, and the
 * validated parameters with their defaults). The JSON comes ready-made from the database layer
 * (leaderboard-repo.ts, ranked-board.ts); the contract's response schemas are checked by the tests.
 */
import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_PAGE_SIZE,
  individualLeaderboard,
  individualRank,
  RANK_PAGE_SIZE,
  teamLeaderboard,
  type IndividualSortKey,
  type SortDirection,
} from '../../../contract/leaderboards.js';
import { individualBoard, teamLeaderboardJson } from '../../db/leaderboards/leaderboard-repo.js';
import { pageJson, rankJson, wholeListJson } from '../../db/leaderboards/ranked-board.js';
import { windowFromApiTimes } from '../../../rules/periods.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';
import { sendJsonText } from '../response-cache.js';

/** A board request's parameters as validated (contract/leaderboards.ts). */
interface BoardQuery {
  start_time: string;
  end_time: string;
  showbot?: 'TRUE' | 'FALSE';
  page?: number;
  pageSize?: number;
  sort?: IndividualSortKey;
  dir?: SortDirection;
  team?: string;
  username?: string;
  radius?: number;
}

const DEFAULT_RADIUS = 2;

const leaderboards: RouteModule = (app, { db, config, now }) => {
  const tz = config.siteTimezone;
  /**
   * The cache key of a board request: its window, whether bots count, and what shapes the answer
   * (page, size, sort, direction and team of a page; racer and radius of a rank), defaults filled in.
   */
  const boardKey = (request: FastifyRequest) => {
    const q = request.query as BoardQuery;
    const parsed = windowFromApiTimes(q.start_time, q.end_time, tz);
    if (!parsed.ok) return null;
    const { start, end } = parsed.window;
    const base = `${request.routeOptions.url}|${start.toISOString()}|${end.toISOString()}|${q.showbot === 'TRUE'}`;
    if (q.username !== undefined) return `${base}|${q.username.toLowerCase()}|${q.radius ?? DEFAULT_RADIUS}`;
    if (q.page === undefined) return base;
    return `${base}|${q.page}|${q.pageSize ?? DEFAULT_PAGE_SIZE}|${q.sort ?? 'Points'}|${q.dir ?? 'desc'}|${q.team ?? ''}`;
  };

  route(app, teamLeaderboard, { config: { cacheKey: boardKey } }, async (request, reply) => {
    const { start_time, end_time, showbot } = request.query;
    const parsed = windowFromApiTimes(start_time, end_time, tz);
    if (!parsed.ok) return reply.code(400).send({ error: parsed.error });
    const showBots = showbot === 'TRUE';
    return sendJsonText(reply, await teamLeaderboardJson(db, parsed.window, { tz, now: now(), showBots }));
  });

  route(app, individualLeaderboard, { config: { cacheKey: boardKey } }, async (request, reply) => {
    const q = request.query;
    const parsed = windowFromApiTimes(q.start_time, q.end_time, tz);
    if (!parsed.ok) return reply.code(400).send({ error: parsed.error });
    const board = await individualBoard(db, parsed.window, { tz, now: now(), showBots: q.showbot === 'TRUE' });
    if (q.page === undefined) return sendJsonText(reply, wholeListJson(board));
    const request_ = {
      page: q.page,
      pageSize: q.pageSize ?? DEFAULT_PAGE_SIZE,
      sort: q.sort ?? 'Points',
      dir: q.dir ?? 'desc',
    };
    return sendJsonText(reply, pageJson(board, { ...request_, team: q.team }));
  });

  route(app, individualRank, { config: { cacheKey: boardKey } }, async (request, reply) => {
    const q = request.query;
    const parsed = windowFromApiTimes(q.start_time, q.end_time, tz);
    if (!parsed.ok) return reply.code(400).send({ error: parsed.error });
    const board = await individualBoard(db, parsed.window, { tz, now: now(), showBots: q.showbot === 'TRUE' });
    const json = rankJson(board, q.username, q.radius ?? DEFAULT_RADIUS, RANK_PAGE_SIZE);
    if (json === null) return reply.code(404).send({ error: `${q.username} has no races on this board` });
    return sendJsonText(reply, json);
  });
};

export default leaderboards;
