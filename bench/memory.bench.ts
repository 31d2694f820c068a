/**
 * Memory bench: what the demo server (10 teams of 32 racers, 31 days of 10-minute history, PGlite)
 * holds in memory, for a small server (a 1 GB virtual server, a Raspberry Pi). The built server as
 * `npm start` runs it (bench/memory/server.mjs over dist-server/main.js, plain node) on a fresh data
 * directory: its first start (database creation, migrations, the backfill), then a day of polls
 * (144, each 10 minutes later on the server's clock), then a load burst (bench/memory/load-burst.ts),
 * then 10 s at rest. The resident memory (VmRSS) is sampled every 250 ms from /proc, and the
 * peak (VmHWM) read at the end of each phase. Target: peak ≤ 400 MB.
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SITE_TIMEZONE } from '../rules/site-time.js';
import { startNodeFlags } from '../scripts/build-state.mjs';
import { loadBurst } from './memory/load-burst.js';

const PORT = Number(process.env.MEMORY_BENCH_PORT ?? 4560);
const POLLS = 144;
const BURST_S = 20;
const TARGET_MB = 400;

const mb = (kb: number) => kb / 1024;

function status(pid: number): { rss: number; hwm: number } {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

function sizeOf(dir: string): number {
  let total = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    total += e.isDirectory() ? sizeOf(full) : fs.statSync(full).size;
  }
  return total;
}

function ensureBuilt(log: (line: string) => void) {
  if (fs.existsSync(path.resolve('dist/index.html')) && fs.existsSync(path.resolve('dist-server/main.js'))) return;
  log('building the app and the server (dist/ or dist-server/main.js is missing)...');
  const r = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build failed');
}

interface Phase {
  name: string;
  seconds: number;
  hwm: number;
  rssEnd: number;
}

export default async function memoryBench(log: (line: string) => void): Promise<string> {
  ensureBuilt(log);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nt-memory-bench-'));
  const server: ChildProcess = fork(path.resolve('bench/memory/server.mjs'), [], {
    // The node options of package.json's `start`.
    execArgv: startNodeFlags(),
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      TRACKED_TEAMS: '',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pid = server.pid!;
  let sampledMax = 0;
  const sampler = setInterval(() => {
    try {
      sampledMax = Math.max(sampledMax, status(pid).rss);
    } catch {
      // the process has ended
    }
  }, 250);
  const waiting: Array<(m: Record<string, unknown>) => void> = [];
  server.on('message', (m) => waiting.shift()?.(m as Record<string, unknown>));
  const next = () => new Promise<Record<string, unknown>>((resolve) => waiting.push(resolve));
  const phases: Phase[] = [];
  let t0 = performance.now();
  const endPhase = async (name: string) => {
    const s = status(pid);
    server.send('usage');
    log(`  main thread: ${JSON.stringify((await next()).usage)}`);
    phases.push({ name, seconds: (performance.now() - t0) / 1000, hwm: s.hwm, rssEnd: s.rss });
    log(
      `${name}: ${((performance.now() - t0) / 1000).toFixed(0)} s, peak ${mb(s.hwm).toFixed(0)} MB, now ${mb(s.rss).toFixed(0)} MB`,
    );
    t0 = performance.now();
  };
  let burst = { requests: 0, errors: 0, errorKinds: '' };
  let polled = { ok: 0, failed: 0 };
  try {
    log('first start on a fresh data directory (creates the database, backfills 31 days)...');
    await next();
    await endPhase('first start (until the app answers)');
    for (let i = 0; i < POLLS; i++) {
      server.send('poll');
      const r = (await next()).polled as { ok: number; failed: number };
      polled = { ok: polled.ok + r.ok, failed: polled.failed + r.failed };
    }
    await endPhase(`a day of polls (${POLLS})`);
    burst = await loadBurst(`http://127.0.0.1:${PORT}`, process.env.SITE_TIMEZONE || DEFAULT_SITE_TIMEZONE, BURST_S);
    await endPhase(`load burst (${BURST_S} s, ${burst.requests} requests)`);
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    await endPhase('at rest (10 s)');
  } finally {
    clearInterval(sampler);
    server.send('stop');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  const dbBytes = sizeOf(path.join(dataDir, 'pgdata'));
  fs.rmSync(dataDir, { recursive: true, force: true });
  const peak = Math.max(...phases.map((p) => p.hwm));
  return [
    '## Memory: the demo server on a small machine',
    '',
    `The built server as \`npm start\` runs it (plain node, dist-server/main.js), demo mode on a fresh data directory:`,
    `its first start (database creation, migrations, 31 days of backfill for 10 teams), ${POLLS} polls (a day, each`,
    `10 minutes later on the server's clock: ${polled.ok} team polls written, ${polled.failed} failed), a ${BURST_S} s load burst (100`,
    `clients on the load bench's visitor mix and 10 on the server-drawn board; ${burst.errors} errors${burst.errorKinds ? `: ${burst.errorKinds}` : ''}), then 10 s at rest.`,
    'Memory of the server process from /proc (VmHWM: its peak so far; VmRSS: resident now). Database creation (initdb)',
    'runs in a child process of its own that ends before the server opens the database (server/db/pglite-create.mjs).',
    '',
    '| phase | seconds | peak so far (VmHWM) MB | resident at its end (VmRSS) MB |',
    '|---|--:|--:|--:|',
    ...phases.map(
      (p) => `| ${p.name} | ${p.seconds.toFixed(0)} | ${mb(p.hwm).toFixed(0)} | ${mb(p.rssEnd).toFixed(0)} |`,
    ),
    '',
    `- Database size on disk: ${(dbBytes / 2 ** 20).toFixed(0)} MB.`,
    `- Peak resident memory: ${mb(peak).toFixed(0)} MB (highest 250 ms sample ${mb(sampledMax).toFixed(0)} MB); at rest ${mb(phases[phases.length - 1].rssEnd).toFixed(0)} MB.`,
    `- Target peak ≤ ${TARGET_MB} MB: ${mb(peak) <= TARGET_MB ? 'met' : 'NOT met'}.`,
    '',
  ].join('\n');
}
