/**
 * Payout amounts: whole dollars as "$1,500,000", an amount with cents (a bonus factor can make
 * one) as "$4.50".
 */
const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatDollars(n: number | null): string {
  if (n === null) return '';
  return Number.isInteger(n) ? whole.format(n) : cents.format(n);
}

/** Whether a paid mark's amount differs from the winnings as they stand now. */
export function paidAmountChanged(r: { Paid: boolean; PaidAmount: number | null; Winnings: number | null }): boolean {
  return r.Paid && r.PaidAmount !== r.Winnings;
}

/** The Owed cell: what is still to pay, or what was paid beyond the current winnings. */
export function balanceText(r: { Owed: number; Overpaid: number }): string {
  if (r.Overpaid > 0) return `Overpaid ${formatDollars(r.Overpaid)}`;
  return formatDollars(r.Owed);
}
