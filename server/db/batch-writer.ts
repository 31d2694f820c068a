/**
 * The only writer of batches: writes them and keeps, in the caller's transaction, everything summed
 * from them in step: the hourly (UTC hour) and daily (site-zone day) rollups and the running totals
 * per site day (running-totals.ts). A second batch for the same racer, team and slot is added to the
 * first, so each of those always equals the sum of the batches it covers. No trigger writes anything
 * more: what a poll changes is written here.
 */
import { batchPoints } from '../../rules/stats.js';
import { dayKeyOf, dayStart } from '../../rules/site-time.js';
import type { Queryable } from './database.js';
import { addToRunningTotals } from './running-totals.js';

export interface BatchRow {
  userId: number;
  tag: string;
  /** Poll time floored to the 10-minute boundary. */
  endTime: Date;
  races: number;
  lifetimeRaces: number;
  typed: number;
  errs: number;
  secs: number;
  displayName: string | null;
}

interface Sums {
  userId: number;
  tag: string;
  key: string;
  start: Date;
  races: number;
  lifetimeRaces: number;
  typed: number;
  errs: number;
  secs: number;
  points: number;
}

const CHUNK = 5000;

function group(rows: BatchRow[], keyOf: (b: BatchRow) => { key: string; start: Date }): Sums[] {
  const map = new Map<string, Sums>();
  for (const b of rows) {
    const { key, start } = keyOf(b);
    const id = `${b.userId}|${b.tag}|${key}`;
    let s = map.get(id);
    if (!s) {
      s = {
        userId: b.userId,
        tag: b.tag,
        key,
        start,
        races: 0,
        lifetimeRaces: 0,
        typed: 0,
        errs: 0,
        secs: 0,
        points: 0,
      };
      map.set(id, s);
    }
    s.races += b.races;
    s.lifetimeRaces += b.lifetimeRaces;
    s.typed += b.typed;
    s.errs += b.errs;
    s.secs += b.secs;
    s.points += batchPoints(b.races, b.typed, b.errs, b.secs);
  }
  return [...map.values()];
}

export async function insertBatches(q: Queryable, rows: BatchRow[], tz: string): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    await q.query(
      `INSERT INTO batches (user_id, tag, end_time, races, lifetime_races, typed, errs, secs, points, display_name)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::timestamptz[], $4::int[], $5::int[], $6::bigint[],
                            $7::bigint[], $8::bigint[], $9::float8[], $10::text[])
       ON CONFLICT (user_id, end_time, tag) DO UPDATE SET
         races = batches.races + excluded.races,
         lifetime_races = batches.lifetime_races + excluded.lifetime_races,
         typed = batches.typed + excluded.typed,
         errs = batches.errs + excluded.errs,
         secs = batches.secs + excluded.secs,
         points = batches.points + excluded.points,
         display_name = excluded.display_name`,
      [
        part.map((b) => b.userId),
        part.map((b) => b.tag),
        part.map((b) => b.endTime.toISOString()),
        part.map((b) => b.races),
        part.map((b) => b.lifetimeRaces),
        part.map((b) => b.typed),
        part.map((b) => b.errs),
        part.map((b) => b.secs),
        part.map((b) => batchPoints(b.races, b.typed, b.errs, b.secs)),
        part.map((b) => b.displayName),
      ],
    );
  }
  const hourly = group(rows, (b) => {
    const start = new Date(Math.floor(b.endTime.getTime() / 3_600_000) * 3_600_000);
    return { key: start.toISOString(), start };
  });
  // Many rows share a slot: work out each slot's site-zone day once.
  const days = new Map<number, { key: string; start: Date }>();
  const daily = group(rows, (b) => {
    const t = b.endTime.getTime();
    let day = days.get(t);
    if (!day) {
      const key = dayKeyOf(b.endTime, tz);
      day = { key, start: dayStart(key, tz) };
      days.set(t, day);
    }
    return day;
  });
  // The daily table also stores the instant its day starts: one more array, as the last column.
  for (const [table, keyCol, keyType, sums, withStart] of [
    ['hourly_rollups', 'hour', 'timestamptz', hourly, false],
    ['daily_rollups', 'day', 'date', daily, true],
  ] as const) {
    for (let i = 0; i < sums.length; i += CHUNK) {
      const part = sums.slice(i, i + CHUNK);
      const params: unknown[] = [
        part.map((s) => s.userId),
        part.map((s) => s.tag),
        part.map((s) => s.key),
        part.map((s) => s.races),
        part.map((s) => s.lifetimeRaces),
        part.map((s) => s.typed),
        part.map((s) => s.errs),
        part.map((s) => s.secs),
        part.map((s) => s.points),
        ...(withStart ? [part.map((s) => s.start.toISOString())] : []),
      ];
      await q.query(
        `INSERT INTO ${table} (user_id, tag, ${keyCol}, races, lifetime_races, typed, errs, secs, points${withStart ? ', day_start' : ''})
         SELECT * FROM unnest($1::bigint[], $2::text[], $3::${keyType}[], $4::int[], $5::int[], $6::bigint[], $7::bigint[],
                              $8::bigint[], $9::float8[]${withStart ? ', $10::timestamptz[]' : ''})
         ON CONFLICT (user_id, ${keyCol}, tag) DO UPDATE SET
           races = ${table}.races + excluded.races,
           lifetime_races = ${table}.lifetime_races + excluded.lifetime_races,
           typed = ${table}.typed + excluded.typed,
           errs = ${table}.errs + excluded.errs,
           secs = ${table}.secs + excluded.secs,
           points = ${table}.points + excluded.points`,
        params,
      );
    }
  }
  await addToRunningTotals(q, daily);
}
