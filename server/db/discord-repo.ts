/**
 * Discord webhooks (one per team, the URL never leaves the server except to Discord) and the
 * outbox: a message is inserted once per (team, kind, period) as 'pending', claimed as 'sending'
 * (committed before its POST), then marked sent, put back to 'pending' after a failure Discord
 * proved (a 5xx, a refused connection, a 429), given up ('failed'), or marked 'unknown' when the
 * POST may have been taken: those wait for staff, who can post them again.
 */
import type { DiscordPayload } from '../discord/embeds.js';
import type { Queryable } from './database.js';

export interface Webhook {
  tag: string;
  url: string;
  eventStandings: boolean;
  dailyTop: boolean;
  memberLog: boolean;
}

interface WebhookRow {
  tag: string;
  url: string;
  event_standings: boolean;
  daily_top: boolean;
  member_log: boolean;
}

const WEBHOOK_COLUMNS = 'tag, url, event_standings, daily_top, member_log';
const toWebhook = (r: WebhookRow): Webhook => ({
  tag: r.tag,
  url: r.url,
  eventStandings: r.event_standings,
  dailyTop: r.daily_top,
  memberLog: r.member_log,
});

export async function getWebhook(q: Queryable, tag: string): Promise<Webhook | null> {
  const { rows } = await q.query<WebhookRow>(`SELECT ${WEBHOOK_COLUMNS} FROM discord_webhooks WHERE tag = $1`, [tag]);
  return rows[0] ? toWebhook(rows[0]) : null;
}

export async function listWebhooks(q: Queryable): Promise<Webhook[]> {
  const { rows } = await q.query<WebhookRow>(`SELECT ${WEBHOOK_COLUMNS} FROM discord_webhooks ORDER BY tag`);
  return rows.map(toWebhook);
}

export async function saveWebhook(q: Queryable, w: Webhook, by: string, at: Date): Promise<void> {
  // Another webhook cannot edit the old one's messages: the next standings are posted anew.
  await q.query(
    `DELETE FROM discord_event_messages WHERE tag = $1
       AND NOT EXISTS (SELECT 1 FROM discord_webhooks WHERE tag = $1 AND url = $2)`,
    [w.tag, w.url],
  );
  await q.query(
    `INSERT INTO discord_webhooks (tag, url, event_standings, daily_top, member_log, updated_at, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (tag) DO UPDATE SET url = EXCLUDED.url, event_standings = EXCLUDED.event_standings,
       daily_top = EXCLUDED.daily_top, member_log = EXCLUDED.member_log, updated_at = EXCLUDED.updated_at,
       updated_by = EXCLUDED.updated_by`,
    [w.tag, w.url, w.eventStandings, w.dailyTop, w.memberLog, at, by],
  );
}

/**
 * Removes the webhook and drops its unsent messages, and those of unknown outcome waiting for
 * staff (they were meant for that channel).
 */
export async function removeWebhook(q: Queryable, tag: string): Promise<boolean> {
  const { rows } = await q.query('DELETE FROM discord_webhooks WHERE tag = $1 RETURNING tag', [tag]);
  await q.query("UPDATE discord_outbox SET status = 'dropped' WHERE tag = $1 AND status IN ('pending', 'unknown')", [
    tag,
  ]);
  await q.query('DELETE FROM discord_event_messages WHERE tag = $1', [tag]);
  return rows.length > 0;
}

export async function isQueued(q: Queryable, tag: string, kind: string, period: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM discord_outbox WHERE tag = $1 AND kind = $2 AND period = $3', [
    tag,
    kind,
    period,
  ]);
  return rows.length > 0;
}

/**
 * Queues a message once: a second call for the same (tag, kind, period) changes nothing. Returns
 * its id when new. `sendingNow` records it as being sent by the caller (a test message), so the
 * background sender never picks it up as well.
 */
export async function enqueue(
  q: Queryable,
  m: { tag: string; kind: string; period: string; payload: DiscordPayload; at: Date; sendingNow?: boolean },
): Promise<number | null> {
  const { rows } = await q.query<{ id: string | number }>(
    `INSERT INTO discord_outbox (tag, kind, period, payload, created_at, next_attempt_at, status, attempts, attempted_at)
     VALUES ($1, $2, $3, $4::jsonb, $5, $5, $6, $7, $8)
     ON CONFLICT (tag, kind, period) DO NOTHING RETURNING id`,
    [
      m.tag,
      m.kind,
      m.period,
      JSON.stringify(m.payload),
      m.at,
      m.sendingNow ? 'sending' : 'pending',
      m.sendingNow ? 1 : 0,
      m.sendingNow ? m.at : null,
    ],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

export interface ClaimedMessage {
  id: number;
  tag: string;
  kind: string;
  /** An event's standings message: posted once, then edited. */
  eventId: number | null;
  attempts: number;
  payload: DiscordPayload;
  url: string;
}

/**
 * Takes the oldest due message of a connected team (not one of `skipTags`) and records the attempt
 * (status 'sending', `attempted_at`) in the same statement, committed before anything is posted:
 * no other sender takes it, and a crash leaves it 'sending' for `markStaleSending`.
 */
export async function claimDue(q: Queryable, now: Date, skipTags: string[]): Promise<ClaimedMessage | null> {
  const { rows } = await q.query<{
    id: string | number;
    tag: string;
    kind: string;
    event_id: number | null;
    attempts: number;
    payload: unknown;
    url: string;
  }>(
    `WITH next AS (
       SELECT o.id FROM discord_outbox o JOIN discord_webhooks w ON w.tag = o.tag
        WHERE o.status = 'pending' AND o.next_attempt_at <= $1 AND NOT (o.tag = ANY($2::text[]))
        ORDER BY o.next_attempt_at, o.id LIMIT 1
        FOR UPDATE OF o SKIP LOCKED
     )
     UPDATE discord_outbox o SET status = 'sending', attempted_at = $1, attempts = o.attempts + 1
       FROM next, discord_webhooks w
      WHERE o.id = next.id AND w.tag = o.tag
      RETURNING o.id, o.tag, o.kind, o.event_id, o.attempts, o.payload, w.url`,
    [now, skipTags],
  );
  const r = rows[0];
  if (!r) return null;
  const payload = (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as DiscordPayload;
  return {
    id: Number(r.id),
    tag: r.tag,
    kind: r.kind,
    eventId: r.event_id,
    attempts: r.attempts,
    payload,
    url: r.url,
  };
}

export async function markSent(q: Queryable, id: number, at: Date): Promise<void> {
  await q.query(
    "UPDATE discord_outbox SET status = 'sent', sent_at = $2, last_error = NULL, edits = NULL WHERE id = $1",
    [id, at],
  );
}

/** Back to the queue from `at`: only after an outcome that proves Discord did not take it. */
export async function markRetry(q: Queryable, id: number, at: Date, error: string): Promise<void> {
  await q.query(
    "UPDATE discord_outbox SET status = 'pending', next_attempt_at = $2, last_error = $3, edits = NULL WHERE id = $1 AND status = 'sending'",
    [id, at, error],
  );
}

/** The POST went out and no answer came: it may be in the channel, so it is not sent again on its own. */
export async function markUnknown(q: Queryable, id: number, error: string): Promise<void> {
  await q.query("UPDATE discord_outbox SET status = 'unknown', last_error = $2 WHERE id = $1 AND status = 'sending'", [
    id,
    error,
  ]);
}

export const STOPPED_WHILE_SENDING = 'the server stopped while sending: it may have been posted';
export const STOPPED_WHILE_EDITING = 'the server stopped while editing: edited again';

/**
 * Messages still 'sending' since `before` (their sender stopped mid-way: a crash, a kill) become
 * 'unknown'; an edit (a PATCH, idempotent) goes back to the queue instead. Returns them for the log.
 */
export async function markStaleSending(
  q: Queryable,
  before: Date,
): Promise<Array<{ id: number; tag: string; kind: string; retried: boolean }>> {
  const { rows } = await q.query<{ id: string | number; tag: string; kind: string; retried: boolean }>(
    `UPDATE discord_outbox
        SET status = CASE WHEN edits IS NULL THEN 'unknown' ELSE 'pending' END,
            last_error = CASE WHEN edits IS NULL THEN $2 ELSE $3 END,
            next_attempt_at = CASE WHEN edits IS NULL THEN next_attempt_at ELSE attempted_at END,
            edits = NULL
      WHERE status = 'sending' AND attempted_at <= $1
      RETURNING id, tag, kind, status = 'pending' AS retried`,
    [before, STOPPED_WHILE_SENDING, STOPPED_WHILE_EDITING],
  );
  return rows.map((r) => ({ id: Number(r.id), tag: r.tag, kind: r.kind, retried: r.retried }));
}

export interface UnconfirmedMessage {
  id: number;
  title: string;
  attemptedAt: Date;
  error: string | null;
}

/** The team's posts of unknown outcome tried since `since`, newest first (test messages left out). */
export async function listUnconfirmed(
  q: Queryable,
  tag: string,
  since: Date,
  limit: number,
): Promise<UnconfirmedMessage[]> {
  const { rows } = await q.query<{
    id: string | number;
    title: string | null;
    attempted_at: Date;
    last_error: string | null;
  }>(
    `SELECT id, payload #>> '{embeds,0,title}' AS title, attempted_at, last_error FROM discord_outbox
      WHERE tag = $1 AND status = 'unknown' AND kind <> 'test' AND attempted_at >= $2
      ORDER BY attempted_at DESC, id DESC LIMIT $3`,
    [tag, since, limit],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    title: r.title ?? 'Discord message',
    attemptedAt: r.attempted_at,
    error: r.last_error,
  }));
}

/** Staff found an unconfirmed post missing from the channel: queue it again now. False when it is not one of `tag`'s. */
export async function postAgain(q: Queryable, tag: string, id: number, at: Date): Promise<boolean> {
  const { rows } = await q.query(
    `UPDATE discord_outbox SET status = 'pending', next_attempt_at = $3, last_error = NULL
      WHERE id = $1 AND tag = $2 AND status = 'unknown' AND kind <> 'test' RETURNING id`,
    [id, tag, at],
  );
  return rows.length > 0;
}

export async function markFailed(q: Queryable, id: number, error: string): Promise<void> {
  await q.query(
    "UPDATE discord_outbox SET status = 'failed', last_error = $2, edits = NULL WHERE id = $1 AND status = 'sending'",
    [id, error],
  );
}

/** After a 429: nothing more for that webhook before Discord's wait is over. */
export async function holdTeam(q: Queryable, tag: string, until: Date): Promise<void> {
  await q.query(
    "UPDATE discord_outbox SET next_attempt_at = GREATEST(next_attempt_at, $2) WHERE tag = $1 AND status = 'pending'",
    [tag, until],
  );
}

/** Ids of the events of `tag` that have started and ended no earlier than `endedAfter`. */
export async function recentEventIds(q: Queryable, tag: string, now: Date, endedAfter: Date): Promise<number[]> {
  const { rows } = await q.query<{ event_id: number }>(
    `SELECT e.event_id FROM events e JOIN event_teams et ON et.event_id = e.event_id AND et.tag = $1
      WHERE e.start_time <= $2 AND e.end_time > $3 ORDER BY e.end_time, e.event_id`,
    [tag, now, endedAfter],
  );
  return rows.map((r) => r.event_id);
}

export interface MemberChange {
  username: string;
  displayName: string;
  joined: boolean;
}

/**
 * Who joined `tag` (first seen) and who left it inside [from, to). Joins count only once the team
 * was tracked before `from`: the first poll of a newly tracked team finds everyone, not newcomers.
 */
export async function memberChanges(q: Queryable, tag: string, from: Date, to: Date): Promise<MemberChange[]> {
  const { rows } = await q.query<MemberChange & { at: Date }>(
    `WITH changes AS (
       SELECT m.user_id, m.first_seen AS at, true AS joined FROM memberships m
        WHERE m.tag = $1 AND m.first_seen >= $2 AND m.first_seen < $3
          AND EXISTS (SELECT 1 FROM memberships e WHERE e.tag = $1 AND e.first_seen < $2)
       UNION ALL
       SELECT m.user_id, m.left_at, false FROM memberships m
        WHERE m.tag = $1 AND m.left_at >= $2 AND m.left_at < $3
     )
     SELECT r.username, COALESCE(NULLIF(r.display_name, ''), r.username) AS "displayName", c.joined, c.at
       FROM changes c JOIN racers r ON r.user_id = c.user_id
      ORDER BY c.at, r.username`,
    [tag, from, to],
  );
  return rows.map((r) => ({ username: r.username, displayName: r.displayName, joined: r.joined }));
}
