/**
 * The Discord sender inside the server: `afterPoll()` (called once a poll has committed) queues
 * the due posts and sends them in the background, never holding up the poll; a timer sends the
 * retries that come due in between. One pass at a time; `stop()` lets the POST in progress end
 * (at most the timeout) and claims nothing more.
 */
import type { Database } from '../db/database.js';
import { deliverDue, type DeliverLogger } from './deliver.js';
import { enqueueDue } from './enqueue-due.js';
import type { FetchLike } from './post-webhook.js';

export interface DiscordServiceOptions {
  db: Database;
  tz: string;
  siteUrl?: string;
  now: () => Date;
  log: DeliverLogger & { error(obj: object, msg?: string): void };
  fetch?: FetchLike;
  /** How long a POST waits for Discord's answer; default 15 s. */
  timeoutMs?: number;
  /** Retry pass interval; default 30 s. */
  intervalMs?: number;
}

export interface DiscordService {
  afterPoll(): void;
  /** One pass (queue, then send): what the background runs, exposed for tests. */
  runOnce(queue?: boolean): Promise<void>;
  stop(): Promise<void>;
}

export function startDiscordService(o: DiscordServiceOptions): DiscordService {
  let current: Promise<void> = Promise.resolve();
  let stopped = false;

  const pass = async (queue: boolean) => {
    try {
      if (queue) await enqueueDue(o.db, { now: o.now(), tz: o.tz, siteUrl: o.siteUrl });
      await deliverDue(o.db, {
        now: o.now,
        log: o.log,
        fetch: o.fetch,
        timeoutMs: o.timeoutMs,
        stopping: () => stopped,
      });
    } catch (err) {
      o.log.error({ err: err instanceof Error ? err.message : String(err) }, 'Discord pass failed');
    }
  };
  const runOnce = (queue = true) => {
    current = current.then(() => (stopped ? undefined : pass(queue)));
    return current;
  };
  const timer = setInterval(() => void runOnce(false), o.intervalMs ?? 30_000);
  timer.unref();

  return {
    afterPoll: () => void runOnce(true),
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}
