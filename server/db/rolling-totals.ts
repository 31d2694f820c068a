/**
 * rolling_totals (migration 210): for each span of the rolling boards (24 and 168 hours), each
 * racer's counters per team summed over every batch that ended at or after the span's `since`
 * (rolling_since), which follows the newest batch: newest − span + one slot. A 24-hour or 7-day
 * board then reads one row per racer and team active in it, plus a raw slot or two at its edges
 * (rules/window-split.ts, option `rolling`), instead of two days' running totals and up to half
 * a day of hourly rows at each edge.
 *
 * Written only by the batch writer: each write adds its batches from `since` on, then moves
 * `since` on to its newest batch and subtracts the batches left behind. The first write builds them
 * (and the first after a span is added to ROLLING_HOURS).
 */
import { batchPoints } from '../../rules/stats.js';
import type { RollingSince } from '../../rules/window-split.js';
import type { Queryable } from './database.js';

export const ROLLING_HOURS = [24, 168];
const SLOT_MS = 600_000;
const HOUR_MS = 3_600_000;

type Batch = { userId: number; tag: string; endTime: Date; races: number; typed: number; errs: number; secs: number };

const COUNTERS = 'races, typed, errs, secs, points';
const ADD = COUNTERS.split(', ')
  .map((c) => `${c} = t.${c} + excluded.${c}`)
  .join(', ');
const UPSERT = `INSERT INTO rolling_totals AS t (hours, user_id, tag, ${COUNTERS})`;
const MERGE = `ON CONFLICT (hours, user_id, tag) DO UPDATE SET ${ADD}`;

export async function readRollingSince(q: Queryable): Promise<RollingSince[]> {
  const { rows } = await q.query<{ hours: number; ms: number }>(
    'SELECT hours, extract(epoch FROM since)::float8 * 1000 AS ms FROM rolling_since',
  );
  return rows.map((r) => ({ hours: r.hours, since: new Date(r.ms) }));
}

/** Every span built afresh from the batches: on the first write, and after a benchmark's bulk load. */
export async function rebuildRollingTotals(q: Queryable): Promise<void> {
  await q.query('DELETE FROM rolling_totals');
  await q.query('DELETE FROM rolling_since');
  await q.query(
    `INSERT INTO rolling_since (hours, since)
     SELECT h, newest - make_interval(hours => h) + interval '10 minutes'
       FROM (SELECT max(end_time) AS newest FROM batches) AS b, unnest($1::int[]) AS h WHERE newest IS NOT NULL`,
    [ROLLING_HOURS],
  );
  await q.query(
    `${UPSERT} SELECT s.hours, b.user_id, b.tag, sum(b.races), sum(b.typed), sum(b.errs), sum(b.secs), sum(b.points)
       FROM rolling_since s JOIN batches b ON b.end_time >= s.since GROUP BY 1, 2, 3`,
  );
}

/**
 * Adds a write's batches (already in `batches`) to every span they fall in, then moves each span's
 * `since` on to the newest of them and subtracts the batches it passes. The caller holds the
 * running totals' lock, so writers take turns.
 */
export async function addToRollingTotals(q: Queryable, rows: readonly Batch[]): Promise<void> {
  if (rows.length === 0) return;
  const kept = await readRollingSince(q);
  if (kept.length !== ROLLING_HOURS.length) return rebuildRollingTotals(q);
  const oldest = Math.min(...kept.map((s) => s.since.getTime()));
  const fresh = rows.filter((b) => b.endTime.getTime() >= oldest);
  if (fresh.length > 0) {
    await q.query(
      `${UPSERT} SELECT s.hours, d.user_id, d.tag, sum(d.races), sum(d.typed), sum(d.errs), sum(d.secs), sum(d.points)
         FROM unnest($1::bigint[], $2::text[], $3::timestamptz[], $4::bigint[], $5::bigint[], $6::bigint[],
                     $7::bigint[], $8::float8[]) AS d(user_id, tag, end_time, races, typed, errs, secs, points)
         JOIN rolling_since s ON d.end_time >= s.since GROUP BY 1, 2, 3 ${MERGE}`,
      [
        fresh.map((b) => b.userId),
        fresh.map((b) => b.tag),
        fresh.map((b) => b.endTime.toISOString()),
        fresh.map((b) => b.races),
        fresh.map((b) => b.typed),
        fresh.map((b) => b.errs),
        fresh.map((b) => b.secs),
        fresh.map((b) => batchPoints(b.races, b.typed, b.errs, b.secs)),
      ],
    );
  }
  const newest = rows.reduce((m, b) => Math.max(m, b.endTime.getTime()), 0);
  for (const { hours, since } of kept) {
    const next = new Date(newest - hours * HOUR_MS + SLOT_MS);
    if (next <= since) continue;
    await q.query(
      `${UPSERT} SELECT $1, user_id, tag, -sum(races), -sum(typed), -sum(errs), -sum(secs), -sum(points)
         FROM batches WHERE end_time >= $2 AND end_time < $3 GROUP BY user_id, tag ${MERGE}`,
      [hours, since.toISOString(), next.toISOString()],
    );
    await q.query('DELETE FROM rolling_totals WHERE hours = $1 AND races = 0 AND typed = 0 AND errs = 0 AND secs = 0', [
      hours,
    ]);
    await q.query('UPDATE rolling_since SET since = $2 WHERE hours = $1', [hours, next.toISOString()]);
  }
}
