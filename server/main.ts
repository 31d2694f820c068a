/**
 * Start-up: answers on the port at once with "getting ready" (http/starting-server.mjs) while it
 * opens and migrates the database, ensures the first admin and starts the demo community (its
 * backfill on a first start) or tracks the configured teams; then the app takes over the same
 * port and polls every 10 minutes. PostgreSQL not answering at start (a reboot where it comes up
 * second, a failover) is waited out with back-off (db/open.ts), the port answering "getting ready"
 * and `/api/health` naming the database meanwhile.
 *
 * A stop signal (SIGTERM, SIGINT, SIGHUP), whenever it comes, is acted on once: start-up stops
 * where it is (a backfill after the day it is writing, a wait for the database at once), the team
 * requests in flight get a few seconds to be answered and a poll in progress commits, the port is
 * released, the database closed and its lock file removed; the exit code is 0, or 1 when closing
 * failed. `npm start` runs this built (dist-server/main.js, scripts/start.mjs); `npm run serve`
 * runs it from the sources.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyServerOptions } from 'fastify';
import { ConfigError, loadConfig } from './config.js';
import type { Database } from './db/database.js';
import { openDatabase, type DatabaseWait } from './db/open.js';
import { LockedError } from './db/pglite.js';
import { judgeClosedWeeks } from './db/requirements-repo.js';
import { trackTeam } from './db/teams-repo.js';
import { buildApp, LOG_REDACT } from './http/app.js';
import type { App } from './http/context.js';
import { startingServer, type RequestHandler, type StartingServer } from './http/starting-server.mjs';
import { startScheduler, type Scheduler } from './collector/scheduler.js';
import { pollTeams } from './collector/poll.js';
import { ensureFirstAdmin } from './users/bootstrap-admin.js';
import { startDemoCommunity, type DemoCommunity } from './demo/demo-community.js';
import { writeBackupToken } from './ops/backup-token.js';
import { SERVER_VERSION } from './ops/version.js';
import { startDiscordService, type DiscordService } from './discord/discord-service.js';
import { startPushService, type PushService } from './push/push-service.js';

/** The checkout: one folder up from server/ (sources) and from dist-server/ (the build). */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

export interface StartOptions {
  /** A start-up server already listening on the port (scripts/start.mjs, during the app's build). */
  starting?: StartingServer;
  /** The clock (benchmarks drive it); default the real one. */
  now?: () => Date;
  /** Poll every 10 minutes; default true (benchmarks poll on demand with `pollNow`). */
  schedule?: boolean;
}

export interface RunningServer {
  /** Resolves when the app answers on the port; rejects when start-up failed. */
  ready: Promise<void>;
  /** One collector poll of every tracked team now, without pauses (benchmarks). */
  pollNow(): Promise<{ ok: number; failed: number }>;
  /** Stops start-up or the running server as described above; the same promise on every call. */
  stop(): Promise<void>;
}

class StoppedError extends Error {}

export function startServer(options: StartOptions = {}): RunningServer {
  const config = loadConfig();
  const now = options.now ?? (() => new Date());
  const abort = new AbortController();
  const opened: {
    gate?: StartingServer;
    db?: Database;
    app?: App;
    demo?: DemoCommunity;
    discord?: DiscordService;
    push?: PushService;
    scheduler?: Scheduler;
    afterPoll?: () => void;
    judging?: Promise<void>;
  } = {};
  let base = config.gameApiBase;
  const stillStarting = () => {
    if (abort.signal.aborted) throw new StoppedError('stopped during start-up');
  };

  const startup = (async () => {
    const gate =
      options.starting ??
      startingServer({ version: SERVER_VERSION, databaseKind: config.databaseUrl ? 'postgres' : 'pglite' });
    opened.gate = gate;
    if (!gate.server.listening) await gate.listen(config.port, config.host);
    stillStarting();
    // Notes from opening the database (a data directory's modes tightened), logged once the logger exists.
    const openingNotes: string[] = [];
    opened.db = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      log: (line) => openingNotes.push(line),
      waitForServer: {
        signal: abort.signal,
        onWait: (wait) => {
          gate.waiting(waitingWords(wait));
          earlyWarning(
            `PostgreSQL is not answering (${wait.reason}): attempt ${wait.attempt} failed, trying again in ${seconds(wait.retryInMs)}`,
          );
        },
      },
    });
    gate.waiting(null);
    const db = opened.db;
    stillStarting();
    // `npm run backup` proves it may copy the database by reading this token from the data directory.
    if (db.kind === 'pglite') writeBackupToken(config.dataDir);
    let appHandler: RequestHandler | undefined;
    const serverFactory: FastifyServerOptions['serverFactory'] = (handler) => {
      appHandler = handler;
      return gate.server;
    };
    const app = await buildApp(
      { db, config, now },
      {
        staticDir: process.env.STATIC_DIR ? path.resolve(process.env.STATIC_DIR) : path.join(root, 'dist'),
        logger: loggerOptions(),
        serverFactory,
      },
    );
    opened.app = app;
    const log = app.log;
    for (const note of openingNotes) log.warn(note);
    await ensureFirstAdmin(db, config, log);
    stillStarting();
    if (config.demo) {
      opened.demo = await startDemoCommunity({
        db,
        tz: config.siteTimezone,
        log,
        now,
        teams: process.env.DEMO_TEAMS ? Number(process.env.DEMO_TEAMS) : undefined,
        days: process.env.DEMO_DAYS ? Number(process.env.DEMO_DAYS) : undefined,
        signal: abort.signal,
      });
      base = opened.demo.baseUrl;
    } else {
      for (const tag of config.trackedTeams) await trackTeam(db, tag);
    }
    stillStarting();
    await app.ready();
    gate.handOver(appHandler!);
    // Discord posts are queued and sent after each poll has committed, in the background.
    const discord = startDiscordService({
      db,
      tz: config.siteTimezone,
      siteUrl: config.siteUrl,
      now,
      log,
      timeoutMs: config.discordTimeoutMs,
    });
    opened.discord = discord;
    // Push messages too: queued after each poll, sent in the background.
    const push = startPushService({ db, tz: config.siteTimezone, subject: config.pushContact, now, log });
    opened.push = push;
    // A week that has closed is judged into strikes before the posts that may list them.
    const afterPoll = () => {
      opened.judging = (opened.judging ?? Promise.resolve())
        .then(() => judgeClosedWeeks(db, now(), config.siteTimezone))
        .catch((err: unknown) =>
          log.error({ err: err instanceof Error ? err.message : String(err) }, 'Judging the closed week failed'),
        )
        .then(() => {
          discord.afterPoll();
          push.afterPoll();
        });
    };
    opened.afterPoll = afterPoll;
    if (options.schedule !== false) {
      opened.scheduler = startScheduler({
        db,
        base,
        tz: config.siteTimezone,
        logger: log,
        now,
        poll: { concurrency: config.collectConcurrency },
        onRun: afterPoll,
      });
    }
    // The port the server got (PORT=0 asks the system for a free one).
    const address = gate.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    log.info(
      `NT Team Stats is up on http://localhost:${port} (${config.demo ? 'demo community' : `tracking ${config.trackedTeams.join(', ')}`}, ${db.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
    );
  })();

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      abort.abort(new StoppedError('stopping'));
      await startup.catch(() => undefined);
      const { gate, db, app, demo, discord, push, scheduler } = opened;
      // The order matters: a poll in progress commits first; then no new requests; the database last.
      await scheduler?.stop();
      await opened.judging;
      await discord?.stop();
      await push?.stop();
      const portClosed = gate?.close();
      await app?.close();
      await portClosed;
      await demo?.close();
      await db?.close();
    })());

  return {
    ready: startup,
    stop,
    pollNow: async () => {
      await startup;
      const run = await pollTeams({ db: opened.db!, base, now: now(), tz: config.siteTimezone, delayMs: 0 });
      if (run.ok > 0) opened.afterPoll?.();
      return { ok: run.ok, failed: run.failed };
    },
  };
}

const seconds = (ms: number) => `${Math.ceil(ms / 1000)} s`;

/** The getting-ready answer's `error` while PostgreSQL does not answer at start. */
export function waitingWords(wait: DatabaseWait): string {
  return `Waiting for the database (PostgreSQL): ${wait.reason}; trying again in ${seconds(wait.retryInMs)}`;
}

const prettyLogs = () => Boolean(process.stdout.isTTY) && process.env.LOG_FORMAT !== 'json';

/** A warning before the app's logger exists: a line in the logger's format (pino's level 40 is warn). */
function earlyWarning(msg: string): void {
  if (prettyLogs()) console.warn(msg);
  else process.stdout.write(`${JSON.stringify({ level: 40, time: Date.now(), msg })}\n`);
}

/**
 * Readable lines in a terminal, JSON lines (for log collectors) otherwise or with LOG_FORMAT=json.
 * A request's line (http/request-log.ts) says its method, address, status and time in its message.
 */
function loggerOptions(): FastifyServerOptions['logger'] {
  const pretty = prettyLogs();
  return {
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
}

/**
 * The server as a program: started, stopped once on the first stop signal (a signal sent to the
 * whole process group, or forwarded again by npm, changes nothing), exit code 0 after a clean stop.
 */
export function runServer(options: StartOptions = {}): void {
  let server: RunningServer;
  try {
    server = startServer(options);
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  }
  let stopped = false;
  const stopThenExit = (code: number) => {
    stopped = true;
    server.stop().then(
      () => process.exit(code),
      (err: unknown) => {
        console.error('Stopping failed:', err);
        process.exit(1);
      },
    );
  };
  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      if (stopped) return;
      console.log(`${signal}: finishing the current poll and shutting down...`);
      stopThenExit(0);
    });
  }
  server.ready.catch((err: unknown) => {
    if (err instanceof StoppedError) return;
    const code = (err as { code?: unknown; severity?: unknown } | null)?.code;
    const fromDatabase = typeof code === 'string' && typeof (err as { severity?: unknown }).severity === 'string';
    console.error(
      err instanceof ConfigError || err instanceof LockedError
        ? err.message
        : fromDatabase
          ? `The database refused to start the server: ${(err as Error).message} (SQLSTATE ${code})`
          : err,
    );
    if (!stopped) stopThenExit(1);
  });
}

// Run when started as a program (`tsx server/main.ts`, `node dist-server/main.js`), not when imported.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) runServer();
