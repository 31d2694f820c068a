/** GET /api/site: site time zone, community chat link and freshness of the data. */
import { SiteResponse } from '../../../contract/site.js';
import type { RouteModule } from '../context.js';

const site: RouteModule = (app, { db, config }) => {
  app.get('/site', { schema: { tags: ['site'], response: { 200: SiteResponse } } }, async () => {
    const { rows } = await db.query<{ finished_at: Date | null }>(
      'SELECT max(finished_at) AS finished_at FROM collector_runs',
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
