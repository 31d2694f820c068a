/**
 * The embedded database's data directory is the owner's alone: folders 0700 and files 0600 on a
 * new install, and an older install (PGlite's 0666 files in 0755 folders) tightened when opened,
 * with one log line saying how many entries it fixed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/pglite.js';
import { writeBackupToken } from '../../server/ops/backup-token.js';
import { modesUnder, notOwnerOnly } from './file-modes.js';

describe('data directory permissions', { timeout: 120_000 }, () => {
  let tmp: string;
  let dataDir: string;
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nt-modes-'));
    dataDir = path.join(tmp, 'data');
  });
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  /** Opens, writes a row and closes, the way a server start and a poll would. */
  async function useDatabase(log?: (line: string) => void) {
    const db = await openPglite(dataDir, { log });
    try {
      await db.exec('CREATE TABLE IF NOT EXISTS notes (n int); INSERT INTO notes VALUES (1); CHECKPOINT');
    } finally {
      await db.close();
    }
  }

  it('creates a new data directory with folders 0700 and files 0600', async () => {
    // A permissive umask, as a service manager might leave it.
    process.umask(0o022);
    await useDatabase();
    writeBackupToken(dataDir);
    const modes = modesUnder(dataDir);
    // The whole PostgreSQL cluster is there (hundreds of files), not just an empty folder.
    expect(modes.get('pgdata/PG_VERSION')).toBe('f600');
    expect(modes.get('pgdata/base')).toBe('d700');
    expect(modes.get('backup.token')).toBe('f600');
    expect(modes.size).toBeGreaterThan(500);
    expect(notOwnerOnly(modes)).toEqual([]);
  });

  it('tightens an older install opened again, with one log line giving the count', async () => {
    await useDatabase();
    fs.writeFileSync(path.join(dataDir, 'notes.txt'), 'left by an older release');
    // What an older release left: every folder 0755, every file 0666.
    const entries = [...modesUnder(dataDir).keys()];
    for (const rel of entries) {
      const p = path.join(dataDir, rel);
      fs.chmodSync(p, fs.statSync(p).isDirectory() ? 0o755 : 0o666);
    }
    expect(notOwnerOnly(modesUnder(dataDir))).toHaveLength(entries.length);

    const lines: string[] = [];
    await useDatabase((line) => lines.push(line));
    expect(lines).toEqual([
      `Data directory ${dataDir}: removed group and other access from ${entries.length} files and folders (now owner-only)`,
    ]);
    expect(notOwnerOnly(modesUnder(dataDir))).toEqual([]);

    // Nothing left to fix: no line the next time.
    const again: string[] = [];
    await useDatabase((line) => again.push(line));
    expect(again).toEqual([]);
  });
});
