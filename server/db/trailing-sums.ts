/**
 * Keeps trailing_totals (migrations 070 and 100) equal to each racer's sums per team over the
 * batches with end_time in (anchor − span, anchor], for each span of TRAILING_HOURS, the anchor
 * being the newest batch end time written. Called by the batch writer after each write, in its
 * transaction: the written rows are deltas (a second batch for a slot is added to the first), so a
 * write inside a window adds them, and a newer batch slides the windows forward. Each span's sums
 * and board lines are also kept packed into text values (trailing_sums), which is what the 24-hour
 * and 7-day individual boards read.
 */
import type { Queryable } from './database.js';

/** The spans kept: the 24-hour and the 7-day boards'. */
export const TRAILING_HOURS = [24, 168] as const;
export type TrailingHours = (typeof TRAILING_HOURS)[number];

const HOUR_MS = 3_600_000;

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
  ON CONFLICT (hours, user_id, tag) DO UPDATE SET
    races = t.races + excluded.races, typed = t.typed + excluded.typed, errs = t.errs + excluded.errs,
    secs = t.secs + excluded.secs, points = t.points + excluded.points`;

/** Sums of the batches with end_time in (from, to], times `sign`, added to the rows of each span of `spans`. */
async function addBatchRange(
  q: Queryable,
  spans: readonly TrailingHours[],
  from: number,
  to: number,
  sign: 1 | -1,
): Promise<void> {
  await q.query(
    `INSERT INTO trailing_totals AS t (hours, user_id, tag, races, typed, errs, secs, points)
     SELECT s.hours, user_id, tag, $3 * sum(races), $3 * sum(typed), $3 * sum(errs), $3 * sum(secs), $3 * sum(points)
       FROM batches CROSS JOIN unnest($4::integer[]) AS s(hours)
      WHERE end_time > $1::timestamptz AND end_time <= $2::timestamptz
      GROUP BY s.hours, user_id, tag
     ${ADD_SUMS}`,
    [new Date(from).toISOString(), new Date(to).toISOString(), sign, spans],
  );
}

/** A span's sums and board lines packed as the boards read them (migrations 080 and 110), in board order. */
async function pack(q: Queryable, hours: TrailingHours): Promise<void> {
  await q.query('SELECT pack_trailing_sums($1)', [hours]);
}

/** A span's rows made again for the window ending at `anchor` (emptied when there is none). */
async function rebuildSpan(q: Queryable, hours: TrailingHours, anchor: number | null): Promise<void> {
  await q.query('DELETE FROM trailing_totals WHERE hours = $1', [hours]);
  if (anchor !== null) await addBatchRange(q, [hours], anchor - hours * HOUR_MS, anchor, 1);
  await pack(q, hours);
}

/** Rebuilds every span for the windows ending at `anchor` (or empties them when there is none). */
export async function rebuildTrailingSums(q: Queryable, anchor: Date | null): Promise<void> {
  await q.query('UPDATE trailing_anchor SET anchor = $1', [anchor?.toISOString() ?? null]);
  for (const hours of TRAILING_HOURS) await rebuildSpan(q, hours, anchor?.getTime() ?? null);
}

/** Adds the deltas of `rows` to a span's rows. */
async function addDeltas(q: Queryable, hours: TrailingHours, rows: readonly TrailingDelta[]): Promise<void> {
  await q.query(
    `INSERT INTO trailing_totals AS t (hours, user_id, tag, races, typed, errs, secs, points)
     SELECT $8, user_id, tag, sum(races), sum(typed), sum(errs), sum(secs), sum(points)
       FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[], $7::float8[])
            AS d(user_id, tag, races, typed, errs, secs, points)
      GROUP BY user_id, tag
     ${ADD_SUMS}`,
    [
      rows.map((r) => r.userId),
      rows.map((r) => r.tag),
      rows.map((r) => r.races),
      rows.map((r) => r.typed),
      rows.map((r) => r.errs),
      rows.map((r) => r.secs),
      rows.map((r) => r.points),
      hours,
    ],
  );
}

/** Brings every span up to date after `rows` were added to batches in this transaction. */
export async function applyTrailingSums(q: Queryable, rows: readonly TrailingDelta[]): Promise<void> {
  if (rows.length === 0) return;
  const { rows: found } = await q.query<{ anchor: Date | string | null }>(
    'SELECT anchor FROM trailing_anchor FOR UPDATE',
  );
  let newest = -Infinity;
  for (const r of rows) newest = Math.max(newest, r.endTime.getTime());
  if (found[0]?.anchor == null) {
    await rebuildTrailingSums(q, new Date(newest));
    return;
  }
  const anchor = new Date(found[0].anchor).getTime();
  const next = Math.max(anchor, newest);
  if (next > anchor) {
    await q.query('UPDATE trailing_anchor SET anchor = $1', [new Date(next).toISOString()]);
    // Batches after the anchor are all new: every span that slides (rather than being rebuilt) adds
    // them, read once for all.
    const sliding = TRAILING_HOURS.filter((hours) => next - anchor < hours * HOUR_MS);
    if (sliding.length) await addBatchRange(q, sliding, anchor, next, 1);
  }
  for (const hours of TRAILING_HOURS) {
    const span = hours * HOUR_MS;
    if (next - anchor >= span) {
      await rebuildSpan(q, hours, next);
      continue;
    }
    // Deltas inside the current window (those after the anchor were added above).
    const from = anchor - span;
    const inside = rows.filter((r) => r.endTime.getTime() > from && r.endTime.getTime() <= anchor);
    if (inside.length) await addDeltas(q, hours, inside);
    if (next > anchor) {
      await addBatchRange(q, [hours], from, next - span, -1);
      // Racers with nothing left in the window (their float points may keep a rounding residue).
      await q.query(
        'DELETE FROM trailing_totals WHERE hours = $1 AND races = 0 AND typed = 0 AND errs = 0 AND secs = 0',
        [hours],
      );
    }
    if (inside.length || next > anchor) await pack(q, hours);
  }
}
