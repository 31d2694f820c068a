/** GET /api/free-agents: racers who left a tracked team in the last 14 days and are on none now (public). */
import { freeAgents } from '../../../contract/free-agents.js';
import { listFreeAgents } from '../../db/free-agents/free-agents-repo.js';
import { todayKey } from '../../../rules/site-time.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';

const freeAgentsRoutes: RouteModule = (app, { db, config, now }) => {
  route(app, freeAgents, async () => {
    const at = now();
    return listFreeAgents(db, at, todayKey(at, config.siteTimezone));
  });
};

export default freeAgentsRoutes;
