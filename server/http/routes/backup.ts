/**
 * GET /api/admin/backup: a consistent copy of the embedded database (PGlite) as a gzipped tar of
 * its data directory, streamed while the database goes on answering (db/pglite-backup.ts), for `npm run backup` (backup token from the data directory) or a logged-in
 * admin. On PostgreSQL it answers 409: back that up with pg_dump.
 */
import { pipeline, Transform } from 'node:stream';
import { BACKUP_TOKEN_HEADER, backup as backupEndpoint } from '../../../contract/backup.js';
import { backupTokenMatches } from '../../ops/backup-token.js';
import { backupFileName } from '../../ops/backup-name.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';

const backup: RouteModule = (app, { db, config, now }) => {
  route(
    app,
    backupEndpoint,
    {
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
      let bytes = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      // Streamed as it is read: the server never holds the whole archive, and the client sees a
      // failure midway as a broken download, never as a short file that looks whole.
      pipeline(await db.dumpDataDir(), counted, (err) => {
        const ms = Math.round(performance.now() - started);
        if (err) request.log.warn({ err, bytes, ms }, 'database backup not completed');
        else request.log.info({ bytes, ms }, 'database backup taken');
      });
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `attachment; filename="${backupFileName(now())}"`)
        .type('application/gzip')
        .send(counted);
    },
  );
};

export default backup;
