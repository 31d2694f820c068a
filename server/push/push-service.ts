/**
 * The push sender inside the server, as the Discord one: `afterPoll()` (once a poll has
 * committed) queues the due messages and sends them in the background; a timer sends retries in
 * between. One pass at a time; `stop()` lets the request in progress end and claims nothing more.
 */
import type { Database } from '../db/database.js';
import { deliverDuePush, type PushLogger } from './deliver-push.js';
import { enqueuePushDue } from './enqueue-push.js';
import type { FetchLike } from './send-push.js';

export interface PushServiceOptions {
  db: Database;
  tz: string;
  /** The VAPID subject (PUSH_CONTACT). */
  subject: string;
  now: () => Date;
  log: PushLogger & { error(obj: object, msg?: string): void };
  fetch?: FetchLike;
  intervalMs?: number;
}

export interface PushService {
  afterPoll(): void;
  runOnce(queue?: boolean): Promise<void>;
  stop(): Promise<void>;
}

export function startPushService(o: PushServiceOptions): PushService {
  let current: Promise<void> = Promise.resolve();
  let stopped = false;
  const pass = async (queue: boolean) => {
    try {
      if (queue) await enqueuePushDue(o.db, { now: o.now(), tz: o.tz });
      await deliverDuePush(o.db, {
        now: o.now,
        log: o.log,
        subject: o.subject,
        fetch: o.fetch,
        stopping: () => stopped,
      });
    } catch (err) {
      o.log.error({ err: err instanceof Error ? err.message : String(err) }, 'Push pass failed');
    }
  };
  const runOnce = (queue = true) => {
    current = current.then(() => (stopped ? undefined : pass(queue)));
    return current;
  };
  const timer = setInterval(() => void runOnce(false), o.intervalMs ?? 60_000);
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
