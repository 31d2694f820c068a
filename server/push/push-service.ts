/** The web push sender inside the server (see ../ops/background-sender.ts for how it runs). */
import type { Database } from '../db/database.js';
import { startBackgroundSender, type BackgroundSender } from '../ops/background-sender.js';
import { deliverDuePush, type PushLogger } from './deliver-push.js';
import { enqueuePushDue, type PushQueueCursor } from './enqueue-push.js';
import type { FetchLike } from './send-push.js';

export interface PushServiceOptions {
  db: Database;
  tz: string;
  /** The VAPID subject (PUSH_CONTACT). */
  subject: string;
  now: () => Date;
  log: PushLogger & { error(obj: object, msg?: string): void };
  fetch?: FetchLike;
  /** Retry pass interval; default 60 s. */
  intervalMs?: number;
}

export type PushService = BackgroundSender;

/**
 * How long one after-poll queue pass may judge devices: the next pass goes on from where it
 * stopped, so the pass stays short (and the sending after it prompt) however many devices there are.
 */
export const PUSH_QUEUE_BUDGET_MS = 2_000;

export function startPushService(o: PushServiceOptions): PushService {
  const cursor: PushQueueCursor = { after: 0 };
  return startBackgroundSender({
    name: 'Push',
    intervalMs: o.intervalMs ?? 60_000,
    log: o.log,
    queue: () => enqueuePushDue(o.db, { now: o.now(), tz: o.tz, budgetMs: PUSH_QUEUE_BUDGET_MS, cursor }),
    deliver: (stopping) =>
      deliverDuePush(o.db, { now: o.now, log: o.log, subject: o.subject, fetch: o.fetch, stopping }),
  });
}
