/**
 * The Winnings cell of a flagged racer in an event that does not pay flagged racers: nothing, why,
 * and what the formula would have given (docs/product.md "Flagged racers and winnings").
 */
import { formatDollars } from './payout-format';
import './withheld-winnings.css';

export const WITHHELD_NOTE = 'Flagged racer: this event does not pay flagged racers';

export function WithheldWinnings({ amount }: { amount: number }) {
  return (
    <span className="winnings-withheld">
      <span className="winnings-withheld-label">Not paid: flagged</span>
      <span className="winnings-withheld-detail">{formatDollars(amount)} by the formula</span>
    </span>
  );
}
