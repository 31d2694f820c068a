/** Paid marks of event payouts (migration 180): read per event, set and cleared by staff. */
import type { PayoutMark } from '../../rules/payouts.js';
import { formatSiteDateTime } from '../../rules/site-time.js';
import type { Queryable } from './database.js';

/** The event's paid marks, with each racer's current names and bot flag. */
export async function listPayoutMarks(q: Queryable, eventId: number, tz: string): Promise<PayoutMark[]> {
  const { rows } = await q.query<{
    username: string;
    display_name: string | null;
    bot: boolean;
    amount_cents: string | number;
    paid_at: Date;
  }>(
    `SELECT r.username, r.display_name, (bf.user_id IS NOT NULL) AS bot, pm.amount_cents, pm.paid_at
       FROM payout_marks pm
       JOIN racers r ON r.user_id = pm.user_id
       LEFT JOIN bot_flags bf ON bf.user_id = pm.user_id
      WHERE pm.event_id = $1`,
    [eventId],
  );
  return rows.map((r) => ({
    username: r.username,
    displayName: r.display_name,
    bot: r.bot,
    amountCents: Number(r.amount_cents),
    paidAt: formatSiteDateTime(r.paid_at, tz),
  }));
}

/** Marks the racer paid for `amountCents` (replacing an earlier mark); returns the earlier amount. */
export async function setPaid(
  tx: Queryable,
  mark: { eventId: number; userId: number; amountCents: number; at: Date; by: string },
): Promise<number | null> {
  const before = await markedAmount(tx, mark.eventId, mark.userId);
  await tx.query(
    `INSERT INTO payout_marks (event_id, user_id, amount_cents, paid_at, paid_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (event_id, user_id) DO UPDATE SET amount_cents = EXCLUDED.amount_cents, paid_at = EXCLUDED.paid_at, paid_by = EXCLUDED.paid_by`,
    [mark.eventId, mark.userId, mark.amountCents, mark.at, mark.by],
  );
  return before;
}

/** Removes the racer's paid mark; returns the amount it had, or null when there was none. */
export async function clearPaid(tx: Queryable, eventId: number, userId: number): Promise<number | null> {
  const { rows } = await tx.query<{ amount_cents: string | number }>(
    'DELETE FROM payout_marks WHERE event_id = $1 AND user_id = $2 RETURNING amount_cents',
    [eventId, userId],
  );
  return rows[0] ? Number(rows[0].amount_cents) : null;
}

/** The amount the racer is marked paid for in the event, or null when unmarked. */
export async function markedAmount(q: Queryable, eventId: number, userId: number): Promise<number | null> {
  const { rows } = await q.query<{ amount_cents: string | number }>(
    'SELECT amount_cents FROM payout_marks WHERE event_id = $1 AND user_id = $2',
    [eventId, userId],
  );
  return rows[0] ? Number(rows[0].amount_cents) : null;
}
