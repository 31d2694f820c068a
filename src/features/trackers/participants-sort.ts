/**
 * Tracker table sort (spec §4): Points descending at first; clicking a sortable header sorts it
 * descending, clicking it again toggles. Numbers numerically, text case-insensitively; missing
 * values last whatever the direction.
 */
import type { TrackerParticipant } from '../../../contract/trackers';

export type ParticipantSortKey = 'CurrentDisplayName' | 'Username' | 'Squad' | 'TotalRaces' | 'WPM' | 'Accuracy' | 'Points';

export interface ParticipantSort {
  key: ParticipantSortKey;
  dir: 'asc' | 'desc';
}

export const DEFAULT_PARTICIPANT_SORT: ParticipantSort = { key: 'Points', dir: 'desc' };

export function nextParticipantSort(current: ParticipantSort, key: ParticipantSortKey): ParticipantSort {
  if (current.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { key, dir: 'desc' };
}

function valueOf(p: TrackerParticipant, key: ParticipantSortKey): string | number | null {
  if (key === 'Squad') return p.Squad ? p.SquadName?.trim() || p.Squad : null;
  return p[key];
}

const text = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export function sortParticipants(rows: readonly TrackerParticipant[], sort: ParticipantSort): TrackerParticipant[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  return [...rows].sort((x, y) => {
    const a = valueOf(x, sort.key);
    const b = valueOf(y, sort.key);
    if (a === null && b !== null) return 1;
    if (b === null && a !== null) return -1;
    if (a !== null && b !== null) {
      const c = typeof a === 'number' && typeof b === 'number' ? a - b : text.compare(String(a), String(b));
      if (c !== 0) return sign * c;
    }
    return text.compare(x.Username, y.Username);
  });
}
