/**
 * GET /api/admin/backup: a consistent copy of the embedded database (a gzipped tar of PGlite's
 * data directory), for `npm run backup` or an admin. Not JSON: the answer is the file itself.
 */
import { z } from 'zod';
import { errorAnswers } from './common.js';
import { endpoint } from './endpoint.js';

/** The request header carrying the backup token (the file `backup.token` in the data directory). */
export const BACKUP_TOKEN_HEADER = 'x-backup-token';

/**
 * Authorized by the token header or an admin session (checked by the route itself, so `access` is
 * left out). On PostgreSQL it answers 409: back that up with pg_dump.
 */
export const backup = endpoint({
  method: 'GET',
  path: '/api/admin/backup',
  cache: 'none',
  // The server sends the archive as it reads it (a stream of bytes), not as one buffer.
  ok: z
    .custom<Uint8Array | AsyncIterable<Uint8Array>>(
      (v) => v instanceof Uint8Array || (typeof v === 'object' && v !== null && Symbol.asyncIterator in v),
    )
    .describe('application/gzip: a tar of the PGlite data directory'),
  errors: errorAnswers(401, 403, 409),
  tags: ['operations'],
  summary: 'Download a consistent copy of the embedded database (gzipped tar of its data directory)',
  description: `Authorized by the ${BACKUP_TOKEN_HEADER} header (the token in the data directory) or an admin session.`,
});
