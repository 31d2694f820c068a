/** SQL of the racer inspector: known usernames, a racer's info banner and batch history. */
import type { GameStatus } from '../../contract/common.js';
import type { BatchRecord, RacerInfo } from '../../contract/racers.js';
import { accuracy, wpm } from '../../rules/stats.js';
import type { Queryable } from './database.js';
import { racerColumnTexts } from './racer-day-columns.js';

/** Every known racer's username, case-insensitively sorted (byte order, the same on every database). */
export async function allUsernames(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ username: string }>(
    'SELECT username FROM racers ORDER BY lower(username) COLLATE "C", username COLLATE "C"',
  );
  return rows.map((r) => r.username);
}

/** The racer's user id, or null for an unknown username (exact match). */
export async function findUserId(db: Queryable, username: string): Promise<number | null> {
  const { rows } = await db.query<{ user_id: number }>('SELECT user_id FROM racers WHERE username = $1', [username]);
  return rows[0]?.user_id ?? null;
}

/**
 * The info banner: the racer with their current membership (else the most recent one), the
 * latest counters the collector saw for that team, and their bot flag. Null for an unknown username.
 */
export async function racerInfo(db: Queryable, username: string): Promise<RacerInfo | null> {
  const { rows } = await db.query<{
    user_id: number;
    username: string;
    display_name: string | null;
    tag: string | null;
    role: string | null;
    join_stamp: Date | null;
    races_played: number | null;
    played: number | null;
    avg_speed: number | null;
    highest_speed: number | null;
    bot: boolean;
    game_status: GameStatus;
  }>(
    `SELECT r.user_id, r.username, r.display_name, m.tag, m.role, m.join_stamp,
            s.races_played, s.played, s.avg_speed, s.highest_speed, (bf.user_id IS NOT NULL) AS bot,
            r.game_status
       FROM racers r
       LEFT JOIN LATERAL (
         SELECT tag, role, join_stamp FROM memberships
          WHERE user_id = r.user_id
          ORDER BY (left_at IS NULL) DESC, last_seen DESC, id DESC
          LIMIT 1
       ) m ON true
       LEFT JOIN member_snapshots s ON s.tag = m.tag AND s.user_id = r.user_id
       LEFT JOIN bot_flags bf ON bf.user_id = r.user_id
      WHERE r.username = $1`,
    [username],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    username: r.username,
    displayName: r.display_name,
    userID: r.user_id,
    teamTag: r.tag,
    role: r.role,
    racesPlayed: r.races_played,
    played: r.played,
    avgSpeed: r.avg_speed,
    highestSpeed: r.highest_speed,
    joinStamp: r.join_stamp ? r.join_stamp.toISOString() : null,
    bot: r.bot ? 1 : 0,
    gameStatus: r.game_status,
  };
}

/** The counters of every batch of one racer, oldest first, one array per column. */
interface History {
  t: number[];
  tag: string[];
  name: (string | null)[];
  races: number[];
  lifetime: number[];
  typed: number[];
  errs: number[];
  secs: number[];
  /** `YYYY-MM-DD HH:MM:SS` in the site zone, when asked for. */
  local?: string[];
}

/**
 * The racer's batches in history order, feeding aggregates that have no ORDER BY of their own: a
 * plain aggregate takes its input in the order of a sorted subquery (PostgreSQL's documented way
 * to order string_agg or json_agg input), so the rows are put in order once for every column,
 * usually by reading the primary key (user_id, end_time, tag) in order. `agg(x ORDER BY end_time,
 * tag)` in each column sorted all the rows again for each aggregate (PostgreSQL before 16).
 */
const IN_ORDER = '(SELECT * FROM batches WHERE user_id = $1 ORDER BY end_time, tag) b';
/** Whole seconds (every batch ends on a slot): date_part's float8 is exact there, extract's numeric is slower. */
const EPOCH = "date_part('epoch', end_time)::bigint";

const COLUMN = (expr: string) => `COALESCE(json_agg(${expr}), '[]')`;

/**
 * Reads the history as one JSON document built by the database: PGlite hands each cell of a row
 * result to JavaScript one by one, which for 50,000 rows of 8 columns costs ~550 ms, while one
 * aggregated JSON text per racer costs ~65 ms (bench/racer-chart/api-timing.ts).
 */
async function history(db: Queryable, userId: number, tz?: string): Promise<History> {
  const local = tz ? `, 'local', ${COLUMN(`to_char(end_time AT TIME ZONE $2, 'YYYY-MM-DD HH24:MI:SS')`)}` : '';
  const { rows } = await db.query<{ j: string }>(
    `SELECT json_build_object(
              't', ${COLUMN(EPOCH)}, 'tag', ${COLUMN('tag')},
              'name', ${COLUMN('display_name')}, 'races', ${COLUMN('races')}, 'lifetime', ${COLUMN('lifetime_races')},
              'typed', ${COLUMN('typed')}, 'errs', ${COLUMN('errs')}, 'secs', ${COLUMN('secs')}${local}
            )::text AS j
       FROM ${IN_ORDER}`,
    tz ? [userId, tz] : [userId],
  );
  return JSON.parse(rows[0].j) as History;
}

/** The racer's whole history as spec §3 batch records, oldest first; times in the site zone. */
export async function racerBatchRows(db: Queryable, userId: number, tz: string): Promise<BatchRecord[]> {
  const h = await history(db, userId, tz);
  const local = h.local ?? [];
  return h.t.map((_, i) => ({
    batchEndTime: local[i],
    CurrentDisplayName: h.name[i],
    teamTag: h.tag[i],
    sum: h.races[i],
    WPM: wpm(h.typed[i], h.secs[i]),
    Accuracy: accuracy(h.typed[i], h.errs[i]),
    racesPlayedBatch: h.lifetime[i],
  }));
}

/** Replaces each value by its index in a list of the distinct values (in order of appearance). */
function dictionary(values: (string | null)[]): { index: number[]; list: string[] } {
  const list: string[] = [];
  const seen = new Map<string, number>();
  const index = values.map((v) => {
    if (v === null) return -1;
    let k = seen.get(v);
    if (k === undefined) seen.set(v, (k = list.push(v) - 1));
    return k;
  });
  return { index, list };
}

/**
 * The racer's whole history as the JSON text of `{ columns }` (see contract/racers.ts), oldest
 * first, from the column texts of racer-day-columns.ts: the numbers stay the database's text from
 * end to end (building one JSON value per cell, parsing them and checking 400,000 numbers against
 * the response schema took most of the 330 ms a year of history used to cost on PGlite). `today`
 * is the site day now: the days before it are packed as they are read.
 */
export async function racerBatchColumnsJson(db: Queryable, userId: number, today: string): Promise<string> {
  const c = await racerColumnTexts(db, userId, today);
  const names = dictionary(JSON.parse(`[${c.names}]`) as (string | null)[]);
  const tags = dictionary(JSON.parse(`[${c.tags}]`) as string[]);
  // The keys of BatchColumns, in its order.
  return (
    `{"columns":{"endTime":[${c.end_times}],"name":${JSON.stringify(names.index)},"displayNames":${JSON.stringify(names.list)},` +
    `"tag":${JSON.stringify(tags.index)},"teamTags":${JSON.stringify(tags.list)},"races":[${c.races}],` +
    `"lifetimeRaces":[${c.lifetime_races}],"typed":[${c.typed}],"errs":[${c.errs}],"secs":[${c.secs}]}}`
  );
}
