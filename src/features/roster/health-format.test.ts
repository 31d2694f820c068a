import { describe, expect, it } from 'vitest';
import { formatAgainst, formatIdleDays, formatSiteMinute, reasonsText, yesNo } from './health-format';

describe('health view wording', () => {
  it('names idle days', () => {
    expect(formatIdleDays(null)).toBe('-');
    expect(formatIdleDays(0)).toBe('Today');
    expect(formatIdleDays(1)).toBe('1 day');
    expect(formatIdleDays(12)).toBe('12 days');
  });

  it('shows races against a requirement only when there is one', () => {
    expect(formatAgainst(8, 20)).toBe('8 / 20');
    expect(formatAgainst(8, null)).toBe('8');
  });

  it('joins reasons for the export, OK when none', () => {
    expect(reasonsText([])).toBe('OK');
    expect(reasonsText(['warned', 'inactive'])).toBe('Warned, Idle 7+ days');
    expect(formatSiteMinute('2026-03-02 23:30:00')).toBe('2026-03-02 23:30');
    expect([yesNo(true), yesNo(false), yesNo(null)]).toEqual(['Yes', 'No', null]);
  });
});
