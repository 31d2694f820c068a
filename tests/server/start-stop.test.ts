/**
 * `npm start` as a service manager runs it, with real processes on a temporary data directory and
 * a small demo (2 teams, 2 days): the port answers while the first start backfills ("getting
 * ready", 503) and the app follows on the same port without refusing a connection; a stop signal to
 * the start process, to its whole process group, or to `npm start` above it stops the server once
 * and cleanly (exit code 0, the port free, the data directory's lock file removed), also in the
 * middle of the first start.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIsStale, root, startNodeFlags } from '../../scripts/build-state.mjs';

const onLinux = fs.existsSync('/proc/self/stat');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const startFlags = startNodeFlags();

/** Peak resident memory of a process so far (VmHWM), in MB. */
function peakMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** `node <start flags> scripts/start.mjs` (or `npm start`) in its own process group, on a free port. */
async function start(
  dataDir: string,
  command: 'node' | 'npm' = 'node',
  env: Record<string, string> = {},
): Promise<Started> {
  const port = await freePort();
  const [file, args] =
    command === 'node' ? [process.execPath, [...startFlags, 'scripts/start.mjs']] : ['npm', ['start', '--silent']];
  const child = spawn(file, args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TRACKED_TEAMS: '',
      DATABASE_URL: '',
      DEMO_TEAMS: '2',
      DEMO_DAYS: '2',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, port, output: () => out, exited };
}

type Answer = { status: number; body: string; headers: Headers } | 'refused';

async function ask(port: number, urlPath: string, accept = 'application/json'): Promise<Answer> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}${urlPath}`, {
      headers: { accept },
      signal: AbortSignal.timeout(10_000),
    });
    return { status: res.status, body: await res.text(), headers: res.headers };
  } catch {
    return 'refused';
  }
}

async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const value = await fn();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const healthy = (s: Started) =>
  until('the app', async () => {
    const a = await ask(s.port, '/api/health');
    return a !== 'refused' && a.status === 200 ? true : undefined;
  });

/** Every process of the group, gone: ESRCH for the group. */
function groupGone(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return false;
  } catch {
    return true;
  }
}

/**
 * The stop left nothing behind: exit code 0 within a few seconds, port free, lock file removed,
 * said once. npm, when it got the signal itself, ends by raising that signal on itself once its
 * script has ended (whatever the script's exit code): `npmSignal` is then its exit.
 */
async function expectCleanStop(s: Started, dataDir: string, npmSignal?: NodeJS.Signals) {
  const t0 = Date.now();
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 15_000));
  const result = await Promise.race([s.exited, timeout]);
  expect(result, s.output()).toEqual(npmSignal ? { code: null, signal: npmSignal } : { code: 0, signal: null });
  expect(Date.now() - t0).toBeLessThan(15_000);
  await until('the group to end', async () => (groupGone(s.child.pid!) ? true : undefined), 5_000);
  expect(await ask(s.port, '/api/health')).toBe('refused');
  expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  expect(s.output().match(/shutting down/g) ?? []).toHaveLength(1);
}

describe.runIf(onLinux)('npm start: getting ready, then a clean stop on any stop signal', { timeout: 240_000 }, () => {
  let dataDir: string;
  beforeAll(() => {
    // Built once here, so that no start below builds on its own.
    if (buildIsStale()) {
      const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
      if (r.status !== 0) throw new Error('npm run build failed');
    }
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nt-start-'));
  }, 300_000);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('answers "getting ready" during the first start, then the app, never refusing in between', async () => {
    const s = await start(dataDir);
    const answers: Answer[] = [];
    let page: Answer = 'refused';
    let api: Answer = 'refused';
    await until('the app', async () => {
      const a = await ask(s.port, '/api/health');
      answers.push(a);
      if (a !== 'refused' && a.status === 503 && page === 'refused') {
        page = await ask(s.port, '/leaderboards', 'text/html');
        api = await ask(s.port, '/api/team-tags');
      }
      return a !== 'refused' && a.status === 200 ? true : undefined;
    });
    const firstAnswer = answers.findIndex((a) => a !== 'refused');
    const afterFirst = answers.slice(firstAnswer);
    expect(afterFirst.filter((a) => a === 'refused')).toEqual([]);
    const starting = afterFirst.filter((a) => a !== 'refused' && a.status === 503);
    expect(starting.length).toBeGreaterThan(0);
    const health = JSON.parse((starting[0] as Exclude<Answer, 'refused'>).body);
    expect(health).toMatchObject({ status: 'starting', database: { kind: 'pglite', reachable: false } });
    expect(page).not.toBe('refused');
    const p = page as unknown as Exclude<Answer, 'refused'>;
    expect(p.status).toBe(503);
    expect(p.headers.get('content-type')).toContain('text/html');
    expect(p.headers.get('retry-after')).toBe('5');
    expect(p.body).toContain('<meta http-equiv="refresh" content="5">');
    expect(p.body).toContain('width=device-width');
    expect(p.body).toContain('Getting ready');
    const a = api as unknown as Exclude<Answer, 'refused'>;
    expect(a.status).toBe(503);
    expect(a.headers.get('retry-after')).toBe('5');
    expect(JSON.parse(a.body)).toEqual({ error: 'Starting up…' });
    // The app now, on the same port.
    const tags = await ask(s.port, '/api/team-tags');
    expect(tags !== 'refused' && tags.status).toBe(200);
    process.kill(s.child.pid!, 'SIGTERM');
    await expectCleanStop(s, dataDir);
  });

  it('fits a small server: the first start and its first reads peak under 400 MB', async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'nt-start-memory-'));
    try {
      const s = await start(own);
      await healthy(s);
      const tags = await ask(s.port, '/api/team-tags');
      const [tag] = JSON.parse((tags as Exclude<Answer, 'refused'>).body) as string[];
      const week = `start_time=${new Date(Date.now() - 7 * 86_400_000).toISOString()}&end_time=${new Date().toISOString()}`;
      for (const read of [
        `/api/individual-leaderboard?${week}`,
        `/api/team-stats?tag=${tag}`,
        `/api/member-data-latest?tag=${tag}`,
      ]) {
        const answer = await ask(s.port, read);
        expect(answer !== 'refused' && answer.status, read).toBe(200);
      }
      // Without --liftoff-only V8's optimizing compiler took PGlite's first start to 820-840 MB here;
      // before date-fns was bundled, importing the server alone peaked at 405 MB.
      expect(peakMb(s.child.pid!)).toBeLessThan(400);
      process.kill(s.child.pid!, 'SIGTERM');
      await expectCleanStop(s, own);
    } finally {
      fs.rmSync(own, { recursive: true, force: true });
    }
  });

  it('SIGTERM to the start process stops the server', async () => {
    const s = await start(dataDir);
    await healthy(s);
    process.kill(s.child.pid!, 'SIGTERM');
    await expectCleanStop(s, dataDir);
  });

  it('SIGHUP to the start process stops the server', async () => {
    const s = await start(dataDir);
    await healthy(s);
    process.kill(s.child.pid!, 'SIGHUP');
    await expectCleanStop(s, dataDir);
  });

  it('SIGTERM to the whole process group stops the server once', async () => {
    const s = await start(dataDir);
    await healthy(s);
    process.kill(-s.child.pid!, 'SIGTERM');
    await expectCleanStop(s, dataDir);
  });

  it('SIGINT to the process group of `npm start` (Ctrl-C) stops the server once', async () => {
    const s = await start(dataDir, 'npm');
    await healthy(s);
    process.kill(-s.child.pid!, 'SIGINT');
    await expectCleanStop(s, dataDir, 'SIGINT');
  });

  it('SIGTERM to `npm start` alone reaches the server and stops it', async () => {
    const s = await start(dataDir, 'npm');
    await healthy(s);
    process.kill(s.child.pid!, 'SIGTERM');
    await expectCleanStop(s, dataDir, 'SIGTERM');
  });

  it('SIGTERM in the middle of a first start stops it within seconds', async () => {
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'nt-start-'));
    try {
      // Three teams and 20 days: a backfill of some length to stop in the middle of.
      const s = await start(fresh, 'node', { DEMO_TEAMS: '3', DEMO_DAYS: '20' });
      await until('the backfill', async () => (s.output().includes('Demo: backfilling') ? true : undefined));
      process.kill(s.child.pid!, 'SIGTERM');
      await expectCleanStop(s, fresh);
    } finally {
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  });
});
