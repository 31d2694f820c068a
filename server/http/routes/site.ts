/** GET /api/site: site time zone, community chat link and freshness of the data. */
import { site as siteEndpoint } from '../../../contract/site.js';
import { lastSuccessfulPollAt } from '../../db/collector-runs-repo.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';

const site: RouteModule = (app, { db, config }) => {
  route(app, siteEndpoint, async () => {
    const lastPoll = await lastSuccessfulPollAt(db);
    return {
      timezone: config.siteTimezone,
      chatUrl: config.siteChatUrl ?? null,
      lastPollAt: lastPoll ? lastPoll.toISOString() : null,
      demo: config.demo,
    };
  });
};

export default site;
