/** Words of the Health view: attention reasons, idle days, log event kinds. Pure, shared by table and export. */
import type { AttentionReason, MembershipEventKind } from '../../../contract/roster-health';
import { MISSING } from '../../lib/format';

export const REASON_LABEL: Record<AttentionReason, string> = {
  banned: 'Banned',
  warned: 'Warned',
  'never-raced': 'No race yet',
  inactive: 'Idle 7+ days',
  'missed-weekly': 'Missed last week',
  'below-min-races': 'Below Lifetime Races',
  'below-min-speed': 'Below Min WPM',
};

export const KIND_LABEL: Record<MembershipEventKind, string> = {
  join: 'Joined',
  rejoin: 'Rejoined',
  leave: 'Left',
  name: 'Renamed',
};

/** 0 → "Today", 1 → "1 day", n → "n days"; never raced → "-". */
export function formatIdleDays(days: number | null): string {
  if (days === null) return MISSING;
  if (days === 0) return 'Today';
  return days === 1 ? '1 day' : `${days} days`;
}

/** A site-zone `YYYY-MM-DD HH:MM:SS` as `YYYY-MM-DD HH:MM` (already site wall time). */
export function formatSiteMinute(value: string | null): string {
  return value ? value.slice(0, 16) : MISSING;
}

/** "x / requirement" when the team sets one, else the number alone. */
export function formatAgainst(races: number, requirement: number | null): string {
  return requirement === null ? String(races) : `${races} / ${requirement}`;
}

/** Reasons as one line of text (the export; "OK" for none). */
export function reasonsText(reasons: AttentionReason[]): string {
  return reasons.length ? reasons.map((r) => REASON_LABEL[r]).join(', ') : 'OK';
}

/** Yes / No / empty for a requirement check. */
export function yesNo(v: boolean | null): string | null {
  return v === null ? null : v ? 'Yes' : 'No';
}
