/**
 * An event's payout list (beyond the spec): its winners (participants with winnings above zero)
 * joined with the staff's paid marks, then the flagged racers whose winnings are withheld (after
 * the winners: they are owed nothing and count in no total), plus the totals. Sums are kept in whole cents so totals of
 * many dollar amounts carry no floating-point noise.
 */
import type { Participant } from '../contract/events.js';
import type { PayoutRow, PayoutTotals } from '../contract/payouts.js';

/** A stored paid mark, with the racer's names for a racer who no longer appears in the event. */
export interface PayoutMark {
  username: string;
  displayName: string | null;
  bot: boolean;
  amountCents: number;
  paidAt: string;
}

export const toCents = (dollars: number): number => Math.round(dollars * 100);
const dollars = (cents: number): number => cents / 100;

/** A participant's winnings in cents when they are a winner, else null. */
export function winnerCents(p: Pick<Participant, 'Winnings'>): number | null {
  return p.Winnings !== null && p.Winnings > 0 ? toCents(p.Winnings) : null;
}

export function buildPayouts(
  participants: Participant[],
  marks: PayoutMark[],
): { payouts: PayoutRow[]; totals: PayoutTotals } {
  const markOf = new Map(marks.map((m) => [m.username, m]));
  const rows: { row: PayoutRow; cents: number }[] = [];
  const seen = new Set<string>();
  for (const p of participants) {
    const won = winnerCents(p);
    const mark = markOf.get(p.Username);
    if (won === null && !mark && p.Withheld === null) continue;
    seen.add(p.Username);
    rows.push(row(p, won, mark));
  }
  // Marked paid but no longer among the participants at all (e.g. the event's teams changed).
  for (const m of marks) {
    if (seen.has(m.username)) continue;
    const gone = {
      Username: m.username,
      CurrentDisplayName: m.displayName,
      TeamTag: '',
      TotalRaces: 0,
      Accuracy: null,
      bot: m.bot ? (1 as const) : (0 as const),
      Withheld: null,
    };
    rows.push(row(gone, null, m));
  }
  rows.sort(
    (a, b) => b.cents - a.cents || (a.row.Username < b.row.Username ? -1 : a.row.Username > b.row.Username ? 1 : 0),
  );

  let winners = 0;
  let won = 0;
  let paid = 0;
  let owed = 0;
  let over = 0;
  for (const { row: r, cents } of rows) {
    if (cents > 0) winners++;
    won += cents;
    paid += r.PaidAmount === null ? 0 : toCents(r.PaidAmount);
    owed += toCents(r.Owed);
    over += toCents(r.Overpaid);
  }
  return {
    payouts: rows.map((r) => r.row),
    totals: {
      Winners: winners,
      Winnings: dollars(won),
      Paid: dollars(paid),
      Owed: dollars(owed),
      Overpaid: dollars(over),
    },
  };
}

type RacerPart = Pick<
  Participant,
  'Username' | 'CurrentDisplayName' | 'TeamTag' | 'TotalRaces' | 'Accuracy' | 'bot' | 'Withheld'
>;

function row(p: RacerPart, wonCents: number | null, mark: PayoutMark | undefined): { row: PayoutRow; cents: number } {
  const won = wonCents ?? 0;
  const paid = mark?.amountCents ?? 0;
  return {
    cents: won,
    row: {
      Username: p.Username,
      CurrentDisplayName: p.CurrentDisplayName,
      TeamTag: p.TeamTag,
      TotalRaces: p.TotalRaces,
      Accuracy: p.Accuracy,
      bot: p.bot,
      Winnings: wonCents === null ? null : dollars(wonCents),
      Withheld: p.Withheld,
      Paid: mark !== undefined,
      PaidAmount: mark ? dollars(mark.amountCents) : null,
      PaidAt: mark?.paidAt ?? null,
      Owed: dollars(Math.max(0, won - paid)),
      Overpaid: dollars(Math.max(0, paid - won)),
    },
  };
}
