/** The Discord sender inside the server (see ../ops/background-sender.ts for how it runs). */
import type { Database } from '../db/database.js';
import { startBackgroundSender, type BackgroundSender } from '../ops/background-sender.js';
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

export type DiscordService = BackgroundSender;

export function startDiscordService(o: DiscordServiceOptions): DiscordService {
  return startBackgroundSender({
    name: 'Discord',
    intervalMs: o.intervalMs ?? 30_000,
    log: o.log,
    queue: () => enqueueDue(o.db, { now: o.now(), tz: o.tz, siteUrl: o.siteUrl }),
    deliver: (stopping) =>
      deliverDue(o.db, { now: o.now, log: o.log, fetch: o.fetch, timeoutMs: o.timeoutMs, stopping }),
  });
}
