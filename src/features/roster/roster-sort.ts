/**
 * Roster sort rules (docs/product.md §4): Joined ascending at first; clicking the active column toggles its
 * direction, another column sorts ascending. Squad sort puts members without a squad last
 * ascending and first descending; numbers sort numerically, Joined by date, the rest as text.
 * Other missing values follow the squad rule (last ascending, first descending).
 */
import type { RosterMember } from '../../../contract/roster';
import { compareText, nextSort, sortedBy, type SortState, type SortValue } from '../../lib/sort';
import { squadLabel as labelOf } from '../../lib/squad-label';

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

export type RosterSort = SortState<RosterSortKey>;

export const DEFAULT_ROSTER_SORT: RosterSort = { key: 'Joined', dir: 'asc' };

export function nextRosterSort(current: RosterSort, key: RosterSortKey): RosterSort {
  return nextSort(current, key, 'asc');
}

/** The squad name a member sees: the team's custom name, else the squad; '' when unassigned. */
export function squadLabel(m: Pick<RosterMember, 'squad' | 'SquadName'>): string {
  return labelOf(m.squad, m.SquadName);
}

/** Joined as a sortable number: `YYYY-MM-DD HH:MM:SS` compares in order once digits are kept. */
function joinedValue(joined: string | null): number | null {
  if (!joined) return null;
  const digits = joined.replace(/\D/g, '');
  return digits.length >= 8 ? Number(digits.padEnd(14, '0')) : null;
}

function valueOf(m: RosterMember, key: RosterSortKey): SortValue {
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

/** A sorted copy; ties keep Username order so the result is stable across browsers. */
export function sortRoster(rows: readonly RosterMember[], sort: RosterSort): RosterMember[] {
  return sortedBy(rows, valueOf, sort, { missing: 'high', tieBreak: (x, y) => compareText(x.Username, y.Username) });
}
