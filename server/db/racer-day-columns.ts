/**
 * A racer's history as the column texts of GET /api/racer-batches?format=columns, read from packed
 * days where it can. A pack (racer_day_columns, migration 200) holds one closed site day of one
 * racer: each column's values of that day's batches as comma-joined JSON, in history order
 * (end_time, tag), and the day's totals from daily_rollups when it was packed. A year of history is
 * then ~365 packed rows and today's batches instead of 50,000 batches turned into text one value
 * at a time, eight times (48 ms on PostgreSQL, bench/racer-chart).
 *
 * A pack counts only while the day's daily rollups still add up to its totals: a batch written
 * into a packed day later (a late poll) makes that day and every later one read from the batches
 * again, until they are packed anew. The batch writer knows nothing of packs. Days are packed
 * when a racer page reads them, once they are over (before today in the site zone).
 */
import type { Queryable } from './database.js';

/** The racer's days with their totals now; `day_start` begins the site day (batch-writer.ts). */
const DAYS = `SELECT day, min(day_start) AS day_start, sum(races) AS races_sum, sum(typed) AS typed_sum, sum(secs) AS secs_sum
                FROM daily_rollups WHERE user_id = $1 GROUP BY day`;

/** The first of the racer's days without a current pack, or none (every day is packed). */
const LIVE_FROM = `SELECT min(d.day) AS day, min(d.day_start) AS day_start
                     FROM (${DAYS}) d
                     LEFT JOIN racer_day_columns p ON p.user_id = $1 AND p.day = d.day
                    WHERE p.day IS NULL OR (p.races_sum, p.typed_sum, p.secs_sum) <> (d.races_sum, d.typed_sum, d.secs_sum)`;

/** Whole seconds (every batch ends on a slot): date_part's float8 is exact there, extract's numeric is slower. */
const EPOCH = "date_part('epoch', end_time)::bigint";

/** One column's text: its values as JSON, in the order of the rows fed in. */
const COLUMNS: [name: string, value: string][] = [
  ['end_times', `${EPOCH}::text`],
  ['tags', 'to_json(tag)::text'],
  ['names', "COALESCE(to_json(display_name)::text, 'null')"],
  ['races', 'races::text'],
  ['lifetime_races', 'lifetime_races::text'],
  ['typed', 'typed::text'],
  ['errs', 'errs::text'],
  ['secs', 'secs::text'],
];

export interface ColumnTexts {
  end_times: string;
  tags: string;
  names: string;
  races: string;
  lifetime_races: string;
  typed: string;
  errs: string;
  secs: string;
}

/** Packs the racer's days from `from` up to, not including, `today`: each day's batches in history order. */
async function packDays(db: Queryable, userId: number, from: string, today: string): Promise<void> {
  await db.query(
    `INSERT INTO racer_day_columns (user_id, day, races_sum, typed_sum, secs_sum, ${COLUMNS.map(([name]) => name).join(', ')})
     SELECT $1, d.day, d.races_sum, d.typed_sum, d.secs_sum, x.*
       FROM (SELECT *, lead(day_start, 1, 'infinity') OVER (ORDER BY day) AS next_start FROM (${DAYS}) all_days) d,
            -- Each day's batches read in order from the primary key, as in the history below.
            LATERAL (SELECT ${COLUMNS.map(([, value]) => `string_agg(${value}, ',')`).join(', ')}
                       FROM (SELECT * FROM batches
                              WHERE user_id = $1 AND end_time >= d.day_start AND end_time < d.next_start
                              ORDER BY end_time, tag) b) x
      WHERE d.day >= $2::date AND d.day < $3::date
     ON CONFLICT (user_id, day) DO UPDATE SET
       races_sum = excluded.races_sum, typed_sum = excluded.typed_sum, secs_sum = excluded.secs_sum,
       ${COLUMNS.map(([name]) => `${name} = excluded.${name}`).join(', ')}`,
    [userId, from, today],
  );
}

/**
 * The racer's whole history, oldest first, as the comma-joined JSON values of each column (empty
 * when there are no batches). Packs the days that are over and lack a current pack first.
 */
export async function racerColumnTexts(db: Queryable, userId: number, today: string): Promise<ColumnTexts> {
  const { rows: first } = await db.query<{ day: string | null }>(`SELECT day::text FROM (${LIVE_FROM}) f`, [userId]);
  const from = first[0]?.day;
  if (from && from < today) await packDays(db, userId, from, today);

  // Packs before the first day without a current one, then every batch from that day on as one
  // more row; in history order, read in one statement so they come from the same snapshot.
  const columnList = COLUMNS.map(([name]) => name).join(', ');
  const { rows } = await db.query<{ [K in keyof ColumnTexts]: string | null }>(
    `WITH live_from AS (${LIVE_FROM})
     SELECT ${columnList} FROM (
       SELECT p.day, ${COLUMNS.map(([name]) => `p.${name}`).join(', ')}
         FROM racer_day_columns p, live_from
        WHERE p.user_id = $1 AND (live_from.day IS NULL OR p.day < live_from.day)
       UNION ALL
       SELECT 'infinity', ${COLUMNS.map(([, value]) => `string_agg(${value}, ',')`).join(', ')}
         FROM (SELECT b.* FROM batches b, live_from
                WHERE b.user_id = $1 AND b.end_time >= live_from.day_start ORDER BY b.end_time, b.tag) live
     ) parts
     WHERE end_times IS NOT NULL ORDER BY day`,
    [userId],
  );
  const column = (name: keyof ColumnTexts) => rows.map((r) => r[name]).join(',');
  return {
    end_times: column('end_times'),
    tags: column('tags'),
    names: column('names'),
    races: column('races'),
    lifetime_races: column('lifetime_races'),
    typed: column('typed'),
    errs: column('errs'),
    secs: column('secs'),
  };
}
