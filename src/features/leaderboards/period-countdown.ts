/** "Ends in 2 d 5 h": how long until the current day, week or month board closes. */
import { periodWindow, type PeriodSelection } from '../../../rules/periods';

const MINUTE_MS = 60_000;

/** The countdown text, or null for a rolling or custom board and a period already over. */
export function periodCountdown(sel: PeriodSelection, now: Date, tz: string): string | null {
  if (sel.period !== 'daily' && sel.period !== 'weekly' && sel.period !== 'monthly') return null;
  const { start, end } = periodWindow(sel, now, tz);
  if (now < start || now >= end) return null;
  // Whole minutes left, rounded up: "Ends in 1 min" until the very end.
  const minutes = Math.ceil((end.getTime() - now.getTime()) / MINUTE_MS);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `Ends in ${days} d ${hours} h`;
  if (hours > 0) return `Ends in ${hours} h ${mins} min`;
  return `Ends in ${mins} min`;
}
