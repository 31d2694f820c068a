/**
 * The collector on the command line:
 *   npm run collect -- --once [--source URL] [--tags A,B] [--now ISO-8601] [--concurrency N]
 * polls once against the configured database and prints one line per team; exits 1 when every
 * team failed, 2 on bad arguments. Without --once it polls on the 10-minute schedule until Ctrl-C.
 */
import { loadConfig, type Config } from '../config.js';
import type { Database } from '../db/database.js';
import { openDatabase } from '../db/open.js';
import { withCollectorLock } from '../db/collector-lock.js';
import { parseCliArgs, summaryLine, UsageError, USAGE, type CliArgs } from './cli-args.js';
import { trackedTeamTags } from '../db/teams-repo.js';
import { pollTeams, type CollectorLogger } from './poll.js';
import { startScheduler } from './scheduler.js';

const consoleLogger: CollectorLogger = {
  info: () => {},
  warn: (obj, msg) => console.error(`warn: ${msg ?? ''} ${JSON.stringify(obj)}`),
  error: (obj, msg) =>
    console.error(`error: ${msg ?? ''} ${JSON.stringify(obj, (_k, v) => (v instanceof Error ? v.message : v))}`),
};

async function once(db: Database, config: Config, args: CliArgs): Promise<number> {
  const tracked = args.tags ? [] : await trackedTeamTags(db);
  const tags = args.tags ?? (tracked.length ? tracked : config.trackedTeams);
  if (!tags.length) {
    console.error('No teams to poll: pass --tags or set TRACKED_TEAMS.');
    return 1;
  }
  const base = args.source ?? config.gameApiBase;
  const r = await withCollectorLock(db, (lockLost) =>
    pollTeams({
      db,
      base,
      tags,
      now: args.now ?? new Date(),
      tz: config.siteTimezone,
      delayMs: args.delayMs,
      concurrency: args.concurrency ?? config.collectConcurrency,
      logger: consoleLogger,
      signal: lockLost,
    }),
  );
  if (!r.acquired) {
    console.error('Another collector is polling right now (PostgreSQL advisory lock held); try again later.');
    return 1;
  }
  for (const t of r.value.teams) console.log(summaryLine(t));
  console.log(`${r.value.ok} ok, ${r.value.failed} failed, snapshot ${r.value.snapshotAt.toISOString()}`);
  return r.value.ok === 0 ? 1 : 0;
}

async function scheduled(db: Database, config: Config, args: CliArgs): Promise<number> {
  const scheduler = startScheduler({
    db,
    base: args.source ?? config.gameApiBase,
    tz: config.siteTimezone,
    tags: args.tags,
    logger: consoleLogger,
    poll: { delayMs: args.delayMs, concurrency: args.concurrency ?? config.collectConcurrency },
    onRun: (s) => {
      for (const t of s.teams) console.log(`${s.snapshotAt.toISOString()} ${summaryLine(t)}`);
    },
  });
  console.log(`Polling every 10 minutes; next run at ${scheduler.nextRunAt()?.toISOString()}. Ctrl-C stops.`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  console.log('Stopping: finishing the team being written...');
  await scheduler.stop();
  return 0;
}

async function main(argv: string[]): Promise<number> {
  let args: CliArgs | 'help';
  try {
    args = parseCliArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`${err.message}\n\n${USAGE}`);
    return 2;
  }
  if (args === 'help') {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  let db: Database;
  try {
    db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    console.error((err as Error).message);
    return 1;
  }
  try {
    return args.once ? await once(db, config, args) : await scheduled(db, config, args);
  } finally {
    await db.close();
  }
}

// Exit explicitly: idle keep-alive sockets of the HTTP client must not hold the process open.
process.exit(await main(process.argv.slice(2)));
