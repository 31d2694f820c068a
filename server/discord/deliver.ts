/**
 * Sends the outbox's due messages one by one. Each is claimed for a lease first, so two senders
 * never post the same one; a 2xx marks it sent, a 429 holds that webhook for Discord's wait, a
 * 5xx or no answer retries with a doubling backoff, a refusal (other 4xx) or too many failures
 * gives it up. Logs name the team and message id, never the webhook URL.
 */
import { claimDue, holdTeam, markFailed, markRetry, markSent } from '../db/discord-repo.js';
import type { Queryable } from '../db/database.js';
import { postWebhook, type FetchLike } from './post-webhook.js';
import { scrubbed } from './webhook-url.js';

export interface DeliverLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export const LEASE_MS = 2 * 60_000;
export const FIRST_BACKOFF_MS = 30_000;
export const MAX_BACKOFF_MS = 60 * 60_000;
export const MAX_ATTEMPTS = 8;

/** The wait after the `attempts`-th failure: 30 s, 1 min, 2 min, ... at most an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
}

export interface DeliverResult {
  sent: number;
  retrying: number;
  failed: number;
}

export async function deliverDue(
  db: Queryable,
  o: { now: () => Date; log: DeliverLogger; fetch?: FetchLike; limit?: number },
): Promise<DeliverResult> {
  const result: DeliverResult = { sent: 0, retrying: 0, failed: 0 };
  const held: string[] = [];
  for (let i = 0; i < (o.limit ?? 50); i++) {
    const m = await claimDue(db, o.now(), LEASE_MS, held);
    if (!m) break;
    const outcome = await postWebhook(m.url, m.payload, o.fetch);
    const at = o.now();
    if (outcome.kind === 'sent') {
      await markSent(db, m.id, at);
      result.sent++;
      o.log.info({ tag: m.tag, outboxId: m.id, kind: m.kind }, 'Discord message sent');
    } else if (outcome.kind === 'rate-limited') {
      const until = new Date(at.getTime() + outcome.retryAfterMs);
      await holdTeam(db, m.tag, until);
      await markRetry(db, m.id, until, `rate limited for ${outcome.retryAfterMs} ms`);
      held.push(m.tag);
      result.retrying++;
      o.log.warn({ tag: m.tag, outboxId: m.id, retryAfterMs: outcome.retryAfterMs }, 'Discord rate limit: waiting');
    } else {
      const error = scrubbed(outcome.error, m.url);
      if (outcome.permanent || m.attempts >= MAX_ATTEMPTS) {
        await markFailed(db, m.id, error);
        result.failed++;
        o.log.warn({ tag: m.tag, outboxId: m.id, attempts: m.attempts, error }, 'Discord message given up');
      } else {
        const next = new Date(at.getTime() + backoffMs(m.attempts));
        await markRetry(db, m.id, next, error);
        held.push(m.tag);
        result.retrying++;
        o.log.warn(
          { tag: m.tag, outboxId: m.id, attempts: m.attempts, error, retryAt: next.toISOString() },
          'Discord message failed: retrying later',
        );
      }
    }
  }
  return result;
}
