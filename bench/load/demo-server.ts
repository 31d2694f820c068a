/**
 * The load bench's server, in its own process (forked by bench/load.bench.ts): what `npm start`
 * runs in demo mode (embedded PGlite in a kept data directory, the simulated community backfilled on
 * first start, the built app), on a test port. The collector's schedule is left out so that no poll
 * lands in a measured run by chance; the bench asks for one poll (message `poll`) instead.
 *
 * LOAD_BENCH_TRACE=1 prints per second the event loop's delay and the slow statements (trace.ts).
 *
 * Messages to the parent: `{ ready: true, tags }` once listening, `{ polled: summary }` after a poll,
 * `{ memory }` (RSS, heap and the public cache's accounting, after a full garbage collection when
 * run with --expose-gc) after `memory`.
 */
import path from 'node:path';
import { openDatabase } from '../../server/db/open.js';
import { loadConfig } from '../../server/config.js';
import { buildApp } from '../../server/http/app.js';
import { startDemoCommunity } from '../../server/demo/demo-community.js';
import { pollTeams } from '../../server/collector/poll.js';
import { traceDatabase, traceRequests } from './trace.js';

const port = Number(process.env.PORT);
const dataDir = path.resolve(process.env.DATA_DIR ?? '.bench-data/load-pglite');
const config = { ...loadConfig({ ...process.env, TRACKED_TEAMS: '' }), port, dataDir, demo: true };
const opened = await openDatabase({ dataDir });
const db = process.env.LOAD_BENCH_TRACE ? traceDatabase(opened, (line) => console.log(line)) : opened;
const now = () => new Date();
const app = await buildApp({ db, config, now }, { staticDir: path.resolve('dist') });
const quiet = { info: () => undefined };
const demo = await startDemoCommunity({ db, tz: config.siteTimezone, log: process.send ? quiet : console, now });
if (process.env.LOAD_BENCH_TRACE) traceRequests(app.server, (line) => console.log(line));
await app.listen({ port, host: '127.0.0.1' });

process.on('message', (message: unknown) => {
  if (message === 'memory') {
    (globalThis as { gc?: () => void }).gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    process.send?.({ memory: { rss, heapUsed, cache: app.publicCache.stats } });
    return;
  }
  if (message !== 'poll') return;
  // A poll as the scheduler runs it: every team, one after another at the default pace.
  void pollTeams({ db, base: demo.baseUrl, now: now(), tz: config.siteTimezone }).then((summary) =>
    process.send?.({ polled: { ok: summary.ok, failed: summary.failed } }),
  );
});
process.on('SIGTERM', () => {
  void (async () => {
    await app.close();
    await demo.close();
    await db.close();
    process.exit(0);
  })();
});
process.send?.({ ready: true, tags: demo.tags });
