/**
 * Roster sort rules (spec §4): Joined ascending at first; clicking the active column toggles its
 * direction, another column sorts ascending. Squad sort puts members without a squad last
 * ascending and first descending; numbers sort numerically, Joined by date, the rest as text.
 * Other missing values follow the squad rule (last ascending, first descending).
 */
import type { RosterMember } from '../../../contract/roster';

export type RosterSortKey =
  | 'CurrentDisplayName'
  | 'Username'
  | 'SquadName'
  | 'Joined'
  | 'TeamRaces'
  | 'LifetimeRaces'
  | 'AvgWPM'
  | 'TopWPM'
  | 'RacesLast7Days'
  | 'MeetsWeeklyRequirement';

export interface RosterSort {
  key: RosterSortKey;
  dir: 'asc' | 'desc';
}

export const DEFAULT_ROSTER_SORT: RosterSort = { key: 'Joined', dir: 'asc' };

export function nextRosterSort(current: RosterSort, key: RosterSortKey): RosterSort {
  if (current.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { key, dir: 'asc' };
}

/** The squad name a member sees: the team's custom name, else the squad; '' when unassigned. */
export function squadLabel(m: Pick<RosterMember, 'squad' | 'SquadName'>): string {
  return m.squad ? m.SquadName?.trim() || m.squad : '';
}

/** Joined as a sortable number: `YYYY-MM-DD HH:MM:SS` compares in order once digits are kept. */
function joinedValue(joined: string | null): number | null {
  if (!joined) return null;
  const digits = joined.replace(/\D/g, '');
  return digits.length >= 8 ? Number(digits.padEnd(14, '0')) : null;
}

type Value = number | string | null;

function valueOf(m: RosterMember, key: RosterSortKey): Value {
  switch (key) {
    case 'SquadName':
      return squadLabel(m) || null;
    case 'Joined':
      return joinedValue(m.Joined);
    case 'MeetsWeeklyRequirement':
      return m.MeetsWeeklyRequirement === null ? null : m.MeetsWeeklyRequirement ? 1 : 0;
    default:
      return m[key];
  }
}

const text = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function compareValues(a: Value, b: Value): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return text.compare(String(a), String(b));
}

/** A sorted copy; ties keep Username order so the result is stable across browsers. */
export function sortRoster(rows: readonly RosterMember[], sort: RosterSort): RosterMember[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  return [...rows].sort((x, y) => {
    const a = valueOf(x, sort.key);
    const b = valueOf(y, sort.key);
    if (a === null || b === null) {
      if (a === null && b !== null) return sign; // missing: last ascending, first descending
      if (b === null && a !== null) return -sign;
    } else {
      const c = compareValues(a, b);
      if (c !== 0) return sign * c;
    }
    return text.compare(x.Username, y.Username);
  });
}
