/**
 * Keeps trailing_day_totals (migration 070) equal to each racer's sums per team over the batches
 * with end_time in (anchor − 24 h, anchor], the anchor being the newest batch end time written.
 * Called by the batch writer after each write, in its transaction: the written rows are deltas
 * (a second batch for a slot is added to the first), so a write inside the window adds them, and
 * a newer batch slides the window forward. The sums are also kept packed into one text value next
 * to the anchor (migration 080), which is what the 24-hour individual board reads.
 */
import type { Queryable } from './database.js';

export const TRAILING_SPAN_MS = 24 * 3_600_000;

export interface TrailingDelta {
  userId: number;
  tag: string;
  endTime: Date;
  races: number;
  typed: number;
  errs: number;
  secs: number;
  points: number;
}

const ADD_SUMS = `
  ON CONFLICT (user_id, tag) DO UPDATE SET
    races = t.races + excluded.races, typed = t.typed + excluded.typed, errs = t.errs + excluded.errs,
    secs = t.secs + excluded.secs, points = t.points + excluded.points`;

/** Sums of the batches with end_time in (from, to], times `sign`, added to the table. */
async function addBatchRange(q: Queryable, from: Date, to: Date, sign: 1 | -1): Promise<void> {
  await q.query(
    `INSERT INTO trailing_day_totals AS t (user_id, tag, races, typed, errs, secs, points)
     SELECT user_id, tag, $3 * sum(races), $3 * sum(typed), $3 * sum(errs), $3 * sum(secs), $3 * sum(points)
       FROM batches WHERE end_time > $1::timestamptz AND end_time <= $2::timestamptz
      GROUP BY user_id, tag
     ${ADD_SUMS}`,
    [from.toISOString(), to.toISOString(), sign],
  );
}

/** The sums packed next to their anchor (migration 080), as the 24-hour board reads them, in board order. */
async function packTrailingDay(q: Queryable): Promise<void> {
  await q.query(
    `UPDATE trailing_day_anchor
        SET sums = (SELECT string_agg(concat_ws(',', races, typed, errs, secs, points, user_id), E'\n' ORDER BY points DESC) FROM trailing_day_totals)`,
  );
}

/** Rebuilds the table for the window ending at `anchor` (or empties it when there is none). */
export async function rebuildTrailingDay(q: Queryable, anchor: Date | null): Promise<void> {
  await q.query('DELETE FROM trailing_day_totals');
  await q.query('UPDATE trailing_day_anchor SET anchor = $1', [anchor?.toISOString() ?? null]);
  if (anchor) await addBatchRange(q, new Date(anchor.getTime() - TRAILING_SPAN_MS), anchor, 1);
  await packTrailingDay(q);
}

/** Brings the table up to date after `rows` were added to batches in this transaction. */
export async function applyTrailingDay(q: Queryable, rows: readonly TrailingDelta[]): Promise<void> {
  if (rows.length === 0) return;
  const { rows: found } = await q.query<{ anchor: Date | string | null }>('SELECT anchor FROM trailing_day_anchor FOR UPDATE');
  const anchor = found[0]?.anchor == null ? null : new Date(found[0].anchor);
  let newestMs = -Infinity;
  for (const r of rows) newestMs = Math.max(newestMs, r.endTime.getTime());
  const newest = new Date(newestMs);
  if (!anchor || newest.getTime() - anchor.getTime() >= TRAILING_SPAN_MS) {
    await rebuildTrailingDay(q, newest);
    return;
  }
  // Deltas inside the current window. Batches after the anchor are all new: the slide adds them.
  const from = anchor.getTime() - TRAILING_SPAN_MS;
  const inside = rows.filter((r) => r.endTime.getTime() > from && r.endTime.getTime() <= anchor.getTime());
  if (inside.length) {
    await q.query(
      `INSERT INTO trailing_day_totals AS t (user_id, tag, races, typed, errs, secs, points)
       SELECT user_id, tag, sum(races), sum(typed), sum(errs), sum(secs), sum(points)
         FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[], $7::float8[])
              AS d(user_id, tag, races, typed, errs, secs, points)
        GROUP BY user_id, tag
       ${ADD_SUMS}`,
      [
        inside.map((r) => r.userId),
        inside.map((r) => r.tag),
        inside.map((r) => r.races),
        inside.map((r) => r.typed),
        inside.map((r) => r.errs),
        inside.map((r) => r.secs),
        inside.map((r) => r.points),
      ],
    );
  }
  if (newest > anchor) {
    await addBatchRange(q, anchor, newest, 1);
    await addBatchRange(q, new Date(from), new Date(newest.getTime() - TRAILING_SPAN_MS), -1);
    await q.query('UPDATE trailing_day_anchor SET anchor = $1', [newest.toISOString()]);
    // Racers with nothing left in the window (their float points may keep a rounding residue).
    await q.query('DELETE FROM trailing_day_totals WHERE races = 0 AND typed = 0 AND errs = 0 AND secs = 0');
  }
  if (inside.length || newest > anchor) await packTrailingDay(q);
}
