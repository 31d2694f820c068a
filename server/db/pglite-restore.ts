/**
 * Opens a backup archive into an empty PGlite data directory (server/ops/restore.ts prepares and
 * cleans up the directory) and reads what it holds; closes the database either way.
 */
import { PGlite } from '@electric-sql/pglite';

export async function unpackBackup(pgdata: string, archive: Blob): Promise<{ batches: number; migrations: number }> {
  const pg = await PGlite.create(pgdata, { loadDataDir: archive });
  try {
    const count = async (table: 'schema_migrations' | 'batches') =>
      (await pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
    return { migrations: await count('schema_migrations'), batches: await count('batches') };
  } finally {
    await pg.close();
  }
}
