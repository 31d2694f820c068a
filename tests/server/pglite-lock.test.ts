/**
 * PGlite's one-process-per-DATA_DIR lock file: a live server's lock refuses a second opener, a
 * stale one (its pid now another program's, or a reused pid) does not block start-up.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LockedError, lockDataDir, openPglite, processStartTime } from '../../server/db/pglite.js';

const onLinux = fs.existsSync('/proc/self/stat');

async function started(child: ChildProcess): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  return child.pid!;
}

describe.runIf(onLinux)('PGlite lock file', () => {
  let dir: string;
  let lockPath: string;
  let otherProgram: ChildProcess;
  let nodeServer: ChildProcess;
  beforeAll(async () => {
    otherProgram = spawn('sleep', ['120'], { stdio: 'ignore' });
    nodeServer = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
    await Promise.all([started(otherProgram), started(nodeServer)]);
  });
  afterAll(() => {
    otherProgram.kill();
    nodeServer.kill();
  });
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nt-lock-'));
    lockPath = path.join(dir, 'server.lock');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Takes the lock as start-up does (the full PGlite start is tested once, below). */
  function opens(): boolean {
    try {
      const release = lockDataDir(dir);
      const owner = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
      expect(owner).toEqual({ pid: process.pid, start: processStartTime(process.pid) });
      release();
      expect(fs.existsSync(lockPath)).toBe(false);
      return true;
    } catch (err) {
      if (err instanceof LockedError) return false;
      throw err;
    }
  }

  it('refuses a second opener while the server that holds the lock runs', async () => {
    const pid = nodeServer.pid!;
    fs.writeFileSync(lockPath, JSON.stringify({ pid, start: processStartTime(pid) }));
    await expect(openPglite(dir)).rejects.toThrow(`is in use by another process (pid ${pid})`);
    expect(fs.readFileSync(lockPath, 'utf8')).toContain(String(pid));
  });

  it('starts PGlite when the pid of the lock now belongs to another program', async () => {
    fs.writeFileSync(lockPath, JSON.stringify({ pid: otherProgram.pid, start: '1' }));
    const db = await openPglite(dir);
    try {
      expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      expect(JSON.parse(fs.readFileSync(lockPath, 'utf8')).pid).toBe(process.pid);
    } finally {
      await db.close();
    }
    expect(fs.existsSync(lockPath)).toBe(false);
  });

  it('opens when the pid was reused by another Node process that started later', async () => {
    fs.writeFileSync(lockPath, JSON.stringify({ pid: nodeServer.pid, start: '1' }));
    expect(opens()).toBe(true);
  });

  it('reads an older lock file of a bare pid: stale when the pid is not a Node process', async () => {
    fs.writeFileSync(lockPath, String(otherProgram.pid));
    expect(opens()).toBe(true);
    fs.writeFileSync(lockPath, String(nodeServer.pid));
    expect(opens()).toBe(false);
  });

  it('opens when the pid is gone', async () => {
    const gone = spawn('true');
    const pid = await started(gone);
    await new Promise((resolve) => gone.once('exit', resolve));
    fs.writeFileSync(lockPath, JSON.stringify({ pid, start: '1' }));
    expect(opens()).toBe(true);
  });
});
