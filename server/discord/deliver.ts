/**
 * Sends the outbox's due messages one by one. Each attempt is recorded ('sending') and committed
 * before its POST. A 2xx marks it sent; a 429 holds that webhook for Discord's wait; a 5xx or a
 * connection never made retries with a doubling backoff; a refusal (other 4xx) or too many
 * failures gives it up. A POST that went out without an answer (timeout, connection lost), or a
 * message left 'sending' past the lease (the server stopped mid-way), may be in the channel: it
 * becomes 'unknown' and is never re-sent blindly (staff see it and may post it again). An event's
 * standings are edited in place once posted (`send-event-message.ts`): an edit without an answer
 * is only retried, a PATCH being idempotent. Logs name the team and message id, never the URL.
 */
import {
  claimDue,
  holdTeam,
  markFailed,
  markRetry,
  markSent,
  markStaleSending,
  markUnknown,
} from '../db/discord-repo.js';
import type { Queryable } from '../db/database.js';
import { markPosted } from '../db/discord-event-messages-repo.js';
import { postWebhook, type FetchLike } from './post-webhook.js';
import { sendEventMessage } from './send-event-message.js';
import { scrubbed } from './webhook-url.js';

export interface DeliverLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** How long a message may stay 'sending' before its sender is taken to have stopped: well over the POST timeout. */
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
  unknown: number;
}

export interface DeliverOptions {
  now: () => Date;
  log: DeliverLogger;
  fetch?: FetchLike;
  /** How long a POST waits for Discord's answer; default 15 s. */
  timeoutMs?: number;
  limit?: number;
  /** True once the server is shutting down: no further message is claimed (at most one POST is awaited). */
  stopping?: () => boolean;
}

export async function deliverDue(db: Queryable, o: DeliverOptions): Promise<DeliverResult> {
  const result: DeliverResult = { sent: 0, retrying: 0, failed: 0, unknown: 0 };
  for (const m of await markStaleSending(db, new Date(o.now().getTime() - LEASE_MS))) {
    if (m.retried) {
      o.log.warn({ tag: m.tag, outboxId: m.id, kind: m.kind }, 'Discord edit left sending: editing again');
      continue;
    }
    result.unknown++;
    o.log.warn({ tag: m.tag, outboxId: m.id, kind: m.kind }, 'Discord message left sending: outcome unknown');
  }
  const held: string[] = [];
  for (let i = 0; i < (o.limit ?? 50) && !o.stopping?.(); i++) {
    const m = await claimDue(db, o.now(), held);
    if (!m) break;
    const send = { fetch: o.fetch, timeoutMs: o.timeoutMs };
    const { outcome, edited } =
      m.eventId === null
        ? { outcome: await postWebhook(m.url, m.payload, send), edited: false }
        : await sendEventMessage(db, { ...m, eventId: m.eventId }, { ...send, now: o.now, log: o.log });
    const at = o.now();
    if (outcome.kind === 'sent') {
      if (m.eventId !== null && !edited && outcome.messageId) {
        await markPosted(db, { id: m.id, tag: m.tag, eventId: m.eventId }, outcome.messageId, at);
      } else await markSent(db, m.id, at);
      result.sent++;
      o.log.info({ tag: m.tag, outboxId: m.id, kind: m.kind, edited }, 'Discord message sent');
    } else if (outcome.kind === 'unknown' && edited) {
      const next = new Date(at.getTime() + backoffMs(m.attempts));
      await markRetry(db, m.id, next, `edit sent, ${outcome.error}: editing again`);
      held.push(m.tag);
      result.retrying++;
      o.log.warn({ tag: m.tag, outboxId: m.id, error: outcome.error }, 'Discord edit outcome unknown: editing again');
    } else if (outcome.kind === 'unknown') {
      const error = `sent, ${scrubbed(outcome.error, m.url)}: it may have been posted`;
      await markUnknown(db, m.id, error);
      result.unknown++;
      o.log.warn({ tag: m.tag, outboxId: m.id, kind: m.kind, error }, 'Discord message outcome unknown: not resent');
    } else if (outcome.kind === 'rate-limited') {
      const until = new Date(at.getTime() + outcome.retryAfterMs);
      await markRetry(db, m.id, until, `rate limited for ${outcome.retryAfterMs} ms`);
      await holdTeam(db, m.tag, until);
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
