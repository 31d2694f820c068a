/** Day formatting for site-zone `YYYY-MM-DD[ HH:MM:SS]` values (already site wall time: no zone shift). */
import { format } from 'date-fns';
import { MISSING } from '../../lib/format';

/** "2025-01-15 06:00:00" → "Jan 15, 2025". */
export function formatDayOf(value: string | null | undefined): string {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  if (!m) return MISSING;
  return format(new Date(+m[1], +m[2] - 1, +m[3]), 'MMM d, yyyy');
}
