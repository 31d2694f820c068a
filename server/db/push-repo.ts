/**
 * Web push: the devices that opted in (endpoint and keys are secrets: no answer or log holds
 * them), the last board position seen per device, and the outbox. A message is queued once per
 * (device, kind, period) and only while the device has had fewer than `cap` messages that site
 * day; it is claimed as 'sending' (committed before the request), then marked sent, retried after
 * a failure the push service proved, given up, or 'unknown' when the request got no answer.
 */
import type { Database, Queryable } from './database.js';

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
  /** The position kept for the device's chosen board ("someone passed me"), null when none. */
  lastPosition: number | null;
}

export interface NewSubscription extends PushChoicesRow {
  endpoint: string;
  p256dh: string;
  auth: string;
  appOrigin: string;
  /** The client address it is saved from (rules/address-bucket.ts: an IPv6 address as its /64). */
  address: string;
  /** The SHA-256 of the staff session that chose the staff summary (logging out ends it), else null. */
  staffSession: string | null;
}

/** How many devices one address may hold, and the site in all (a device saved again is no new one). */
export interface PushLimits {
  perAddress: number;
  total: number;
}

/**
 * A school behind one address has tens of phones at most; the site, about two devices for each
 * racer of a 10,000-racer community.
 */
export const PUSH_LIMITS: PushLimits = { perAddress: 40, total: 20_000 };

export type SaveOutcome = { id: number } | { refused: 'address' | 'site' };

/** An arbitrary constant naming the advisory lock new subscriptions take turns on (the caps are counted under it). */
const NEW_SUBSCRIPTION_LOCK = 7_290_330;

/** The key of a device's chosen board in push_positions: racer, board, scope. */
export const boardKey = (s: { username: string | null; passedBoard: string | null; passedScope: string }) =>
  `${s.username ?? ''}|${s.passedBoard ?? ''}|${s.passedScope}`;

const CHOICE_COLUMNS = `username, passed_board AS "passedBoard", passed_scope AS "passedScope",
  event_ended AS "eventEnded", requirement_risk AS "requirementRisk", staff_user AS "staffUser"`;

/**
 * Saves a device's choices: new keys or choices for a known endpoint (whatever the caps), or a new
 * device while its address holds fewer than `limits.perAddress` and the site fewer than
 * `limits.total` (counted under one lock, so devices saved together are counted together);
 * otherwise nothing is stored and it says which cap refused it.
 */
export async function saveSubscription(
  db: Database,
  s: NewSubscription,
  at: Date,
  limits: PushLimits = PUSH_LIMITS,
): Promise<SaveOutcome> {
  const values = [
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
    s.staffSession,
  ];
  return db.transaction(async (tx) => {
    const updated = await tx.query<{ id: string | number }>(
      `UPDATE push_subscriptions SET p256dh = $2, auth = $3, app_origin = $4, username = $5, passed_board = $6,
         passed_scope = $7, event_ended = $8, requirement_risk = $9, staff_user = $10, updated_at = $11,
         staff_session = $12
        WHERE endpoint = $1 RETURNING id`,
      values,
    );
    let id = updated.rows[0]?.id;
    if (id === undefined) {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [NEW_SUBSCRIPTION_LOCK]);
      const { rows } = await tx.query<{ mine: string | number; total: string | number }>(
        `SELECT count(*) FILTER (WHERE address = $1) AS mine, count(*) AS total FROM push_subscriptions`,
        [s.address],
      );
      if (Number(rows[0].mine) >= limits.perAddress) return { refused: 'address' as const };
      if (Number(rows[0].total) >= limits.total) return { refused: 'site' as const };
      const inserted = await tx.query<{ id: string | number }>(
        `INSERT INTO push_subscriptions (endpoint, p256dh, auth, app_origin, username, passed_board, passed_scope,
           event_ended, requirement_risk, staff_user, created_at, updated_at, seen_at, staff_session, address)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $11, $12, $13)
         ON CONFLICT (endpoint) DO UPDATE SET p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
           app_origin = EXCLUDED.app_origin, username = EXCLUDED.username, passed_board = EXCLUDED.passed_board,
           passed_scope = EXCLUDED.passed_scope, event_ended = EXCLUDED.event_ended,
           requirement_risk = EXCLUDED.requirement_risk, staff_user = EXCLUDED.staff_user,
           updated_at = EXCLUDED.updated_at, staff_session = EXCLUDED.staff_session
         RETURNING id`,
        [...values, s.address],
      );
      id = inserted.rows[0].id;
    }
    // A new racer or board starts from no known position.
    await tx.query(`DELETE FROM push_positions WHERE subscription_id = $1 AND board <> $2`, [Number(id), boardKey(s)]);
    return { id: Number(id) };
  });
}

/** Logging out of a staff session ends the staff summary it chose (the devices' own messages stay). */
export async function endStaffSummaries(q: Queryable, staffSession: string): Promise<number> {
  const { rows } = await q.query(
    'UPDATE push_subscriptions SET staff_user = NULL, staff_session = NULL WHERE staff_session = $1 RETURNING id',
    [staffSession],
  );
  return rows.length;
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

/**
 * Up to `limit` devices with ids above `after` (and at most `upTo`), in id order, each with the
 * position kept for its chosen board.
 */
export async function listSubscriptions(
  q: Queryable,
  page: { after: number; limit: number; upTo?: number | null },
): Promise<PushSubscriptionRow[]> {
  const { rows } = await q.query<PushSubscriptionRow & { id: string | number }>(
    `SELECT s.id, s.app_origin AS "appOrigin", s.username, s.passed_board AS "passedBoard",
            s.passed_scope AS "passedScope", s.event_ended AS "eventEnded", s.requirement_risk AS "requirementRisk",
            s.staff_user AS "staffUser", p.position AS "lastPosition"
       FROM push_subscriptions s
       LEFT JOIN push_positions p ON p.subscription_id = s.id
        AND p.board = COALESCE(s.username, '') || '|' || COALESCE(s.passed_board, '') || '|' || s.passed_scope
      WHERE s.id > $1 AND ($3::bigint IS NULL OR s.id <= $3)
      ORDER BY s.id LIMIT $2`,
    [page.after, page.limit, page.upTo ?? null],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Keeps each device's new position on its board (null: none now), in one statement each way. */
export async function keepPositions(
  q: Queryable,
  changes: Array<{ subscriptionId: number; board: string; position: number | null }>,
): Promise<void> {
  const kept = changes.filter((c) => c.position !== null);
  const gone = changes.filter((c) => c.position === null);
  if (kept.length > 0)
    await q.query(
      `INSERT INTO push_positions (subscription_id, board, position)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::int[])
       ON CONFLICT (subscription_id, board) DO UPDATE SET position = EXCLUDED.position`,
      [kept.map((c) => c.subscriptionId), kept.map((c) => c.board), kept.map((c) => c.position)],
    );
  if (gone.length > 0)
    await q.query(
      `DELETE FROM push_positions WHERE (subscription_id, board) IN (SELECT * FROM unnest($1::bigint[], $2::text[]))`,
      [gone.map((c) => c.subscriptionId), gone.map((c) => c.board)],
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

export interface PushCandidate {
  subscriptionId: number;
  kind: string;
  period: string;
  message: PushMessage;
}

/**
 * Queues many messages at once, as `enqueuePush` would one after the other in this order: each
 * once per (device, kind, period), and only while its device has had fewer than `cap` on site day
 * `day`. Returns how many were queued.
 */
export async function enqueuePushBatch(
  q: Queryable,
  candidates: PushCandidate[],
  o: { day: string; at: Date; cap: number },
): Promise<number> {
  if (candidates.length === 0) return 0;
  const devices = [...new Set(candidates.map((c) => c.subscriptionId))];
  const { rows: queued } = await q.query<{ subscription_id: string | number; kind: string; period: string }>(
    `SELECT subscription_id, kind, period FROM push_outbox
      WHERE (subscription_id, kind, period) IN (SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[]))`,
    [candidates.map((c) => c.subscriptionId), candidates.map((c) => c.kind), candidates.map((c) => c.period)],
  );
  const { rows: today } = await q.query<{ subscription_id: string | number; n: string | number }>(
    `SELECT subscription_id, count(*) AS n FROM push_outbox
      WHERE subscription_id = ANY($1::bigint[]) AND day = $2::date GROUP BY subscription_id`,
    [devices, o.day],
  );
  const keyOf = (id: number, kind: string, period: string) => `${id}\u0000${kind}\u0000${period}`;
  const known = new Set(queued.map((r) => keyOf(Number(r.subscription_id), r.kind, r.period)));
  const counts = new Map(today.map((r) => [Number(r.subscription_id), Number(r.n)]));
  const fresh = candidates.filter((c) => {
    const key = keyOf(c.subscriptionId, c.kind, c.period);
    const count = counts.get(c.subscriptionId) ?? 0;
    if (known.has(key) || count >= o.cap) return false;
    known.add(key);
    counts.set(c.subscriptionId, count + 1);
    return true;
  });
  if (fresh.length === 0) return 0;
  const { rows } = await q.query(
    `INSERT INTO push_outbox (subscription_id, kind, period, day, payload, created_at, next_attempt_at)
     SELECT n.id, n.kind, n.period, $4::date, n.payload::jsonb, $5, $5
       FROM unnest($1::bigint[], $2::text[], $3::text[], $6::text[]) WITH ORDINALITY AS n(id, kind, period, payload, k)
      ORDER BY n.k
     ON CONFLICT (subscription_id, kind, period) DO NOTHING RETURNING id`,
    [
      fresh.map((c) => c.subscriptionId),
      fresh.map((c) => c.kind),
      fresh.map((c) => c.period),
      o.day,
      o.at,
      fresh.map((c) => JSON.stringify(c.message)),
    ],
  );
  return rows.length;
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

export interface SubscribedRacer extends RacerOnTeam {
  /** Every team the racer has been a member of (their events may be any of these). */
  tags: string[];
}

/** The racers of `usernames` (any case), keyed by lower-case username. */
export async function racersByUsername(q: Queryable, usernames: string[]): Promise<Map<string, SubscribedRacer>> {
  if (usernames.length === 0) return new Map();
  const { rows } = await q.query<SubscribedRacer & { userId: string | number }>(
    `SELECT r.user_id AS "userId", r.username, COALESCE(NULLIF(r.display_name, ''), r.username) AS "displayName",
            (SELECT m.tag FROM memberships m WHERE m.user_id = r.user_id AND m.left_at IS NULL
              ORDER BY m.first_seen DESC LIMIT 1) AS tag,
            ARRAY(SELECT DISTINCT m.tag FROM memberships m WHERE m.user_id = r.user_id) AS tags
       FROM racers r WHERE lower(r.username) = ANY($1::text[])`,
    [usernames.map((u) => u.toLowerCase())],
  );
  return new Map(rows.map((r) => [r.username.toLowerCase(), { ...r, userId: Number(r.userId) }]));
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

/** Events started and ended by `now`, ended after `endedAfter`, with their teams, in the order they ended. */
export async function recentEvents(
  q: Queryable,
  now: Date,
  endedAfter: Date,
): Promise<Array<{ eventId: number; tags: string[] }>> {
  const { rows } = await q.query<{ event_id: number; tags: string[] }>(
    `SELECT e.event_id, array_agg(et.tag) AS tags FROM events e JOIN event_teams et ON et.event_id = e.event_id
      WHERE e.start_time <= $1 AND e.end_time > $2 AND e.end_time <= $1
      GROUP BY e.event_id, e.end_time
      ORDER BY e.end_time, e.event_id`,
    [now, endedAfter],
  );
  return rows.map((r) => ({ eventId: r.event_id, tags: r.tags }));
}
