/** GET /api/site: site time zone, community chat link and freshness of the data. */
import { site as siteEndpoint } from '../../../contract/site.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';

const site: RouteModule = (app, { db, config }) => {
  route(app, siteEndpoint, async () => {
    const { rows } = await db.query<{ finished_at: Date | null }>(
      // A run in which every team failed brought no data: it does not make the data fresher.
      'SELECT max(finished_at) AS finished_at FROM collector_runs WHERE teams_ok > 0',
    );
    return {
      timezone: config.siteTimezone,
      chatUrl: config.siteChatUrl ?? null,
      lastPollAt: rows[0]?.finished_at ? rows[0].finished_at.toISOString() : null,
      demo: config.demo,
    };
  });
};

export default site;
