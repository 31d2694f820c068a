/**
 * Words for the pickers and the board heading: days, Sunday weeks and months as calendar days of
 * the site zone (never the browser's), rolling windows as site-zone times labelled CT.
 */
import { format } from 'date-fns';
import type { PeriodSelection } from '../../../rules/periods';
import { addDayKeys, formatInZone, type DayKey, type Window } from '../../../rules/site-time';
import { zoneLabel } from '../../lib/format';

/** A calendar day as a local Date for formatting only (noon, so no zone can move it). */
function calendar(key: DayKey): Date {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(y, m - 1, d, 12);
}

/** "Tue, Mar 10, 2026", or "Today (Tue, Mar 10)". */
export function dayLabel(day: DayKey, today?: DayKey): string {
  return day === today ? `Today (${format(calendar(day), 'EEE, MMM d')})` : format(calendar(day), 'EEE, MMM d, yyyy');
}

/** "Mar 8 – Mar 14, 2026" (Sunday to Saturday). */
export function weekLabel(sunday: DayKey): string {
  const end = addDayKeys(sunday, 6);
  const sameYear = sunday.slice(0, 4) === end.slice(0, 4);
  return `${format(calendar(sunday), sameYear ? 'MMM d' : 'MMM d, yyyy')} – ${format(calendar(end), 'MMM d, yyyy')}`;
}

/** "March 2026". */
export function monthLabel(first: DayKey): string {
  return format(calendar(first), 'MMMM yyyy');
}

/** "Mar 4 – Mar 10, 2026", or one day. */
export function rangeLabel(from: DayKey, to: DayKey): string {
  if (from === to) return format(calendar(from), 'EEE, MMM d, yyyy');
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return `${format(calendar(from), sameYear ? 'MMM d' : 'MMM d, yyyy')} – ${format(calendar(to), 'MMM d, yyyy')}`;
}

/** The label of a picker value for a period. */
export function pickerLabel(period: PeriodSelection['period'], value: DayKey, today: DayKey): string {
  if (period === 'weekly') return weekLabel(value);
  if (period === 'monthly') return monthLabel(value);
  return dayLabel(value, today);
}

/** The heading above the board: what the window is, in words. */
export function boardHeading(sel: PeriodSelection, w: Window, tz: string): { title: string; detail: string } {
  const span = () => {
    const last = new Date(w.end.getTime() - 1000);
    return `${formatInZone(w.start, tz, 'MMM d, h:mm a')} – ${formatInZone(last, tz, 'MMM d, h:mm a')} ${zoneLabel(tz)}`;
  };
  switch (sel.period) {
    case '24hour':
      return { title: 'Last 24 hours', detail: span() };
    case '7day':
      return { title: 'Last 7 days', detail: span() };
    case 'daily':
      return { title: 'Daily', detail: dayLabel(sel.day) };
    case 'weekly':
      return { title: 'Weekly', detail: weekLabel(sel.week) };
    case 'monthly':
      return { title: 'Monthly', detail: monthLabel(sel.month) };
    case 'custom':
      return { title: 'Custom range', detail: rangeLabel(sel.from, sel.to) };
  }
}
