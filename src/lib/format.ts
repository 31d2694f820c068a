/**
 * Number and time formats of docs/product.md §9: races and points with thousands separators, WPM with one
 * decimal, accuracy as a percent with two, money in dollars, times in the site time zone with CT.
 * Every formatter shows "-" for a missing value.
 */
import { DEFAULT_SITE_TIMEZONE, formatInZone, parseSiteDateTime, zoneLabel } from '../../rules/site-time';

export const MISSING = '-';

let siteTimezone = DEFAULT_SITE_TIMEZONE;

/** Sets the zone formatCT uses (from GET /api/site). */
export function setSiteTimezone(tz: string): void {
  siteTimezone = tz;
}

export function getSiteTimezone(): string {
  return siteTimezone;
}

type Num = number | string | null | undefined;

function toNumber(n: Num): number | null {
  if (n === null || n === undefined || n === '') return null;
  const v = typeof n === 'number' ? n : Number(n);
  return Number.isFinite(v) ? v : null;
}

const intFmt = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 12345.6 → "12,346". */
export function formatInt(n: Num): string {
  const v = toNumber(n);
  return v === null ? MISSING : intFmt.format(Math.round(v));
}

/** 87.349 → "87.3". */
export function formatWpm(n: Num): string {
  const v = toNumber(n);
  return v === null ? MISSING : oneDecimal.format(v);
}

/** A fraction 0–1: 0.97451 → "97.45%". */
export function formatAccuracy(fraction: Num): string {
  const v = toNumber(fraction);
  return v === null ? MISSING : `${twoDecimals.format(v * 100)}%`;
}

/** 1500000 → "$1,500,000". */
export function formatMoney(n: Num): string {
  const v = toNumber(n);
  if (v === null) return MISSING;
  return `${v < 0 ? '-' : ''}$${intFmt.format(Math.round(Math.abs(v)))}`;
}

export { zoneLabel };

export const DEFAULT_CT_PATTERN = 'MMM d, yyyy h:mm a';

/**
 * An instant in the site time zone, labelled: "Mar 10, 2026 1:05 PM CT". Accepts ISO 8601, the
 * API's `YYYY-MM-DD HH:MM:SS` (already site-zone wall time), a Date or epoch milliseconds.
 */
export function formatCT(
  iso: string | number | Date | null | undefined,
  pattern: string = DEFAULT_CT_PATTERN,
  tz: string = siteTimezone,
): string {
  if (iso === null || iso === undefined || iso === '') return MISSING;
  let instant: Date | null;
  if (iso instanceof Date) instant = iso;
  else if (typeof iso === 'number') instant = new Date(iso);
  else instant = parseSiteDateTime(iso, tz) ?? new Date(iso);
  if (!instant || Number.isNaN(instant.getTime())) return MISSING;
  return `${formatInZone(instant, tz, pattern)} ${zoneLabel(tz)}`;
}

/** How old data fetched at `at` is at `now`: "just now", "5 min ago", "3 h ago", "2 days ago". */
export function formatAge(at: number, now: number): string {
  const minutes = Math.floor(Math.max(0, now - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
