/** SQL of the racer inspector: known usernames, a racer's info banner and batch history. */
import type { GameStatus } from '../../contract/common.js';
import type { BatchRecord, RacerInfo } from '../../contract/racers.js';
import { formatSiteDateTimes } from '../../rules/site-time.js';
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

/** The racer's whole history as docs/product.md §3 batch records, oldest first; times in the site zone. */
export async function racerBatchRows(db: Queryable, userId: number, tz: string, today: string): Promise<BatchRecord[]> {
  const c = await racerColumnTexts(db, userId, today);
  const numbers = (text: string) => JSON.parse(`[${text}]`) as number[];
  const [t, races, lifetime, typed, errs, secs] = [c.end_times, c.races, c.lifetime_races, c.typed, c.errs, c.secs].map(
    numbers,
  );
  const tags = JSON.parse(`[${c.tags}]`) as string[];
  const names = JSON.parse(`[${c.names}]`) as (string | null)[];
  const local = formatSiteDateTimes(t, tz);
  return t.map((_, i) => ({
    batchEndTime: local[i],
    CurrentDisplayName: names[i],
    teamTag: tags[i],
    sum: races[i],
    WPM: wpm(typed[i], secs[i]),
    Accuracy: accuracy(typed[i], errs[i]),
    racesPlayedBatch: lifetime[i],
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
