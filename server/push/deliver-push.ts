/**
 * Sends the due push messages one by one, each attempt recorded ('sending') and committed before
 * its request. A device the push service says is gone (404, 410) is removed with its messages;
 * a 429, a 5xx or a connection never made retries with a doubling backoff (at most 5 tries); a
 * message that may have reached the device (no answer, or the sender stopped mid-way) is never
 * sent again. Logs name the message id and kind, never the endpoint.
 */
import type { Queryable } from '../db/database.js';
import {
  claimDuePush,
  markPushEnded,
  markPushRetry,
  markPushSent,
  markStalePushSending,
  removeSubscriptionById,
} from '../db/push-repo.js';
import { sendPush, type FetchLike } from './send-push.js';
import { vapidKeys } from './vapid-keys.js';

export interface PushLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export const PUSH_LEASE_MS = 2 * 60_000;
export const PUSH_MAX_ATTEMPTS = 5;
const FIRST_BACKOFF_MS = 60_000;

export interface PushDeliverResult {
  sent: number;
  gone: number;
  retrying: number;
  failed: number;
  unknown: number;
}

export interface PushDeliverOptions {
  now: () => Date;
  log: PushLogger;
  /** The VAPID subject: a mailto: or https: contact. */
  subject: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  limit?: number;
  stopping?: () => boolean;
}

export async function deliverDuePush(db: Queryable, o: PushDeliverOptions): Promise<PushDeliverResult> {
  const result: PushDeliverResult = { sent: 0, gone: 0, retrying: 0, failed: 0, unknown: 0 };
  result.unknown += await markStalePushSending(db, new Date(o.now().getTime() - PUSH_LEASE_MS));
  const keys = await vapidKeys(db);
  for (let i = 0; i < (o.limit ?? 100) && !o.stopping?.(); i++) {
    const m = await claimDuePush(db, o.now());
    if (!m) break;
    const outcome = await sendPush(m, { keys, subject: o.subject, fetch: o.fetch, timeoutMs: o.timeoutMs });
    const at = o.now();
    const about = { outboxId: m.id, kind: m.kind };
    if (outcome.kind === 'sent') {
      await markPushSent(db, m.id, at);
      result.sent++;
      o.log.info(about, 'Push message sent');
    } else if (outcome.kind === 'gone') {
      await removeSubscriptionById(db, m.subscriptionId);
      result.gone++;
      o.log.info({ ...about, status: outcome.status }, 'Push subscription gone: removed');
    } else if (outcome.kind === 'retry' && m.attempts < PUSH_MAX_ATTEMPTS) {
      const wait = outcome.waitMs ?? FIRST_BACKOFF_MS * 2 ** (m.attempts - 1);
      await markPushRetry(db, m.id, new Date(at.getTime() + wait), outcome.error);
      result.retrying++;
      o.log.warn({ ...about, error: outcome.error }, 'Push message not sent: retrying later');
    } else if (outcome.kind === 'unknown') {
      await markPushEnded(db, m.id, 'unknown', outcome.error);
      result.unknown++;
      o.log.warn({ ...about, error: outcome.error }, 'Push message outcome unknown: not resent');
    } else {
      await markPushEnded(db, m.id, 'failed', outcome.error);
      result.failed++;
      o.log.warn({ ...about, error: outcome.error }, 'Push message given up');
    }
  }
  return result;
}
