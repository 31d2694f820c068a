/**
 * GET /api/admin/backup: a consistent copy of the embedded database (PGlite) as a gzipped tar of
 * its data directory, for `npm run backup` (backup token from the data directory) or a logged-in
 * admin. On PostgreSQL it answers 409: back that up with pg_dump.
 */
import { z } from 'zod';
import { ErrorResponse } from '../../../contract/common.js';
import { BACKUP_TOKEN_HEADER, backupTokenMatches } from '../../ops/backup-token.js';
import { backupFileName } from '../../ops/backup-name.js';
import type { RouteModule } from '../context.js';

const backup: RouteModule = (app, { db, config, now }) => {
  app.get(
    '/admin/backup',
    {
      schema: {
        tags: ['operations'],
        summary: 'Download a consistent copy of the embedded database (gzipped tar of its data directory)',
        description: `Authorized by the ${BACKUP_TOKEN_HEADER} header (the token in the data directory) or an admin session.`,
        response: {
          200: z.instanceof(Buffer).describe('application/gzip: a tar of the PGlite data directory'),
          401: ErrorResponse,
          403: ErrorResponse,
          409: ErrorResponse,
        },
      },
      onRequest: async (request, reply) => {
        const header = request.headers[BACKUP_TOKEN_HEADER];
        if (typeof header === 'string' && header) {
          if (!backupTokenMatches(config.dataDir, header)) return reply.code(403).send({ error: 'Wrong backup token' });
          return;
        }
        if (!request.user) return reply.code(401).send({ error: 'Login required' });
        if (request.user.role !== 'admin') return reply.code(403).send({ error: 'Admin access required' });
      },
    },
    async (request, reply) => {
      if (!db.dumpDataDir) {
        return reply.code(409).send({ error: 'The database is PostgreSQL: back it up with pg_dump (see the README)' });
      }
      const started = performance.now();
      const archive = Buffer.from(await (await db.dumpDataDir()).arrayBuffer());
      request.log.info({ bytes: archive.length, ms: Math.round(performance.now() - started) }, 'database backup taken');
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `attachment; filename="${backupFileName(now())}"`)
        .type('application/gzip')
        .send(archive);
    },
  );
};

export default backup;
