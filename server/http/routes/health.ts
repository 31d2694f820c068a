/** GET /api/health: 200 when the database serves the app, 503 when not; never cached. */
import { HealthResponse } from '../../../contract/health.js';
import { checkHealth } from '../../ops/health.js';
import type { RouteModule } from '../context.js';

const health: RouteModule = (app, { db, now }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Health for uptime monitors: database, migrations, last successful poll, version',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (_request, reply) => {
      const result = await checkHealth(db, now());
      reply.header('Cache-Control', 'no-store');
      return reply.code(result.status === 'ok' ? 200 : 503).send(result);
    },
  );
};

export default health;
