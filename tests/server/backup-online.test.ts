/**
 * A backup does not hold the database (server/db/pglite-backup.ts): while GET /api/admin/backup
 * copies a file-backed PGlite (some 25 MB on disk), health checks sent over HTTP every 25 ms keep
 * answering, each in a small part of the backup's time; the archive arrives streamed and restores
 * with the same batches. A download dropped midway ends the backup mode: the next backup works.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/database.js';
import { migrate } from '../../server/db/migrate.js';
import { openPglite } from '../../server/db/pglite.js';
import { buildApp } from '../../server/http/app.js';
import type { App } from '../../server/http/context.js';
import { BACKUP_TOKEN_HEADER, writeBackupToken } from '../../server/ops/backup-token.js';
import { restoreDataDir } from '../../server/ops/restore.js';
import { addBatches, addRacer, addTeam } from './helpers.js';

const RACERS = 20;
const SLOTS = 144;

describe('online backup of the embedded database', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nt-online-backup-'));
  const liveDir = path.join(tmp, 'live');
  let db: Database;
  let app: App;
  let url: string;
  let token: string;

  beforeAll(async () => {
    db = await openPglite(liveDir);
    await migrate(db);
    await addTeam(db, 'ALPHA');
    for (let userId = 1; userId <= RACERS; userId++) {
      await addRacer(db, { userId, username: `racer${userId}`, tag: 'ALPHA' });
    }
    // A day of ten-minute batches for 20 racers, in one write like a backfill's.
    await addBatches(
      db,
      Array.from({ length: RACERS * SLOTS }, (_, i) => ({
        userId: 1 + (i % RACERS),
        tag: 'ALPHA',
        endTime: new Date(Date.parse('2026-03-01T00:10:00Z') + Math.floor(i / RACERS) * 600_000),
        races: 2,
        typed: 2000 + i,
        errs: 10,
        secs: 120,
      })),
    );
    token = writeBackupToken(liveDir);
    app = await buildApp({
      db,
      config: { ...loadConfig({}), dataDir: liveDir, demo: false, trackedTeams: ['ALPHA'] },
      now: () => new Date(),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }, 300_000);
  afterAll(async () => {
    // The test's own keep-alive connections (fetch keeps them open) would hold close() until they time out.
    app?.server.closeAllConnections();
    await app?.close();
    await db?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const backup = () => fetch(`${url}/api/admin/backup`, { headers: { [BACKUP_TOKEN_HEADER]: token } });

  it('keeps answering reads while it copies, and the copy restores with every batch', async () => {
    const started = performance.now();
    let downloading = true;
    const latencies: number[] = [];
    const reads = (async () => {
      while (downloading) {
        const sent = performance.now();
        const res = await fetch(`${url}/api/health`);
        expect(res.status).toBe(200);
        await res.json();
        latencies.push(performance.now() - sent);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    const res = await backup();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    // Streamed: no length known up front, the archive is sent as it is read.
    expect(res.headers.get('content-length')).toBeNull();
    const archive = Buffer.from(await res.arrayBuffer());
    const backupMs = performance.now() - started;
    downloading = false;
    await reads;

    expect(archive.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(latencies.length).toBeGreaterThanOrEqual(3);
    // Held for the whole copy, a read would wait about as long as the backup itself.
    expect(Math.max(...latencies)).toBeLessThan(backupMs / 4);

    const file = path.join(tmp, 'online.tar.gz');
    fs.writeFileSync(file, archive);
    const restored = await restoreDataDir({ archive: file, dataDir: path.join(tmp, 'restored'), force: false });
    expect(restored.batches).toBe(RACERS * SLOTS);
    const live = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM batches');
    expect(live.rows[0].n).toBe(RACERS * SLOTS);
  }, 300_000);

  it('ends the backup when the download is dropped, so the next one works', async () => {
    const dropped = await backup();
    expect(dropped.status).toBe(200);
    const reader = dropped.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();

    const next = await backup();
    expect(next.status).toBe(200);
    const file = path.join(tmp, 'again.tar.gz');
    fs.writeFileSync(file, Buffer.from(await next.arrayBuffer()));
    const dir = path.join(tmp, 'restored-again');
    expect((await restoreDataDir({ archive: file, dataDir: dir, force: false })).batches).toBe(RACERS * SLOTS);
  }, 300_000);
});
