/**
 * An API event time (`YYYY-MM-DD HH:MM:SS`, already site-zone wall time) as "Mar 2, 2026 12:00 PM".
 * Pure text work: no time zone conversion, so the browser's own zone cannot shift it.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const RE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/;

export function formatEventTime(s: string | null | undefined): string {
  const m = s ? RE.exec(s) : null;
  if (!m) return s || '-';
  const hour = Number(m[4]);
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${MONTHS[Number(m[2]) - 1]} ${Number(m[3])}, ${m[1]} ${h12}:${m[5]} ${hour < 12 ? 'AM' : 'PM'}`;
}
