/**
 * Tracker table sort (docs/product.md §4): Points descending at first; clicking a sortable header sorts it
 * descending, clicking it again toggles. Numbers numerically, text case-insensitively; missing
 * values last whatever the direction.
 */
import type { TrackerParticipant } from '../../../contract/trackers';
import { compareText, nextSort, sortedBy, type SortState, type SortValue } from '../../lib/sort';
import { squadLabel } from '../../lib/squad-label';

export type ParticipantSortKey =
  'CurrentDisplayName' | 'Username' | 'Squad' | 'TotalRaces' | 'WPM' | 'Accuracy' | 'Points';

export type ParticipantSort = SortState<ParticipantSortKey>;

export const DEFAULT_PARTICIPANT_SORT: ParticipantSort = { key: 'Points', dir: 'desc' };

export function nextParticipantSort(current: ParticipantSort, key: ParticipantSortKey): ParticipantSort {
  return nextSort(current, key, 'desc');
}

function valueOf(p: TrackerParticipant, key: ParticipantSortKey): SortValue {
  if (key === 'Squad') return squadLabel(p.Squad, p.SquadName) || null;
  return p[key];
}

/** A sorted copy; ties keep Username order. */
export function sortParticipants<Row extends TrackerParticipant>(rows: readonly Row[], sort: ParticipantSort): Row[] {
  return sortedBy(rows, valueOf, sort, { tieBreak: (x, y) => compareText(x.Username, y.Username) });
}
