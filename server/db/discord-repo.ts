/**
 * Discord webhooks (one per team, the URL never leaves the server except to Discord) and the
 * outbox: a message is inserted once per (team, kind, period), claimed for a short lease while it
 * is being sent, then marked sent, moved on after a failure or a 429, or given up.
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
  await q.query(
    `INSERT INTO discord_webhooks (tag, url, event_standings, daily_top, member_log, updated_at, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (tag) DO UPDATE SET url = EXCLUDED.url, event_standings = EXCLUDED.event_standings,
       daily_top = EXCLUDED.daily_top, member_log = EXCLUDED.member_log, updated_at = EXCLUDED.updated_at,
       updated_by = EXCLUDED.updated_by`,
    [w.tag, w.url, w.eventStandings, w.dailyTop, w.memberLog, at, by],
  );
}

/** Removes the webhook and drops its unsent messages (they were meant for that channel). */
export async function removeWebhook(q: Queryable, tag: string): Promise<boolean> {
  const { rows } = await q.query('DELETE FROM discord_webhooks WHERE tag = $1 RETURNING tag', [tag]);
  await q.query("UPDATE discord_outbox SET status = 'dropped' WHERE tag = $1 AND status = 'pending'", [tag]);
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

/** Queues a message once: a second call for the same (tag, kind, period) changes nothing. Returns its id when new. */
export async function enqueue(
  q: Queryable,
  m: { tag: string; kind: string; period: string; payload: DiscordPayload; at: Date },
): Promise<number | null> {
  const { rows } = await q.query<{ id: string | number }>(
    `INSERT INTO discord_outbox (tag, kind, period, payload, created_at, next_attempt_at)
     VALUES ($1, $2, $3, $4::jsonb, $5, $5)
     ON CONFLICT (tag, kind, period) DO NOTHING RETURNING id`,
    [m.tag, m.kind, m.period, JSON.stringify(m.payload), m.at],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

export interface ClaimedMessage {
  id: number;
  tag: string;
  kind: string;
  attempts: number;
  payload: DiscordPayload;
  url: string;
}

/**
 * Takes the oldest due message of a connected team (not one of `skipTags`) for a lease of
 * `leaseMs`: another sender (or this one after a crash) sees it only once the lease ran out.
 */
export async function claimDue(
  q: Queryable,
  now: Date,
  leaseMs: number,
  skipTags: string[],
): Promise<ClaimedMessage | null> {
  const { rows } = await q.query<{
    id: string | number;
    tag: string;
    kind: string;
    attempts: number;
    payload: unknown;
    url: string;
  }>(
    `WITH next AS (
       SELECT o.id FROM discord_outbox o JOIN discord_webhooks w ON w.tag = o.tag
        WHERE o.status = 'pending' AND o.next_attempt_at <= $1 AND NOT (o.tag = ANY($3::text[]))
        ORDER BY o.next_attempt_at, o.id LIMIT 1
        FOR UPDATE OF o SKIP LOCKED
     )
     UPDATE discord_outbox o SET next_attempt_at = $2, attempts = o.attempts + 1
       FROM next, discord_webhooks w
      WHERE o.id = next.id AND w.tag = o.tag
      RETURNING o.id, o.tag, o.kind, o.attempts, o.payload, w.url`,
    [now, new Date(now.getTime() + leaseMs), skipTags],
  );
  const r = rows[0];
  if (!r) return null;
  const payload = (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as DiscordPayload;
  return { id: Number(r.id), tag: r.tag, kind: r.kind, attempts: r.attempts, payload, url: r.url };
}

export async function markSent(q: Queryable, id: number, at: Date): Promise<void> {
  await q.query("UPDATE discord_outbox SET status = 'sent', sent_at = $2, last_error = NULL WHERE id = $1", [id, at]);
}

export async function markRetry(q: Queryable, id: number, at: Date, error: string): Promise<void> {
  await q.query('UPDATE discord_outbox SET next_attempt_at = $2, last_error = $3 WHERE id = $1', [id, at, error]);
}

export async function markFailed(q: Queryable, id: number, error: string): Promise<void> {
  await q.query("UPDATE discord_outbox SET status = 'failed', last_error = $2 WHERE id = $1", [id, error]);
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
