/**
 * An event's standings on Discord: one message per (team, event), posted once and then edited.
 * `discord_event_messages` holds Discord's id of it (null until a POST answered one) and the
 * standings last queued; outbox rows of kind 'event-standings' carry the event id, and `edits`
 * while a PATCH is on its way (migration 310).
 */
import type { DiscordPayload } from '../discord/embeds.js';
import type { Queryable } from './database.js';

export const STANDINGS_KIND = 'event-standings';
export const REPLACED = 'replaced by newer standings before it was sent';

/** Discord's id of the event's standings message for `tag`, when one was posted. */
export async function eventMessageId(q: Queryable, tag: string, eventId: number): Promise<string | null> {
  const { rows } = await q.query<{ message_id: string | null }>(
    'SELECT message_id FROM discord_event_messages WHERE tag = $1 AND event_id = $2',
    [tag, eventId],
  );
  return rows[0]?.message_id ?? null;
}

/**
 * Queues the event's standings when they differ from those last queued (the final ones once, as
 * `final`). A newer version replaces one still waiting; while the first POST's outcome is
 * unknown (staff have to look), its payload is brought up to date instead, so Post again sends
 * the latest. Returns true when a message was queued.
 */
export async function queueStandings(
  q: Queryable,
  m: { tag: string; eventId: number; final: boolean; standings: string; payload: DiscordPayload; at: Date },
): Promise<boolean> {
  const period = m.final ? `${m.eventId}:final` : `${m.eventId}:${m.at.toISOString()}`;
  const { rows: known } = await q.query<{ message_id: string | null; standings: string }>(
    'SELECT message_id, standings FROM discord_event_messages WHERE tag = $1 AND event_id = $2',
    [m.tag, m.eventId],
  );
  const last = known[0];
  if (!m.final && (last?.standings ?? '[]') === m.standings) return false;
  const { rows: dup } = await q.query('SELECT 1 FROM discord_outbox WHERE tag = $1 AND kind = $2 AND period = $3', [
    m.tag,
    STANDINGS_KIND,
    period,
  ]);
  if (dup.length > 0) return false;
  await q.query(
    `INSERT INTO discord_event_messages (tag, event_id, standings) VALUES ($1, $2, $3)
     ON CONFLICT (tag, event_id) DO UPDATE SET standings = EXCLUDED.standings`,
    [m.tag, m.eventId, m.standings],
  );
  const payload = JSON.stringify(m.payload);
  if (!last?.message_id) {
    const { rows: waiting } = await q.query(
      `UPDATE discord_outbox SET payload = $3::jsonb
        WHERE tag = $1 AND event_id = $2 AND kind = $4 AND status = 'unknown' RETURNING id`,
      [m.tag, m.eventId, payload, STANDINGS_KIND],
    );
    if (waiting.length > 0) return false;
  }
  await q.query(
    `UPDATE discord_outbox SET status = 'dropped', last_error = $3
      WHERE tag = $1 AND event_id = $2 AND status = 'pending'`,
    [m.tag, m.eventId, REPLACED],
  );
  await q.query(
    `INSERT INTO discord_outbox (tag, kind, period, event_id, payload, created_at, next_attempt_at, status, attempts)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $6, 'pending', 0)`,
    [m.tag, STANDINGS_KIND, period, m.eventId, payload, m.at],
  );
  return true;
}

/** The claimed message is about to edit `messageId`: a stop from here on retries it. */
export async function markEditing(q: Queryable, id: number, messageId: string): Promise<void> {
  await q.query("UPDATE discord_outbox SET edits = $2 WHERE id = $1 AND status = 'sending'", [id, messageId]);
}

/**
 * The message was deleted in Discord: forget its id, and record the POST that follows as a new
 * attempt (no longer an edit: a stop from here on leaves it 'unknown').
 */
export async function forgetEventMessage(
  q: Queryable,
  m: { id: number; tag: string; eventId: number },
  at: Date,
): Promise<void> {
  await q.query('UPDATE discord_event_messages SET message_id = NULL WHERE tag = $1 AND event_id = $2', [
    m.tag,
    m.eventId,
  ]);
  await q.query("UPDATE discord_outbox SET edits = NULL, attempted_at = $2 WHERE id = $1 AND status = 'sending'", [
    m.id,
    at,
  ]);
}

/** Sent, and Discord's id of the new message kept for the next edits: one statement, so both or neither. */
export async function markPosted(
  q: Queryable,
  m: { id: number; tag: string; eventId: number },
  messageId: string,
  at: Date,
): Promise<void> {
  await q.query(
    `WITH kept AS (
       INSERT INTO discord_event_messages (tag, event_id, message_id, standings) VALUES ($2, $3, $4, '[]')
       ON CONFLICT (tag, event_id) DO UPDATE SET message_id = EXCLUDED.message_id
     )
     UPDATE discord_outbox SET status = 'sent', sent_at = $5, last_error = NULL, edits = NULL WHERE id = $1`,
    [m.id, m.tag, m.eventId, messageId, at],
  );
}
