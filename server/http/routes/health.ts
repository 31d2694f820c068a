/** GET /api/health: 200 when the database serves the app, 503 when not; never cached. */
import { health as healthEndpoint } from '../../../contract/health.js';
import { checkHealth } from '../../ops/health.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';

const health: RouteModule = (app, { db, now }) => {
  route(app, healthEndpoint, async (_request, reply) => {
    const result = await checkHealth(db, now());
    reply.header('Cache-Control', 'no-store');
    return reply.code(result.status === 'ok' ? 200 : 503).send(result);
  });
};

export default health;
