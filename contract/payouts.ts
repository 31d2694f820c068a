/**
 * GET /api/event-payouts/{eventId} and POST /api/event-payouts/{eventId}/mark: who an event's
 * pay-to-play winnings go to and whether staff have paid them (beyond the spec).
 *
 * Winners are the participants with winnings above zero (rules/winnings.ts). Flagged racers the
 * formula would pay, in an event that does not pay flagged racers, are listed after the winners
 * with their Withheld amount and count in no total. A paid mark
 * keeps the amount it was made for; when the standings change later the row shows both amounts.
 * Amounts are dollars with cents. PaidAt is a `YYYY-MM-DD HH:MM:SS` site-time datetime.
 */
import { z } from 'zod';
import { errorAnswers } from './common.js';
import { endpoint } from './endpoint.js';
import { EventIdParams } from './events.js';

export const PayoutRow = z.object({
  Username: z.string(),
  CurrentDisplayName: z.string().nullable(),
  /** The team of the racer's latest activity in the event ('' when they no longer appear in it). */
  TeamTag: z.string(),
  TotalRaces: z.number().int(),
  Accuracy: z.number().nullable(),
  bot: z.union([z.literal(0), z.literal(1)]),
  /** The winnings as the standings stand now; null when the racer is no longer a winner. */
  Winnings: z.number().nullable(),
  /**
   * A flagged racer in an event that does not pay flagged racers: what the formula gives them,
   * which nobody is owed (Winnings is null). Null for everyone else.
   */
  Withheld: z.number().nullable(),
  Paid: z.boolean(),
  /** The winnings when marked paid; null while unpaid. */
  PaidAmount: z.number().nullable(),
  PaidAt: z.string().nullable(),
  /** Winnings not yet paid: Winnings − PaidAmount when positive, else 0. */
  Owed: z.number(),
  /** Paid beyond the current winnings: PaidAmount − Winnings when positive, else 0. */
  Overpaid: z.number(),
});
export type PayoutRow = z.infer<typeof PayoutRow>;

export const PayoutTotals = z.object({
  Winners: z.number().int(),
  Winnings: z.number(),
  Paid: z.number(),
  Owed: z.number(),
  Overpaid: z.number(),
});
export type PayoutTotals = z.infer<typeof PayoutTotals>;

/** Winners by Winnings descending, then Username; racers marked paid who no longer win come last. */
export const EventPayoutsResponse = z.object({
  /** Whether the event has pay-to-play winnings at all. */
  paysOut: z.boolean(),
  payouts: z.array(PayoutRow),
  totals: PayoutTotals,
});
export type EventPayoutsResponse = z.infer<typeof EventPayoutsResponse>;

/**
 * Marks a racer's winnings paid or unpaid. Marking paid needs the Amount the caller saw: when the
 * winnings have changed since, the call is refused (409) so nobody marks an amount they did not see.
 */
export const MarkPayoutBody = z.object({
  Username: z.string().trim().min(1, 'Username is required').max(100, 'Username is too long'),
  Paid: z.boolean(),
  /** Required when Paid is true: the winnings shown to the caller. */
  Amount: z.number().positive('Amount must be above zero').max(1e9, 'Amount is too large').optional(),
});
export type MarkPayoutBody = z.infer<typeof MarkPayoutBody>;

export const MarkPayoutResponse = z.object({
  success: z.literal(true),
  Username: z.string(),
  Paid: z.boolean(),
  PaidAmount: z.number().nullable(),
  PaidAt: z.string().nullable(),
});
export type MarkPayoutResponse = z.infer<typeof MarkPayoutResponse>;

export const eventPayouts = endpoint({
  method: 'GET',
  path: '/api/event-payouts/:eventId',
  cache: 'data',
  params: EventIdParams,
  ok: EventPayoutsResponse,
  errors: errorAnswers(400, 404),
  tags: ['events'],
  summary: "An event's pay-to-play winners and whether each is paid",
});

/** An admin, or a teamadmin of a team in the event for the racers of their own team. */
export const markPayout = endpoint({
  method: 'POST',
  path: '/api/event-payouts/:eventId/mark',
  access: 'staff',
  params: EventIdParams,
  body: MarkPayoutBody,
  ok: MarkPayoutResponse,
  errors: errorAnswers(400, 401, 403, 404, 409),
  tags: ['events'],
  summary: "Marks a winner's payout paid or unpaid (staff)",
});
