import { describe, expect, it } from 'vitest';
import {
  emptyMessage,
  hasBotCheckbox,
  pickerValues,
  resolveGroupBy,
  resolvePeriod,
  resolveSelection,
  selectionSearch,
  sendsShowBot,
  shownSelectionDiffers,
} from './leaderboard-selection';

const TZ = 'America/Chicago';
const NOW = new Date('2026-03-10T18:00:00Z');
const TODAY = '2026-03-10';

describe('view and period', () => {
  it('prefers the address, then storage, then teams and 24 hour', () => {
    expect(resolveGroupBy('individuals', 'teams')).toBe('individuals');
    expect(resolveGroupBy(undefined, 'individuals')).toBe('individuals');
    expect(resolveGroupBy(undefined, 'nonsense')).toBe('teams');
    expect(resolvePeriod('weekly', 'daily')).toBe('weekly');
    expect(resolvePeriod(undefined, 'monthly')).toBe('monthly');
    expect(resolvePeriod(undefined, null)).toBe('24hour');
  });
});

describe('resolveSelection', () => {
  it('defaults to today, this week, this month and the last 7 days', () => {
    expect(resolveSelection('daily', {}, NOW, TZ, TODAY)).toEqual({ period: 'daily', day: '2026-03-10' });
    expect(resolveSelection('weekly', {}, NOW, TZ, TODAY)).toEqual({ period: 'weekly', week: '2026-03-08' });
    expect(resolveSelection('monthly', {}, NOW, TZ, TODAY)).toEqual({ period: 'monthly', month: '2026-03-01' });
    expect(resolveSelection('custom', {}, NOW, TZ, TODAY)).toEqual({
      period: 'custom',
      from: '2026-03-04',
      to: '2026-03-10',
    });
  });

  it('normalises a week to its Sunday and a month to its first day', () => {
    expect(resolveSelection('weekly', { date: '2026-03-04' }, NOW, TZ, TODAY)).toEqual({
      period: 'weekly',
      week: '2026-03-01',
    });
    expect(resolveSelection('monthly', { date: '2026-01-17' }, NOW, TZ, TODAY)).toEqual({
      period: 'monthly',
      month: '2026-01-01',
    });
  });

  it('ignores future or malformed days and clamps a custom range', () => {
    expect(resolveSelection('daily', { date: '2026-03-11' }, NOW, TZ, TODAY)).toEqual({ period: 'daily', day: TODAY });
    expect(resolveSelection('daily', { date: '2026-02-30' }, NOW, TZ, TODAY)).toEqual({ period: 'daily', day: TODAY });
    expect(resolveSelection('custom', { from: '2026-03-09', to: '2026-03-02' }, NOW, TZ, TODAY)).toEqual({
      period: 'custom',
      from: '2026-03-02',
      to: '2026-03-02',
    });
  });

  it('round-trips through the address', () => {
    for (const sel of [
      { period: 'daily', day: '2026-03-07' },
      { period: 'weekly', week: '2026-02-22' },
      { period: 'monthly', month: '2025-12-01' },
      { period: 'custom', from: '2026-02-01', to: '2026-03-01' },
      { period: '7day' },
    ] as const) {
      const search = selectionSearch(sel);
      expect(resolveSelection(search.period!, search, NOW, TZ, TODAY)).toEqual(sel);
    }
  });
});

describe('pickers and messages', () => {
  it('adds an older shared choice to the end of the picker', () => {
    expect(pickerValues({ period: 'daily', day: '2026-03-09' }, TODAY)).toHaveLength(7);
    const values = pickerValues({ period: 'daily', day: '2026-02-01' }, TODAY);
    expect(values).toHaveLength(8);
    expect(values[7]).toBe('2026-02-01');
    expect(pickerValues({ period: 'monthly', month: '2026-03-01' }, TODAY)[0]).toBe('2026-03-01');
    expect(pickerValues({ period: '24hour' }, TODAY)).toEqual([]);
  });

  it('words the empty messages per view and period', () => {
    expect(emptyMessage('teams', '24hour')).toBe('No team data found for the last 24 hours.');
    expect(emptyMessage('teams', '7day')).toBe('No team data found for the last 7 days.');
    expect(emptyMessage('individuals', 'daily')).toBe('No individual data found for this day.');
    expect(emptyMessage('individuals', 'weekly')).toBe('No individual data found for this week.');
    expect(emptyMessage('teams', 'monthly')).toBe('No team data found for this month.');
    expect(emptyMessage('individuals', 'custom')).toBe('No individual data found for this range.');
  });

  it('shows the bot checkbox on individual views and team 24 hour, 7 day and daily only', () => {
    expect(
      ['24hour', '7day', 'daily', 'weekly', 'monthly', 'custom'].map((p) => hasBotCheckbox('teams', p as never)),
    ).toEqual([true, true, true, false, false, false]);
    expect(hasBotCheckbox('individuals', 'monthly')).toBe(true);
    expect(sendsShowBot('individuals', 'daily')).toBe(false);
    expect(sendsShowBot('teams', 'daily')).toBe(true);
    expect(sendsShowBot('teams', 'custom')).toBe(false);
  });
});

describe('shownSelectionDiffers', () => {
  const shown = (search: Parameters<typeof resolveSelection>[1], period = search.period ?? '24hour') =>
    shownSelectionDiffers(search, resolveSelection(period, search, NOW, TZ, TODAY));

  it('flags a reversed or future custom range, which the board shows clamped', () => {
    expect(shown({ period: 'custom', from: '2026-03-09', to: '2026-03-05' })).toBe(true);
    expect(resolveSelection('custom', { from: '2026-03-09', to: '2026-03-05' }, NOW, TZ, TODAY)).toEqual({
      period: 'custom',
      from: '2026-03-05',
      to: '2026-03-05',
    });
    expect(shown({ period: 'custom', from: '2026-03-01', to: '2026-03-20' })).toBe(true);
    expect(shown({ period: 'custom', from: '2026-03-01', to: '2026-03-05' })).toBe(false);
  });

  it('flags a weekday for a week and leftovers of another period, not an address without a period', () => {
    expect(shown({ period: 'weekly', date: '2026-03-04' })).toBe(true);
    expect(shown({ period: 'weekly', date: '2026-03-01' })).toBe(false);
    expect(shown({ period: '24hour', date: '2026-03-01' })).toBe(true);
    expect(shown({ period: '24hour' })).toBe(false);
    expect(shown({}, 'daily')).toBe(false);
  });
});
