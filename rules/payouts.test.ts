import { describe, expect, it } from 'vitest';
import type { Participant } from '../contract/events.js';
import { buildPayouts, type PayoutMark } from './payouts.js';

const p = (Username: string, Winnings: number | null): Participant => ({
  CurrentDisplayName: null,
  Username,
  TeamTag: 'A',
  Squad: '',
  SquadName: null,
  TotalRaces: 5,
  WPM: 50,
  Accuracy: 0.97,
  Points: 1,
  bot: 0,
  Winnings,
  Withheld: null,
});
const m = (username: string, amountCents: number): PayoutMark => ({
  username,
  displayName: `${username}!`,
  bot: true,
  amountCents,
  paidAt: '2026-03-10 13:00:00',
});

describe('payout list', () => {
  it('keeps winners above zero, and marked racers who no longer win, with cent-exact totals', () => {
    const { payouts, totals } = buildPayouts(
      [p('ann', 0.1), p('bob', 0.2), p('cat', 0), p('dan', null), p('eve', null)],
      [m('bob', 20), m('eve', 30), m('zed', 70)],
    );
    expect(payouts.map((r) => [r.Username, r.Winnings, r.Paid, r.PaidAmount, r.Owed, r.Overpaid])).toEqual([
      ['bob', 0.2, true, 0.2, 0, 0],
      ['ann', 0.1, false, null, 0.1, 0],
      // No longer winning, and no longer in the event at all: sorted by name after the winners.
      ['eve', null, true, 0.3, 0, 0.3],
      ['zed', null, true, 0.7, 0, 0.7],
    ]);
    expect(payouts[3]).toMatchObject({ TeamTag: '', TotalRaces: 0, CurrentDisplayName: 'zed!', bot: 1 });
    // 0.1 + 0.2 is 0.30000000000000004 in floating point; cents keep it 0.3.
    expect(totals).toEqual({ Winners: 2, Winnings: 0.3, Paid: 1.2, Owed: 0.1, Overpaid: 1 });
  });
});
