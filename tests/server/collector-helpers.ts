/** Shared by the collector tests: a game team API body builder and a dump of the collector's tables. */
import type { Database } from '../../server/db/database.js';
import type { GameMember, GameTeamResponse } from '../../server/collector/game-api.js';

export type MemberSpec = Partial<GameMember> & Pick<GameMember, 'userID' | 'username'>;

export function gameMember(m: MemberSpec): GameMember {
  return {
    displayName: `${m.username} display`,
    played: 0,
    racesPlayed: 0,
    typed: 0,
    errs: 0,
    secs: 0,
    avgSpeed: 60,
    highestSpeed: 80,
    joinStamp: 1_767_225_600,
    lastActivity: 0,
    lastLogin: 0,
    role: 'member',
    membership: 'basic',
    title: '',
    carID: 1,
    carHueAngle: 0,
    status: 'active',
    ...m,
  };
}

/** A team answer in the game's exact shape; the captain is the first member. */
export function teamBody(
  tag: string,
  members: MemberSpec[],
  info: Partial<GameTeamResponse['results']['info']> = {},
): string {
  const ms = members.map(gameMember);
  const captain = ms[0];
  const body: GameTeamResponse = {
    status: 'OK',
    results: {
      info: {
        teamID: 900,
        userID: captain?.userID ?? 0,
        username: captain?.username ?? '',
        displayName: captain?.displayName ?? null,
        tag,
        tagColor: '#3366ff',
        name: `Team ${tag}`,
        minLevel: 1,
        minRaces: 100,
        minSpeed: 40,
        autoRemove: 0,
        otherRequirements: 'Race daily',
        members: ms.length,
        createdStamp: 1_700_000_000,
        lastActivity: 0,
        profileViews: 10,
        enrollment: 'open',
        ...info,
      },
      counts: { pending: 0, member: ms.length, invite: 0 },
      members: ms,
      stats: [],
      motd: null,
    },
  };
  return JSON.stringify(body);
}

const TABLES: Array<[string, string, string]> = [
  [
    'teams',
    'tag, tracked, team_id, name, tag_color, created_stamp, captain_username, captain_display_name, min_races, min_speed, weekly_requirement, other_requirements, last_polled_at',
    'tag',
  ],
  ['racers', 'user_id, username, display_name, first_seen, last_seen', 'user_id'],
  ['memberships', 'tag, user_id, join_stamp, role, first_seen, last_seen, left_at', 'tag, user_id, first_seen'],
  [
    'member_snapshots',
    'tag, user_id, taken_at, played, races_played, typed, errs, secs, avg_speed, highest_speed, display_name',
    'tag, user_id',
  ],
  [
    'batches',
    'user_id, tag, end_time, races, lifetime_races, typed, errs, secs, points, display_name',
    'tag, user_id, end_time',
  ],
  ['hourly_rollups', 'user_id, tag, hour, races, lifetime_races, typed, errs, secs, points', 'tag, user_id, hour'],
  [
    'daily_rollups',
    'user_id, tag, day, day_start, races, lifetime_races, typed, errs, secs, points',
    'tag, user_id, day',
  ],
  ['raw_responses', 'tag, fetched_at, http_status, body', 'tag'],
  ['failed_responses', 'tag, fetched_at, http_status, error, body', 'fetched_at, tag, error'],
];

/** Every row the collector writes (ids left out), as comparable plain values. */
export async function dumpCollectorTables(db: Database): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [table, cols, order] of TABLES) {
    const { rows } = await db.query(`SELECT ${cols} FROM ${table} ORDER BY ${order}`);
    out[table] = rows.map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])),
    );
  }
  return out;
}

export async function count(db: Database, table: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0].n;
}

/** A stored batch as the collector suites compare it (end time as an ISO string). */
export interface StoredBatch {
  user_id: number;
  end_time: string;
  races: number;
  lifetime_races: number;
  typed: number;
  errs: number;
  secs: number;
  points: number;
}

/** The batches of these racers, by racer then end time. */
export async function storedBatches(db: Database, userIds: number[]): Promise<StoredBatch[]> {
  const { rows } = await db.query<StoredBatch>(
    `SELECT user_id, end_time, races, lifetime_races, typed, errs, secs, points FROM batches
     WHERE user_id = ANY($1::bigint[]) ORDER BY user_id, end_time`,
    [userIds],
  );
  return rows.map((r) => ({ ...r, user_id: Number(r.user_id), end_time: new Date(r.end_time).toISOString() }));
}
