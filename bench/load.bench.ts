/**
 * Load bench: a demo server (bench/load/demo-server.ts, as `npm start` runs it) under 100
 * concurrent autocannon clients for 20 s with a visitor's mix of reads (bench/load/visitor-mix.ts),
 * against the same server's static manifest in the same run as the baseline; then the mix again
 * while a collector poll writes. Targets: mixed throughput ≥ 0.5 of static, p99 ≤ 50 ms, worst
 * ≤ 500 ms, no errors, also during the poll. Last, a flood of anonymous requests with distinct
 * long query strings (bench/load/query-flood.ts). The server's memory (RSS and heap after a full
 * garbage collection) and its public cache's accounting are written down before the load, after
 * the mix and the poll, and after the flood.
 *
 * The data directory (.bench-data/load-pglite) is kept between runs: the first one backfills the
 * demo's 31 days (a few minutes), later ones catch up on the time since. The app is built when
 * dist/ is missing, as `npm start` does.
 */
import { fork, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { DEFAULT_SITE_TIMEZONE } from '../rules/site-time.js';
import type { ResponseCacheStats } from '../server/http/response-cache.js';
import { queryFlood } from './load/query-flood.js';
import { pathPicker, visitorMix } from './load/visitor-mix.js';
import { startNodeFlags } from '../scripts/build-state.mjs';

const PORT = Number(process.env.LOAD_BENCH_PORT ?? 4550);
const BASE = `http://127.0.0.1:${PORT}`;
const CONNECTIONS = 100;
const DURATION_S = Number(process.env.LOAD_BENCH_SECONDS ?? 20);
/** What a browser sends: answers come compressed, as to every visitor. */
const HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };
/** Requests of the flood, each with its own query string of about 8,000 characters. */
const FLOOD_REQUESTS = Number(process.env.LOAD_BENCH_FLOOD ?? 5000);
const FLOOD_LENGTH = 8000;

interface Memory {
  rss: number;
  heapUsed: number;
  cache: ResponseCacheStats;
}

interface Run {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  errors: number;
}

/** The wall clock's seconds within the current 1,000, as trace.ts prints them. */
const clock = () => ((Date.now() / 1000) % 1000).toFixed(1);

async function load(name: string, next: () => string): Promise<Run> {
  let instance: autocannon.Instance | undefined;
  const running = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: BASE,
        connections: CONNECTIONS,
        duration: DURATION_S,
        headers: HEADERS,
        requests: [
          {
            method: 'GET',
            setupRequest: (req, context: { path?: string }) => {
              context.path = next();
              return { ...req, path: context.path };
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
  if (process.env.LOAD_BENCH_TRACE) {
    // Each answer that took more than a second, as this client saw it (LOAD_BENCH_TRACE=1).
    instance?.on('response', (client, status, _bytes, ms) => {
      const path = (client as { requestIterator?: { context?: { path?: string } } }).requestIterator?.context?.path;
      if (ms > 1000) console.log(`[client ${clock()}] ${ms.toFixed(0)} ms ${status} ${path}`);
    });
  }
  const r = await running;
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    requests: r.requests.total,
    errors: r.errors + r.timeouts + r.non2xx,
  };
}

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

function memoryRow(moment: string, m: Memory): string {
  const c = m.cache;
  return `| ${moment} | ${mb(m.rss)} | ${mb(m.heapUsed)} | ${c.entries} | ${mb(c.bytes)} | ${c.olderAnswers} | ${mb(c.olderBytes)} |`;
}

function ensureBuilt(log: (line: string) => void) {
  if (fs.existsSync(path.resolve('dist/index.html')) && fs.existsSync(path.resolve('dist-server'))) return;
  log('building the app (dist/ or dist-server/ is missing)...');
  const r = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('vite build failed');
}

export default async function loadBench(log: (line: string) => void): Promise<string> {
  ensureBuilt(log);
  log('starting the demo server (the first start backfills 31 days)...');
  const server = fork(path.resolve('bench/load/demo-server.ts'), [], {
    // LOAD_BENCH_PROFILE=dir: a CPU profile of the server, written there when it stops.
    execArgv: [
      // The node flags of `npm start`, so the figures are those of the server as it runs.
      ...startNodeFlags(),
      '--import',
      'tsx',
      // The memory figures are taken after a full collection: what the server holds, not its garbage.
      '--expose-gc',
      ...(process.env.LOAD_BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.LOAD_BENCH_PROFILE}`] : []),
    ],
    env: { ...process.env, PORT: String(PORT), DATA_DIR: path.resolve('.bench-data/load-pglite') },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  /** Waiters for the server's next message carrying a given field. */
  const waiting: Array<{ field: string; resolve: (m: Record<string, unknown>) => void }> = [];
  server.on('message', (raw) => {
    const m = raw as Record<string, unknown>;
    const i = waiting.findIndex((w) => w.field in m);
    if (i >= 0) waiting.splice(i, 1)[0].resolve(m);
  });
  const message = (field: string) =>
    new Promise<Record<string, unknown>>((resolve) => waiting.push({ field, resolve }));
  const memory = async (): Promise<Memory> => {
    const answer = message('memory');
    server.send('memory');
    return (await answer).memory as Memory;
  };
  try {
    const ready = await message('ready');
    const tags = ready.tags as string[];
    const latest = (await (await fetch(`${BASE}/api/member-data-latest`)).json()) as Array<{ Username: string }>;
    const usernames = latest.map((m) => m.Username);
    const mix = visitorMix(new Date(), process.env.SITE_TIMEZONE || DEFAULT_SITE_TIMEZONE, tags, usernames);
    log(
      `${tags.length} teams, ${usernames.length} racers, ${mix.groups.reduce((n, g) => n + g.paths.length, 0)} addresses`,
    );

    const memoryBefore = await memory();
    // One unmeasured pass over the mix warms the JIT and the caches, as a running server's are.
    await load('warm-up', pathPicker(mix, 1));
    const staticRun = await load('static manifest', () => '/manifest.webmanifest');
    log(`static: ${staticRun.rps.toFixed(0)} req/s`);
    const mixed = await load('visitor mix', pathPicker(mix));
    log(`mix: ${mixed.rps.toFixed(0)} req/s, p99 ${mixed.p99} ms, worst ${mixed.max} ms`);
    const polled = message('polled');
    server.send('poll');
    const duringPoll = await load('visitor mix during a poll', pathPicker(mix, 99));
    log(`mix during a poll: ${duringPoll.rps.toFixed(0)} req/s, p99 ${duringPoll.p99} ms, worst ${duringPoll.max} ms`);
    const poll = (await polled).polled as { ok: number; failed: number };
    const memoryAfterLoad = await memory();

    // Every kind of public GET a visitor makes, each with made-up parameters.
    const floodPaths = [
      '/api/team-tags',
      '/api/site',
      `/api/team-stats?tag=${encodeURIComponent(tags[0])}`,
      `/api/current-display-names?tag=${encodeURIComponent(tags[0])}`,
      `/api/racer-info?username=${encodeURIComponent(usernames[0])}`,
      mix.groups[0].paths[0],
    ];
    const flood = await queryFlood(BASE, floodPaths, { count: FLOOD_REQUESTS, length: FLOOD_LENGTH });
    const memoryAfterFlood = await memory();
    const floodStatuses = Object.entries(flood.statuses)
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ');
    log(
      `flood: ${FLOOD_REQUESTS} requests in ${(flood.ms / 1000).toFixed(1)} s (${floodStatuses}); ` +
        `heap ${mb(memoryAfterLoad.heapUsed)} → ${mb(memoryAfterFlood.heapUsed)} MB`,
    );

    const row = (r: Run) => {
      const ratio = r.rps / staticRun.rps;
      const met =
        r === staticRun ? '' : ratio >= 0.5 && r.p99 <= 50 && r.max <= 500 && r.errors === 0 ? 'met' : 'NOT met';
      return `| ${r.name} | ${r.rps.toFixed(0)} | ${r === staticRun ? '1' : ratio.toFixed(2)} | ${r.p50} | ${r.p99} | ${r.max} | ${r.requests} | ${r.errors} | ${met} |`;
    };
    return [
      '## Load: a visitor mix against the static baseline',
      '',
      `The demo server (${tags.length} teams, ${usernames.length} racers, PGlite) in its own process; ${CONNECTIONS} concurrent`,
      `autocannon clients for ${DURATION_S} s each, with \`Accept-Encoding: gzip, deflate, br\`. Mix: boards 55 % (team and`,
      'individual, every window of the period picker and its previous window), racer pages 10 % (racer-batches',
      'columns), rosters 10 %, team stats 10 %, hourly races 10 %, racer info 5 %, spread over every team and',
      `racer. After an unmeasured warm-up pass; the last run while a collector poll of every team writes (${poll.ok}`,
      `teams written, ${poll.failed} failed). Target: ≥ 0.5 of the static rate, p99 ≤ 50 ms, worst ≤ 500 ms, no errors.`,
      '',
      '| run | req/s | ratio to static | p50 ms | p99 ms | worst ms | requests | errors | target |',
      '|---|---|---|---|---|---|---|---|---|',
      row(staticRun),
      row(mixed),
      row(duringPoll),
      '',
      `Server memory (RSS includes PGlite's WebAssembly heap; heap is V8's after a full collection) and the`,
      `public cache's own accounting (bytes count answers, compressed forms, keys and a per-entry overhead;`,
      `older answers are the newest answer of each address, kept to serve while the cache is busy). The`,
      `flood: ${FLOOD_REQUESTS} requests, 16 at a time, spread over ${floodPaths.length} public GETs (team tags, site, team stats,`,
      `roster, racer info, a board), each with a distinct ${FLOOD_LENGTH}-character query string (half a distinct unknown`,
      `parameter, half a distinct value of one); answers ${floodStatuses}, in ${(flood.ms / 1000).toFixed(1)} s.`,
      '',
      '| moment | RSS MB | heap MB | cache entries | cache MB | older answers | older MB |',
      '|---|---|---|---|---|---|---|',
      memoryRow('before the load', memoryBefore),
      memoryRow('after the mix and the poll', memoryAfterLoad),
      memoryRow(`after the flood of ${FLOOD_REQUESTS} query strings`, memoryAfterFlood),
      '',
      `Cache limits: ${mb(memoryBefore.cache.maxBytes)} MB and ${memoryBefore.cache.maxEntries} entries, each for the ` +
        `older answers too; ${memoryBefore.cache.maxPending} shared computations.`,
      '',
    ].join('\n');
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}
