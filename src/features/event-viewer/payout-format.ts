/** Payout amounts in dollars and cents ("$1,234.50"): winnings with a bonus factor carry cents. */
const dollarsFmt = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatDollars(n: number | null): string {
  return n === null ? '' : dollarsFmt.format(n);
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
