import { describe, expect, it } from 'vitest';
import { balanceText, formatDollars, paidAmountChanged } from './payout-format';

describe('payout formatting', () => {
  it('shows whole dollars, cents only when there are some, blank for none', () => {
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(0.05)).toBe('$0.05');
    expect(formatDollars(1500000)).toBe('$1,500,000');
    expect(formatDollars(0)).toBe('$0');
    expect(formatDollars(null)).toBe('');
  });

  it('flags a paid amount that no longer matches the winnings', () => {
    expect(paidAmountChanged({ Paid: true, PaidAmount: 9, Winnings: 13.5 })).toBe(true);
    expect(paidAmountChanged({ Paid: true, PaidAmount: 9, Winnings: null })).toBe(true);
    expect(paidAmountChanged({ Paid: true, PaidAmount: 9, Winnings: 9 })).toBe(false);
    expect(paidAmountChanged({ Paid: false, PaidAmount: null, Winnings: 9 })).toBe(false);
  });

  it('says what is owed, or what was overpaid', () => {
    expect(balanceText({ Owed: 4.5, Overpaid: 0 })).toBe('$4.50');
    expect(balanceText({ Owed: 0, Overpaid: 4 })).toBe('Overpaid $4');
  });
});
