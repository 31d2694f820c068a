/**
 * SQL of the collector's state: a team's baselines and current memberships, and the writes of
 * pending poll changes (server/collector/pending-writes.ts `flushWrites` calls these in order, in
 * the caller's transaction).
 */
import type { Snapshot } from '../collector/diff.js';
import type { PendingWrites } from '../collector/pending-writes.js';
import type { TeamState } from '../collector/team-state.js';
import type { Queryable } from './database.js';

/**
 * Failed answers kept per team: the newest this many, none older than FAILED_KEPT_DAYS before its
 * newest, plus the first failure since the team's last success.
 */
export const FAILED_KEPT_PER_TEAM = 50;
export const FAILED_KEPT_DAYS = 7;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Takes the team's row lock for one poll's write, creating the row if needed: serialises two
 * writers of the same team on PostgreSQL (the collector lock normally prevents that).
 */
export async function lockTeamForPoll(q: Queryable, tag: string): Promise<void> {
  await q.query('INSERT INTO teams (tag) VALUES ($1) ON CONFLICT (tag) DO NOTHING', [tag]);
  await q.query('SELECT tag FROM teams WHERE tag = $1 FOR UPDATE', [tag]);
}

/** Reads one team's baselines (each with its low reading, if any) and current memberships. */
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
    low_taken_at: Date | null;
    low_played: number | null;
    low_races_played: number | null;
    low_typed: number | null;
    low_errs: number | null;
    low_secs: number | null;
  }>(
    `SELECT user_id, taken_at, played, races_played, typed, errs, secs, avg_speed, highest_speed, display_name,
       low_taken_at, low_played, low_races_played, low_typed, low_errs, low_secs
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
          low:
            r.low_taken_at === null
              ? null
              : {
                  takenAt: new Date(r.low_taken_at),
                  played: Number(r.low_played),
                  racesPlayed: Number(r.low_races_played),
                  typed: Number(r.low_typed),
                  errs: Number(r.low_errs),
                  secs: Number(r.low_secs),
                },
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

/** Stores each polled team's info and poll time; returns whether a reader-visible field changed. */
export async function writeTeams(q: Queryable, teams: PendingWrites['teams']): Promise<boolean> {
  let changed = false;
  for (const [tag, { info, polledAt }] of teams) {
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

/** Upserts the racers seen (newest sighting wins); returns whether a name or game status changed. */
export async function writeRacers(q: Queryable, racers: PendingWrites['racers']): Promise<boolean> {
  if (!racers.size) return false;
  const rs = [...racers.values()];
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

/** Updates known memberships and inserts new ones, giving each new one its id. */
export async function writeMemberships(q: Queryable, memberships: PendingWrites['memberships']): Promise<void> {
  const all = [...memberships];
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

/** Replaces or deletes members' baselines. */
export async function writeSnapshots(q: Queryable, snapshots: PendingWrites['snapshots']): Promise<void> {
  const entries = [...snapshots.values()];
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
    const low = s.map((x) => x.low ?? null);
    await q.query(
      `INSERT INTO member_snapshots (tag, user_id, taken_at, played, races_played, typed, errs, secs, avg_speed, highest_speed, display_name,
                                    low_taken_at, low_played, low_races_played, low_typed, low_errs, low_secs)
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::timestamptz[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[],
                            $8::bigint[], $9::float8[], $10::float8[], $11::text[],
                            $12::timestamptz[], $13::bigint[], $14::bigint[], $15::bigint[], $16::bigint[], $17::bigint[])
       ON CONFLICT (tag, user_id) DO UPDATE SET taken_at = excluded.taken_at, played = excluded.played,
         races_played = excluded.races_played, typed = excluded.typed, errs = excluded.errs, secs = excluded.secs,
         avg_speed = excluded.avg_speed, highest_speed = excluded.highest_speed, display_name = excluded.display_name,
         low_taken_at = excluded.low_taken_at, low_played = excluded.low_played, low_races_played = excluded.low_races_played,
         low_typed = excluded.low_typed, low_errs = excluded.low_errs, low_secs = excluded.low_secs`,
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
        low.map((l) => (l ? iso(l.takenAt) : null)),
        low.map((l) => l?.played ?? null),
        low.map((l) => l?.racesPlayed ?? null),
        low.map((l) => l?.typed ?? null),
        low.map((l) => l?.errs ?? null),
        low.map((l) => l?.secs ?? null),
      ],
    );
  }
}

/** Keeps each team's newest raw answer and appends failed ones, pruned per team. */
export async function writeResponses(
  q: Queryable,
  raw: PendingWrites['raw'],
  failed: PendingWrites['failed'],
): Promise<void> {
  for (const [tag, r] of raw) {
    await q.query(
      `INSERT INTO raw_responses (tag, fetched_at, http_status, body) VALUES ($1, $2, $3, $4)
       ON CONFLICT (tag) DO UPDATE SET fetched_at = excluded.fetched_at, http_status = excluded.http_status, body = excluded.body
       WHERE excluded.fetched_at >= raw_responses.fetched_at`,
      [tag, iso(r.fetchedAt), r.httpStatus, r.body],
    );
  }
  if (failed.length) {
    const f = failed;
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

/**
 * Keeps each of `tags`' failed answers bounded (a body can be 100 KB; a long outage adds one every
 * poll), but never the first failure since the team's last successful poll: it says since when the
 * team has been failing (team-failures-repo.ts), however long the outage.
 */
async function pruneFailed(q: Queryable, tags: string[]): Promise<void> {
  await q.query(
    `DELETE FROM failed_responses f USING (
       SELECT id FROM (
         SELECT r.id, r.fetched_at,
                row_number() OVER (PARTITION BY r.tag ORDER BY r.fetched_at DESC, r.id DESC) AS n,
                max(r.fetched_at) OVER (PARTITION BY r.tag) AS newest,
                r.fetched_at > COALESCE(t.last_polled_at, '-infinity'::timestamptz) AS failing,
                row_number() OVER (
                  PARTITION BY r.tag, r.fetched_at > COALESCE(t.last_polled_at, '-infinity'::timestamptz)
                  ORDER BY r.fetched_at, r.id
                ) AS nth_since
           FROM failed_responses r LEFT JOIN teams t ON t.tag = r.tag
          WHERE r.tag = ANY($1::text[])
       ) ranked
       WHERE (n > $2 OR fetched_at < newest - make_interval(days => $3)) AND NOT (failing AND nth_since = 1)
     ) old
     WHERE f.id = old.id`,
    [tags, FAILED_KEPT_PER_TEAM, FAILED_KEPT_DAYS],
  );
}
