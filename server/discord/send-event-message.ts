/**
 * Sends an event's standings: a PATCH of the message posted before (its id kept per team and
 * event), or a POST when there is none yet or Discord says it was deleted (404, Unknown Message).
 * The PATCH is recorded (`edits`) before it goes out, so a stop mid-way retries it; the POST after
 * a deleted message is recorded as a fresh attempt first, so a stop mid-way leaves it 'unknown'.
 */
import type { Queryable } from '../db/database.js';
import { eventMessageId, forgetEventMessage, markEditing } from '../db/discord-event-messages-repo.js';
import type { DiscordPayload } from './embeds.js';
import { editWebhookMessage, postWebhook, type FetchLike, type PostOutcome } from './post-webhook.js';

export interface EventMessage {
  id: number;
  tag: string;
  eventId: number;
  url: string;
  payload: DiscordPayload;
}

export async function sendEventMessage(
  db: Queryable,
  m: EventMessage,
  o: { fetch?: FetchLike; timeoutMs?: number; now: () => Date; log: { info(obj: object, msg?: string): void } },
): Promise<{ outcome: PostOutcome; edited: boolean }> {
  const send = { fetch: o.fetch, timeoutMs: o.timeoutMs };
  const messageId = await eventMessageId(db, m.tag, m.eventId);
  if (messageId) {
    await markEditing(db, m.id, messageId);
    const outcome = await editWebhookMessage(m.url, messageId, m.payload, send);
    if (outcome.kind !== 'gone') return { outcome, edited: true };
    await forgetEventMessage(db, m, o.now());
    o.log.info(
      { tag: m.tag, outboxId: m.id, eventId: m.eventId },
      'Discord standings message was deleted: posting anew',
    );
  }
  return { outcome: await postWebhook(m.url, m.payload, send), edited: false };
}
