/**
 * running_totals (migration 190): each racer's counters per team summed over every batch up to the
 * end of a site day, one row per (racer, team) for every day from the pair's first batch to the
 * newest day written. Whole days A..B of any board are then total(B) − total(A − 1): two index
 * reads of one row per racer and team, whatever the number of days.
 *
 * Written only by the batch writer, with the daily deltas it adds to daily_rollups.
 */
import type { Queryable } from './database.js';

export interface DayDelta {
  userId: number;
  tag: string;
  /** Site day, YYYY-MM-DD. */
  key: string;
  races: number;
  typed: number;
  errs: number;
  secs: number;
  points: number;
}

const ADD = (t: string) =>
  ['races', 'typed', 'errs', 'secs', 'points'].map((c) => `${c} = ${t}.${c} + excluded.${c}`).join(', ');

/** Adds daily deltas to the totals of their day and every later day kept. */
export async function addToRunningTotals(q: Queryable, deltas: readonly DayDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  // Writers take turns: each reads the newest day and may extend every pair to a new one.
  await q.query('SELECT pg_advisory_xact_lock(190)');
  const { rows } = await q.query<{ newest: string | null }>('SELECT max(day)::text AS newest FROM running_totals');
  const kept = rows[0]?.newest ?? null;
  let newest = kept ?? deltas[0].key;
  for (const d of deltas) if (d.key > newest) newest = d.key;
  if (kept !== null && newest > kept) {
    // A new day: every pair's totals carry over to it (and to any days without batches before it).
    await q.query(
      `INSERT INTO running_totals (day, user_id, tag, races, typed, errs, secs, points)
       SELECT g.day::date, user_id, tag, races, typed, errs, secs, points
         FROM running_totals CROSS JOIN generate_series($1::date + 1, $2::date, interval '1 day') AS g(day)
        WHERE running_totals.day = $1::date`,
      [kept, newest],
    );
  }
  await q.query(
    `INSERT INTO running_totals AS t (day, user_id, tag, races, typed, errs, secs, points)
     SELECT g.day::date, d.user_id, d.tag, sum(d.races), sum(d.typed), sum(d.errs), sum(d.secs), sum(d.points)
       FROM unnest($1::bigint[], $2::text[], $3::date[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[], $8::float8[])
            AS d(user_id, tag, day, races, typed, errs, secs, points)
      CROSS JOIN generate_series(d.day, $9::date, interval '1 day') AS g(day)
      GROUP BY 1, 2, 3
     ON CONFLICT (day, user_id, tag) DO UPDATE SET ${ADD('t')}`,
    [
      deltas.map((d) => d.userId),
      deltas.map((d) => d.tag),
      deltas.map((d) => d.key),
      deltas.map((d) => d.races),
      deltas.map((d) => d.typed),
      deltas.map((d) => d.errs),
      deltas.map((d) => d.secs),
      deltas.map((d) => d.points),
      newest,
    ],
  );
}
