/**
 * Loads a team's collector state from the database and writes accumulated poll changes back:
 * team info, racers, memberships, snapshots, batches (through insertBatches, with rollups), the
 * last raw response and failed responses. One poll (live) or one day of polls (backfill) is
 * written with the same code, in the caller's transaction.
 */
import { insertBatches, type BatchRow } from '../db/batch-writer.js';
import type { Queryable } from '../db/database.js';
import type { Snapshot } from './diff.js';
import type { ParsedTeamInfo } from './parse.js';
import type { Membership, PollChanges, RacerSighting, TeamState } from './team-state.js';

export interface RawResponse {
  fetchedAt: Date;
  httpStatus: number;
  body: string;
}

export interface FailedResponse {
  tag: string;
  fetchedAt: Date;
  httpStatus: number | null;
  error: string;
  body: string | null;
}

interface MergedRacer extends RacerSighting {
  firstSeen: Date;
}

/** Changes accumulated in memory, written by `flushWrites`. */
export interface PendingWrites {
  teams: Map<string, { info: ParsedTeamInfo; polledAt: Date }>;
  racers: Map<number, MergedRacer>;
  memberships: Set<Membership>;
  /** `${tag}|${userId}` → new baseline, or null to delete it. */
  snapshots: Map<string, { tag: string; userId: number; snapshot: Snapshot | null }>;
  batches: BatchRow[];
  raw: Map<string, RawResponse>;
  failed: FailedResponse[];
  /** Whether a reader-visible change is pending (beyond last-seen times). */
  changed: boolean;
}

/** Failed bodies are kept for diagnosis; a huge one is cut. */
export const MAX_FAILED_BODY = 100_000;
/** Failed answers kept per team: the newest this many, none older than FAILED_KEPT_DAYS before its newest. */
export const FAILED_KEPT_PER_TEAM = 50;
export const FAILED_KEPT_DAYS = 7;

export function emptyWrites(): PendingWrites {
  return {
    teams: new Map(),
    racers: new Map(),
    memberships: new Set(),
    snapshots: new Map(),
    batches: [],
    raw: new Map(),
    failed: [],
    changed: false,
  };
}

export function isEmpty(w: PendingWrites): boolean {
  return (
    !w.teams.size &&
    !w.racers.size &&
    !w.memberships.size &&
    !w.snapshots.size &&
    !w.batches.length &&
    !w.raw.size &&
    !w.failed.length
  );
}

/** Adds one applied poll (its changes, team info and raw body) to the pending writes. */
export function addPoll(w: PendingWrites, changes: PollChanges, info: ParsedTeamInfo, raw: RawResponse): void {
  const tag = changes.tag;
  w.teams.set(tag, { info, polledAt: changes.pollTime });
  for (const s of changes.racers) {
    const prev = w.racers.get(s.userId);
    if (!prev) {
      w.racers.set(s.userId, { ...s, firstSeen: s.seenAt });
    } else {
      if (s.seenAt.getTime() >= prev.seenAt.getTime()) {
        prev.username = s.username;
        prev.displayName = s.displayName;
        prev.gameStatus = s.gameStatus;
        prev.seenAt = s.seenAt;
      }
      if (s.seenAt.getTime() < prev.firstSeen.getTime()) prev.firstSeen = s.seenAt;
    }
  }
  for (const m of changes.memberships) w.memberships.add(m);
  for (const [userId, snapshot] of changes.snapshotsWritten)
    w.snapshots.set(`${tag}|${userId}`, { tag, userId, snapshot });
  for (const userId of changes.snapshotsDeleted) w.snapshots.set(`${tag}|${userId}`, { tag, userId, snapshot: null });
  for (const b of changes.batches) w.batches.push(b);
  w.raw.set(tag, raw);
  if (changes.changed) w.changed = true;
}

export function addFailure(w: PendingWrites, f: FailedResponse): void {
  w.failed.push({ ...f, body: f.body === null ? null : f.body.slice(0, MAX_FAILED_BODY) });
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Reads one team's baselines and current memberships. */
export async function loadTeamState(q: Queryable, tag: string): Promise<TeamState> {
  const team = await q.query<{ last_polled_at: Date | null }>('SELECT last_polled_at FROM teams WHERE tag = $1', [tag]);
  const snaps = await q.query<{
    user_id: number;
    taken_at: Date;
    played: number;
    races_played: number;
    typed: number;
    errs: number;
    secs: number;
    avg_speed: number | null;
    highest_speed: number | null;
    display_name: string | null;
  }>(
    `SELECT user_id, taken_at, played, races_played, typed, errs, secs, avg_speed, highest_speed, display_name
     FROM member_snapshots WHERE tag = $1`,
    [tag],
  );
  const mems = await q.query<{
    id: number;
    user_id: number;
    join_stamp: Date | null;
    role: string | null;
    first_seen: Date;
    last_seen: Date;
  }>(
    'SELECT id, user_id, join_stamp, role, first_seen, last_seen FROM memberships WHERE tag = $1 AND left_at IS NULL',
    [tag],
  );
  const lastPolled = team.rows[0]?.last_polled_at;
  return {
    tag,
    lastPolledAt: lastPolled ? new Date(lastPolled) : null,
    snapshots: new Map(
      snaps.rows.map((r) => [
        Number(r.user_id),
        {
          takenAt: new Date(r.taken_at),
          played: r.played,
          racesPlayed: r.races_played,
          typed: r.typed,
          errs: r.errs,
          secs: r.secs,
          avgSpeed: r.avg_speed,
          highestSpeed: r.highest_speed,
          displayName: r.display_name,
        },
      ]),
    ),
    current: new Map(
      mems.rows.map((r) => [
        Number(r.user_id),
        {
          id: Number(r.id),
          tag,
          userId: Number(r.user_id),
          joinStamp: r.join_stamp ? new Date(r.join_stamp) : null,
          role: r.role,
          firstSeen: new Date(r.first_seen),
          lastSeen: new Date(r.last_seen),
          leftAt: null,
        },
      ]),
    ),
  };
}

async function writeTeams(q: Queryable, w: PendingWrites): Promise<boolean> {
  let changed = false;
  for (const [tag, { info, polledAt }] of w.teams) {
    await q.query('INSERT INTO teams (tag) VALUES ($1) ON CONFLICT (tag) DO NOTHING', [tag]);
    // A field the API left out (null) keeps its stored value; the captain's display name may be null.
    const r = await q.query(
      `UPDATE teams SET team_id = COALESCE($2, team_id), name = COALESCE($3, name), tag_color = COALESCE($4, tag_color),
         created_stamp = COALESCE($5, created_stamp), captain_username = COALESCE($6, captain_username),
         captain_display_name = $7, min_races = COALESCE($8, min_races), min_speed = COALESCE($9, min_speed),
         other_requirements = COALESCE($10, other_requirements)
       WHERE tag = $1 AND (team_id, name, tag_color, created_stamp, captain_username, captain_display_name, min_races, min_speed, other_requirements)
         IS DISTINCT FROM (COALESCE($2, team_id), COALESCE($3, name), COALESCE($4, tag_color), COALESCE($5, created_stamp),
           COALESCE($6, captain_username), $7, COALESCE($8, min_races), COALESCE($9, min_speed), COALESCE($10, other_requirements))
       RETURNING tag`,
      [
        tag,
        info.teamId,
        info.name,
        info.tagColor,
        iso(info.createdStamp),
        info.captainUsername,
        info.captainDisplayName,
        info.minRaces,
        info.minSpeed,
        info.otherRequirements,
      ],
    );
    if (r.rows.length) changed = true;
    const p = await q.query(
      `UPDATE teams SET last_polled_at = $2 WHERE tag = $1 AND (last_polled_at IS NULL OR last_polled_at < $2) RETURNING tag`,
      [tag, iso(polledAt)],
    );
    if (p.rows.length) changed = true;
  }
  return changed;
}

async function writeRacers(q: Queryable, w: PendingWrites): Promise<boolean> {
  if (!w.racers.size) return false;
  const rs = [...w.racers.values()];
  const ids = rs.map((r) => r.userId);
  const names = rs.map((r) => r.username);
  // A username now held by someone else was given up by its old holder: free it (the column is unique).
  await q.query(
    `UPDATE racers r SET username = r.username || '~' || r.user_id
     FROM unnest($1::bigint[], $2::text[]) AS n(id, name)
     WHERE r.username = n.name AND r.user_id <> n.id`,
    [ids, names],
  );
  const upserted = await q.query(
    `INSERT INTO racers (user_id, username, display_name, first_seen, last_seen, game_status)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::text[])
     ON CONFLICT (user_id) DO UPDATE SET username = excluded.username, display_name = excluded.display_name,
         game_status = excluded.game_status
       WHERE excluded.last_seen >= racers.last_seen
         AND (racers.username, racers.display_name, racers.game_status)
           IS DISTINCT FROM (excluded.username, excluded.display_name, excluded.game_status)
     RETURNING user_id`,
    [
      ids,
      names,
      rs.map((r) => r.displayName),
      rs.map((r) => iso(r.firstSeen)),
      rs.map((r) => iso(r.seenAt)),
      rs.map((r) => r.gameStatus),
    ],
  );
  await q.query(
    `UPDATE racers r SET first_seen = LEAST(r.first_seen, n.first_seen), last_seen = GREATEST(r.last_seen, n.last_seen)
     FROM unnest($1::bigint[], $2::timestamptz[], $3::timestamptz[]) AS n(id, first_seen, last_seen)
     WHERE r.user_id = n.id AND (r.first_seen > n.first_seen OR r.last_seen < n.last_seen)`,
    [ids, rs.map((r) => iso(r.firstSeen)), rs.map((r) => iso(r.seenAt))],
  );
  return upserted.rows.length > 0;
}

async function writeMemberships(q: Queryable, w: PendingWrites): Promise<void> {
  const all = [...w.memberships];
  const known = all.filter((m) => m.id !== null);
  const fresh = all.filter((m) => m.id === null);
  // Existing rows first: closing a membership frees the (tag, user) slot a new one may take.
  if (known.length) {
    await q.query(
      `UPDATE memberships m SET join_stamp = u.join_stamp, role = u.role, last_seen = u.last_seen, left_at = u.left_at
       FROM unnest($1::bigint[], $2::timestamptz[], $3::text[], $4::timestamptz[], $5::timestamptz[])
         AS u(id, join_stamp, role, last_seen, left_at)
       WHERE m.id = u.id`,
      [
        known.map((m) => m.id),
        known.map((m) => iso(m.joinStamp)),
        known.map((m) => m.role),
        known.map((m) => iso(m.lastSeen)),
        known.map((m) => iso(m.leftAt)),
      ],
    );
  }
  if (fresh.length) {
    // Closed rows before open ones of the same (tag, user): the partial unique index allows one open row.
    fresh.sort((a, b) => (a.leftAt ? 0 : 1) - (b.leftAt ? 0 : 1));
    const r = await q.query<{ id: number; tag: string; user_id: number; first_seen: Date }>(
      `INSERT INTO memberships (tag, user_id, join_stamp, role, first_seen, last_seen, left_at)
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::timestamptz[], $4::text[], $5::timestamptz[], $6::timestamptz[], $7::timestamptz[])
       RETURNING id, tag, user_id, first_seen`,
      [
        fresh.map((m) => m.tag),
        fresh.map((m) => m.userId),
        fresh.map((m) => iso(m.joinStamp)),
        fresh.map((m) => m.role),
        fresh.map((m) => iso(m.firstSeen)),
        fresh.map((m) => iso(m.lastSeen)),
        fresh.map((m) => iso(m.leftAt)),
      ],
    );
    const byKey = new Map(fresh.map((m) => [`${m.tag}|${m.userId}|${m.firstSeen.getTime()}`, m]));
    for (const row of r.rows) {
      const m = byKey.get(`${row.tag}|${Number(row.user_id)}|${new Date(row.first_seen).getTime()}`);
      if (m) m.id = Number(row.id);
    }
  }
}

async function writeSnapshots(q: Queryable, w: PendingWrites): Promise<void> {
  const entries = [...w.snapshots.values()];
  const gone = entries.filter((e) => e.snapshot === null);
  const kept = entries.filter((e): e is { tag: string; userId: number; snapshot: Snapshot } => e.snapshot !== null);
  if (gone.length) {
    await q.query(
      `DELETE FROM member_snapshots s USING unnest($1::text[], $2::bigint[]) AS d(tag, user_id)
       WHERE s.tag = d.tag AND s.user_id = d.user_id`,
      [gone.map((e) => e.tag), gone.map((e) => e.userId)],
    );
  }
  if (kept.length) {
    const s = kept.map((e) => e.snapshot);
    await q.query(
      `INSERT INTO member_snapshots (tag, user_id, taken_at, played, races_played, typed, errs, secs, avg_speed, highest_speed, display_name)
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::timestamptz[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[],
                            $8::bigint[], $9::float8[], $10::float8[], $11::text[])
       ON CONFLICT (tag, user_id) DO UPDATE SET taken_at = excluded.taken_at, played = excluded.played,
         races_played = excluded.races_played, typed = excluded.typed, errs = excluded.errs, secs = excluded.secs,
         avg_speed = excluded.avg_speed, highest_speed = excluded.highest_speed, display_name = excluded.display_name`,
      [
        kept.map((e) => e.tag),
        kept.map((e) => e.userId),
        s.map((x) => iso(x.takenAt)),
        s.map((x) => x.played),
        s.map((x) => x.racesPlayed),
        s.map((x) => x.typed),
        s.map((x) => x.errs),
        s.map((x) => x.secs),
        s.map((x) => x.avgSpeed),
        s.map((x) => x.highestSpeed),
        s.map((x) => x.displayName),
      ],
    );
  }
}

async function writeResponses(q: Queryable, w: PendingWrites): Promise<void> {
  for (const [tag, r] of w.raw) {
    await q.query(
      `INSERT INTO raw_responses (tag, fetched_at, http_status, body) VALUES ($1, $2, $3, $4)
       ON CONFLICT (tag) DO UPDATE SET fetched_at = excluded.fetched_at, http_status = excluded.http_status, body = excluded.body
       WHERE excluded.fetched_at >= raw_responses.fetched_at`,
      [tag, iso(r.fetchedAt), r.httpStatus, r.body],
    );
  }
  if (w.failed.length) {
    const f = w.failed;
    await q.query(
      `INSERT INTO failed_responses (tag, fetched_at, http_status, error, body)
       SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::int[], $4::text[], $5::text[])`,
      [
        f.map((x) => x.tag),
        f.map((x) => iso(x.fetchedAt)),
        f.map((x) => x.httpStatus),
        f.map((x) => x.error),
        f.map((x) => x.body),
      ],
    );
    await pruneFailed(q, [...new Set(f.map((x) => x.tag))]);
  }
}

/** Keeps each of `tags`' failed answers bounded (a body can be 100 KB; a long outage adds one every poll). */
async function pruneFailed(q: Queryable, tags: string[]): Promise<void> {
  await q.query(
    `DELETE FROM failed_responses f USING (
       SELECT id FROM (
         SELECT id, fetched_at, row_number() OVER (PARTITION BY tag ORDER BY fetched_at DESC, id DESC) AS n,
                max(fetched_at) OVER (PARTITION BY tag) AS newest
           FROM failed_responses WHERE tag = ANY($1::text[])
       ) ranked
       WHERE n > $2 OR fetched_at < newest - make_interval(days => $3)
     ) old
     WHERE f.id = old.id`,
    [tags, FAILED_KEPT_PER_TEAM, FAILED_KEPT_DAYS],
  );
}

/**
 * Writes the pending changes in the caller's transaction and empties them. Returns whether a
 * reader-visible change was written (the caller bumps the data version then).
 */
export async function flushWrites(q: Queryable, w: PendingWrites, tz: string): Promise<boolean> {
  let changed = w.changed || w.batches.length > 0;
  if (await writeTeams(q, w)) changed = true;
  if (await writeRacers(q, w)) changed = true;
  await writeMemberships(q, w);
  await writeSnapshots(q, w);
  if (w.batches.length) await insertBatches(q, w.batches, tz);
  await writeResponses(q, w);
  Object.assign(w, emptyWrites());
  return changed;
}
