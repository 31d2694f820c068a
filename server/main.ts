/**
 * Start-up: opens the database, ensures the first admin, starts the demo community or tracks the
 * configured teams, serves the API and the built app, and polls every 10 minutes. Ctrl-C waits for
 * a poll in progress to commit before closing the database.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/open.js';
import { LockedError } from './db/pglite.js';
import { trackTeam } from './db/teams-repo.js';
import { buildApp, LOG_REDACT } from './http/app.js';
import { startScheduler } from './collector/scheduler.js';
import { ensureFirstAdmin } from './users/bootstrap-admin.js';
import { startDemoCommunity, type DemoCommunity } from './demo/demo-community.js';
import { writeBackupToken } from './ops/backup-token.js';
import { startDiscordService } from './discord/discord-service.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  const config = loadConfig();
  // Readable lines in a terminal, JSON lines (for log collectors) otherwise or with LOG_FORMAT=json.
  // A request's line (http/request-log.ts) says its method, address, status and time in its message.
  const pretty = process.stdout.isTTY && process.env.LOG_FORMAT !== 'json';
  const logger = {
    level: process.env.LOG_LEVEL ?? 'info',
    redact: LOG_REDACT,
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId,method,url,statusCode,responseTime' },
          },
        }
      : {}),
  };
  let db;
  // Notes from opening the database, logged once the logger exists.
  const openingNotes: string[] = [];
  try {
    db = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      log: (line) => openingNotes.push(line),
    });
  } catch (err) {
    if (err instanceof LockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // `npm run backup` proves it may copy the database by reading this token from the data directory.
  if (db.kind === 'pglite') writeBackupToken(config.dataDir);
  const now = () => new Date();
  const app = await buildApp(
    { db, config, now },
    { staticDir: process.env.STATIC_DIR ? path.resolve(process.env.STATIC_DIR) : path.join(root, 'dist'), logger },
  );
  const log = app.log;
  for (const note of openingNotes) log.warn(note);
  await ensureFirstAdmin(db, config, log);

  let demo: DemoCommunity | null = null;
  let base = config.gameApiBase;
  if (config.demo) {
    demo = await startDemoCommunity({
      db,
      tz: config.siteTimezone,
      log,
      now,
      teams: process.env.DEMO_TEAMS ? Number(process.env.DEMO_TEAMS) : undefined,
      days: process.env.DEMO_DAYS ? Number(process.env.DEMO_DAYS) : undefined,
    });
    base = demo.baseUrl;
  } else {
    for (const tag of config.trackedTeams) {
      await trackTeam(db, tag);
    }
  }

  await app.listen({ port: config.port, host: config.host });
  // Discord posts are queued and sent after each poll has committed, in the background.
  const discord = startDiscordService({
    db,
    tz: config.siteTimezone,
    siteUrl: config.siteUrl,
    now,
    log,
    timeoutMs: config.discordTimeoutMs,
  });
  const scheduler = startScheduler({
    db,
    base,
    tz: config.siteTimezone,
    logger: log,
    now,
    poll: { concurrency: config.collectConcurrency },
    onRun: () => discord.afterPoll(),
  });
  log.info(
    `NT Team Stats is up on http://localhost:${config.port} (${config.demo ? 'demo community' : `tracking ${config.trackedTeams.join(', ')}`}, ${db.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal}: finishing the current poll and shutting down...`);
    await scheduler.stop();
    await discord.stop();
    await app.close();
    await demo?.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
