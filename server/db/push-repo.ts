/**
 * Web push: the devices that opted in (endpoint and keys are secrets: no answer or log holds
 * them), the last board position seen per device, and the outbox. A message is queued once per
 * (device, kind, period) and only while the device has had fewer than `cap` messages that site
 * day; it is claimed as 'sending' (committed before the request), then marked sent, retried after
 * a failure the push service proved, given up, or 'unknown' when the request got no answer.
 */
import type { Queryable } from './database.js';

export interface PushChoicesRow {
  username: string | null;
  passedBoard: '24hour' | '7day' | null;
  passedScope: 'individual' | 'team';
  eventEnded: boolean;
  requirementRisk: boolean;
  staffUser: number | null;
}

export interface PushSubscriptionRow extends PushChoicesRow {
  id: number;
  appOrigin: string;
}

export interface NewSubscription extends PushChoicesRow {
  endpoint: string;
  p256dh: string;
  auth: string;
  appOrigin: string;
}

const CHOICE_COLUMNS = `username, passed_board AS "passedBoard", passed_scope AS "passedScope",
  event_ended AS "eventEnded", requirement_risk AS "requirementRisk", staff_user AS "staffUser"`;

/** Saves a device's choices (a new endpoint, or new keys or choices for a known one); returns its id. */
export async function saveSubscription(q: Queryable, s: NewSubscription, at: Date): Promise<number> {
  const { rows } = await q.query<{ id: string | number }>(
    `INSERT INTO push_subscriptions (endpoint, p256dh, auth, app_origin, username, passed_board, passed_scope,
       event_ended, requirement_risk, staff_user, created_at, updated_at, seen_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $11)
     ON CONFLICT (endpoint) DO UPDATE SET p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
       app_origin = EXCLUDED.app_origin, username = EXCLUDED.username, passed_board = EXCLUDED.passed_board,
       passed_scope = EXCLUDED.passed_scope, event_ended = EXCLUDED.event_ended,
       requirement_risk = EXCLUDED.requirement_risk, staff_user = EXCLUDED.staff_user, updated_at = EXCLUDED.updated_at
     RETURNING id`,
    [
      s.endpoint,
      s.p256dh,
      s.auth,
      s.appOrigin,
      s.username,
      s.passedBoard,
      s.passedScope,
      s.eventEnded,
      s.requirementRisk,
      s.staffUser,
      at,
    ],
  );
  const id = Number(rows[0].id);
  // A new racer or board starts from no known position.
  await q.query(`DELETE FROM push_positions WHERE subscription_id = $1 AND board <> $2`, [
    id,
    `${s.username ?? ''}|${s.passedBoard ?? ''}|${s.passedScope}`,
  ]);
  return id;
}

export async function findChoices(q: Queryable, endpoint: string): Promise<PushChoicesRow | null> {
  const { rows } = await q.query<PushChoicesRow>(
    `SELECT ${CHOICE_COLUMNS} FROM push_subscriptions WHERE endpoint = $1`,
    [endpoint],
  );
  return rows[0] ?? null;
}

export async function removeSubscription(q: Queryable, endpoint: string): Promise<boolean> {
  const { rows } = await q.query('DELETE FROM push_subscriptions WHERE endpoint = $1 RETURNING id', [endpoint]);
  return rows.length > 0;
}

/** The push service said the subscription is gone (404, 410). */
export async function removeSubscriptionById(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM push_subscriptions WHERE id = $1', [id]);
}

/** The app was opened on the device: the badge counts from now. */
export async function markSeen(q: Queryable, endpoint: string, at: Date): Promise<boolean> {
  const { rows } = await q.query('UPDATE push_subscriptions SET seen_at = $2 WHERE endpoint = $1 RETURNING id', [
    endpoint,
    at,
  ]);
  return rows.length > 0;
}

export async function listSubscriptions(q: Queryable): Promise<PushSubscriptionRow[]> {
  const { rows } = await q.query<PushSubscriptionRow & { id: string | number }>(
    `SELECT id, app_origin AS "appOrigin", ${CHOICE_COLUMNS} FROM push_subscriptions ORDER BY id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** The position last seen on `board` (a key naming racer, board and scope), null when none. */
export async function lastPosition(q: Queryable, subscriptionId: number, board: string): Promise<number | null> {
  const { rows } = await q.query<{ position: number }>(
    'SELECT position FROM push_positions WHERE subscription_id = $1 AND board = $2',
    [subscriptionId, board],
  );
  return rows[0]?.position ?? null;
}

export async function keepPosition(
  q: Queryable,
  subscriptionId: number,
  board: string,
  position: number | null,
): Promise<void> {
  if (position === null) {
    await q.query('DELETE FROM push_positions WHERE subscription_id = $1 AND board = $2', [subscriptionId, board]);
    return;
  }
  await q.query(
    `INSERT INTO push_positions (subscription_id, board, position) VALUES ($1, $2, $3)
     ON CONFLICT (subscription_id, board) DO UPDATE SET position = EXCLUDED.position`,
    [subscriptionId, board, position],
  );
}

export interface PushMessage {
  title: string;
  body: string;
  /** The screen it is about, as a path of the app ("/racers/alf"). */
  path: string;
}

/**
 * Queues a message once per (device, kind, period), and only while the device has had fewer than
 * `cap` messages on site day `day`. Returns its id, or null when it was not queued.
 */
export async function enqueuePush(
  q: Queryable,
  m: { subscriptionId: number; kind: string; period: string; day: string; message: PushMessage; at: Date; cap: number },
): Promise<number | null> {
  const { rows } = await q.query<{ id: string | number }>(
    `INSERT INTO push_outbox (subscription_id, kind, period, day, payload, created_at, next_attempt_at)
     SELECT $1, $2, $3, $4::date, $5::jsonb, $6, $6
      WHERE (SELECT count(*) FROM push_outbox WHERE subscription_id = $1 AND day = $4::date) < $7
     ON CONFLICT (subscription_id, kind, period) DO NOTHING RETURNING id`,
    [m.subscriptionId, m.kind, m.period, m.day, JSON.stringify(m.message), m.at, m.cap],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

export async function isPushQueued(
  q: Queryable,
  subscriptionId: number,
  kind: string,
  period: string,
): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM push_outbox WHERE subscription_id = $1 AND kind = $2 AND period = $3', [
    subscriptionId,
    kind,
    period,
  ]);
  return rows.length > 0;
}

export interface ClaimedPush {
  id: number;
  subscriptionId: number;
  kind: string;
  attempts: number;
  message: PushMessage;
  appOrigin: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** Messages sent to the device since its app was last opened, this one included. */
  unseen: number;
}

/** Takes the oldest due message and records the attempt ('sending') in the same statement. */
export async function claimDuePush(q: Queryable, now: Date): Promise<ClaimedPush | null> {
  const { rows } = await q.query<{
    id: string | number;
    subscription_id: string | number;
    kind: string;
    attempts: number;
    payload: unknown;
    app_origin: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    unseen: string | number;
  }>(
    `WITH next AS (
       SELECT id FROM push_outbox WHERE status = 'pending' AND next_attempt_at <= $1
        ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED
     )
     UPDATE push_outbox o SET status = 'sending', attempted_at = $1, attempts = o.attempts + 1
       FROM next, push_subscriptions s
      WHERE o.id = next.id AND s.id = o.subscription_id
      RETURNING o.id, o.subscription_id, o.kind, o.attempts, o.payload, s.app_origin, s.endpoint, s.p256dh, s.auth,
        (SELECT count(*) FROM push_outbox p WHERE p.subscription_id = s.id AND p.status IN ('sent', 'unknown')
            AND p.attempted_at > s.seen_at) + 1 AS unseen`,
    [now],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: Number(r.id),
    subscriptionId: Number(r.subscription_id),
    kind: r.kind,
    attempts: r.attempts,
    message: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as PushMessage,
    appOrigin: r.app_origin,
    endpoint: r.endpoint,
    p256dh: r.p256dh,
    auth: r.auth,
    unseen: Number(r.unseen),
  };
}

export async function markPushSent(q: Queryable, id: number, at: Date): Promise<void> {
  await q.query("UPDATE push_outbox SET status = 'sent', sent_at = $2, last_error = NULL WHERE id = $1", [id, at]);
}

export async function markPushRetry(q: Queryable, id: number, at: Date, error: string): Promise<void> {
  await q.query(
    "UPDATE push_outbox SET status = 'pending', next_attempt_at = $2, last_error = $3 WHERE id = $1 AND status = 'sending'",
    [id, at, error],
  );
}

export async function markPushEnded(
  q: Queryable,
  id: number,
  status: 'failed' | 'unknown',
  error: string,
): Promise<void> {
  await q.query("UPDATE push_outbox SET status = $2, last_error = $3 WHERE id = $1 AND status = 'sending'", [
    id,
    status,
    error,
  ]);
}

/** Messages left 'sending' since `before` (the sender stopped mid-way) become 'unknown': never sent twice. */
export async function markStalePushSending(q: Queryable, before: Date): Promise<number> {
  const { rows } = await q.query(
    `UPDATE push_outbox SET status = 'unknown', last_error = 'the server stopped while sending'
      WHERE status = 'sending' AND attempted_at <= $1 RETURNING id`,
    [before],
  );
  return rows.length;
}

export interface RacerOnTeam {
  userId: number;
  username: string;
  displayName: string;
  /** The racer's current team (the latest joined), null when on none. */
  tag: string | null;
}

export async function racerByUsername(q: Queryable, username: string): Promise<RacerOnTeam | null> {
  const { rows } = await q.query<RacerOnTeam & { userId: string | number }>(
    `SELECT r.user_id AS "userId", r.username, COALESCE(NULLIF(r.display_name, ''), r.username) AS "displayName",
            (SELECT m.tag FROM memberships m WHERE m.user_id = r.user_id AND m.left_at IS NULL
              ORDER BY m.first_seen DESC LIMIT 1) AS tag
       FROM racers r WHERE lower(r.username) = lower($1)`,
    [username],
  );
  return rows[0] ? { ...rows[0], userId: Number(rows[0].userId) } : null;
}

/** A staff user's role and granted team, null when the user no longer exists. */
export async function staffRole(
  q: Queryable,
  id: number,
): Promise<{ username: string; role: string; teamTag: string | null } | null> {
  const { rows } = await q.query<{ username: string; role: string; teamTag: string | null }>(
    'SELECT username, role, team_tag AS "teamTag" FROM users WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}

export async function trackedTags(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ tag: string }>('SELECT tag FROM teams WHERE tracked ORDER BY tag');
  return rows.map((r) => r.tag);
}

/** Events of teams `userId` has raced for, started, and ended after `endedAfter`. */
export async function racerRecentEventIds(
  q: Queryable,
  userId: number,
  now: Date,
  endedAfter: Date,
): Promise<number[]> {
  const { rows } = await q.query<{ event_id: number }>(
    `SELECT DISTINCT e.event_id, e.end_time FROM events e JOIN event_teams et ON et.event_id = e.event_id
      WHERE e.start_time <= $2 AND e.end_time > $3 AND e.end_time <= $2
        AND et.tag IN (SELECT tag FROM memberships WHERE user_id = $1)
      ORDER BY e.end_time, e.event_id`,
    [userId, now, endedAfter],
  );
  return rows.map((r) => r.event_id);
}
