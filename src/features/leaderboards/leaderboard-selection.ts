/**
 * Which board is shown: the view (teams or individuals), the period and its day, week, month or
 * From/To range, read from the address first and from browser storage second (docs/product.md §3 keys
 * leaderboardGroupBy and leaderboardActiveTab), and written back to the address as search params.
 */
import {
  clampCustomRange,
  dailyChoices,
  defaultSelection,
  isPeriod,
  monthlyChoices,
  weeklyChoices,
  type Period,
  type PeriodSelection,
} from '../../../rules/periods';
import { isDayKey, weekStartOf, type DayKey } from '../../../rules/site-time';
import type { RacerBoardSearch } from './racer-board-view';

export const GROUP_BYS = ['teams', 'individuals'] as const;
export type GroupBy = (typeof GROUP_BYS)[number];

/** The leaderboard's search params (all optional strings in the address; the individual board's own view too). */
export interface LeaderboardSearch extends RacerBoardSearch {
  tag?: string;
  view?: GroupBy;
  period?: Period;
  /** The day (daily), week start (weekly) or month start (monthly). */
  date?: string;
  from?: string;
  to?: string;
}

export function isGroupBy(s: string | null | undefined): s is GroupBy {
  return s === 'teams' || s === 'individuals';
}

export function resolveGroupBy(fromAddress: string | undefined, stored: string | null): GroupBy {
  if (isGroupBy(fromAddress)) return fromAddress;
  return isGroupBy(stored) ? stored : 'teams';
}

export function resolvePeriod(fromAddress: string | undefined, stored: string | null): Period {
  if (fromAddress && isPeriod(fromAddress)) return fromAddress;
  return stored && isPeriod(stored) ? stored : '24hour';
}

/**
 * The period's selection from the address: a valid day up to today is kept (even when older than
 * the picker's choices, so a shared link shows what was shared), anything else gives the default.
 */
export function resolveSelection(
  period: Period,
  search: LeaderboardSearch,
  now: Date,
  tz: string,
  today: DayKey,
): PeriodSelection {
  const date = search.date && isDayKey(search.date) && search.date <= today ? search.date : undefined;
  switch (period) {
    case 'daily':
      return date ? { period, day: date } : defaultSelection(period, now, tz);
    case 'weekly':
      return date ? { period, week: weekStartOf(date) } : defaultSelection(period, now, tz);
    case 'monthly':
      return date ? { period, month: `${date.slice(0, 8)}01` } : defaultSelection(period, now, tz);
    case 'custom':
      return { period, ...clampCustomRange(search.from, search.to, today) };
    default:
      return { period };
  }
}

/** The search params that name a selection (the others are cleared). */
export function selectionSearch(sel: PeriodSelection): Pick<LeaderboardSearch, 'period' | 'date' | 'from' | 'to'> {
  const base = { period: sel.period, date: undefined, from: undefined, to: undefined };
  switch (sel.period) {
    case 'daily':
      return { ...base, date: sel.day };
    case 'weekly':
      return { ...base, date: sel.week };
    case 'monthly':
      return { ...base, date: sel.month };
    case 'custom':
      return { ...base, from: sel.from, to: sel.to };
    default:
      return base;
  }
}

/**
 * Whether the address names a different selection from the one shown (a reversed or future custom
 * range, a day after today, a weekday for a week): then the address is corrected. An address
 * without a period (the stored default) is left alone.
 */
export function shownSelectionDiffers(search: LeaderboardSearch, shown: PeriodSelection): boolean {
  if (!search.period) return false;
  const want = selectionSearch(shown);
  return (
    search.period !== want.period || search.date !== want.date || search.from !== want.from || search.to !== want.to
  );
}

/** The picker's values for a period, newest first, with the selected one added when older. */
export function pickerValues(sel: PeriodSelection, today: DayKey): DayKey[] {
  const [choices, selected] =
    sel.period === 'daily'
      ? [dailyChoices(today), sel.day]
      : sel.period === 'weekly'
        ? [weeklyChoices(today), sel.week]
        : sel.period === 'monthly'
          ? [monthlyChoices(today), sel.month]
          : [[], undefined];
  return selected && !choices.includes(selected) ? [...choices, selected] : choices;
}

const EMPTY_SPAN: Record<Period, string> = {
  '24hour': 'the last 24 hours',
  '7day': 'the last 7 days',
  daily: 'this day',
  weekly: 'this week',
  monthly: 'this month',
  custom: 'this range',
};

/** "No team data found for the last 24 hours." and its variants. */
export function emptyMessage(groupBy: GroupBy, period: Period): string {
  return `No ${groupBy === 'teams' ? 'team' : 'individual'} data found for ${EMPTY_SPAN[period]}.`;
}

/** docs/product.md §4: the bot checkbox shows on every individual view and on the team 24 hour, 7 day and daily views. */
export function hasBotCheckbox(groupBy: GroupBy, period: Period): boolean {
  return groupBy === 'individuals' || period === '24hour' || period === '7day' || period === 'daily';
}

/** docs/product.md §7: showbot is sent by the team 24 hour, 7 day and daily views only. */
export function sendsShowBot(groupBy: GroupBy, period: Period): boolean {
  return groupBy === 'teams' && hasBotCheckbox(groupBy, period);
}
