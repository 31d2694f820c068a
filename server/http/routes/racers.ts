/**
 * GET /api/all-usernames, /api/racer-info and /api/racer-batches: the racer inspector's data.
 * A racer's batch history (up to ~50,000 batches a year) is cached per (query, data version) with
 * ETag / 304 by plugins/public-cache.ts; the contract's response schemas are checked by the tests.
 */
import {
  allUsernames as allUsernamesEndpoint,
  racerBatches,
  racerInfo as racerInfoEndpoint,
} from '../../../contract/racers.js';
import { allUsernames, findUserId, racerBatchColumnsJson, racerBatchRows, racerInfo } from '../../db/racer-repo.js';
import { dayKeyOf } from '../../../rules/site-time.js';
import type { RouteModule } from '../context.js';
import { sendJsonText } from '../response-cache.js';
import { route } from '../endpoint-route.js';

const notFound = (username: string) => ({ error: `Racer ${username} not found` });

const racers: RouteModule = (app, { db, config, now }) => {
  route(app, allUsernamesEndpoint, async () => ({ usernames: await allUsernames(db) }));

  route(app, racerInfoEndpoint, async (request, reply) => {
    const info = await racerInfo(db, request.query.username);
    if (!info) return reply.code(404).send(notFound(request.query.username));
    return info;
  });

  route(app, racerBatches, async (request, reply) => {
    const { username, format } = request.query;
    const userId = await findUserId(db, username);
    if (userId === null) return reply.code(404).send(notFound(username));
    const today = dayKeyOf(now(), config.siteTimezone);
    if (format === 'columns') return sendJsonText(reply, await racerBatchColumnsJson(db, userId, today));
    return { batches: await racerBatchRows(db, userId, config.siteTimezone, today) };
  });
};

export default racers;
