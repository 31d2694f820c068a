/** The Hall of Fame table's rows, their sort, the period labels and the export sheet. */
import type { HallPeriod, HallPeriodRow } from '../../../contract/hall-of-fame';
import { formatInZone } from '../../../rules/site-time';
import { accuracyColumn, botColumn, numberColumn, textColumn } from '../../lib/export/columns';
import type { ExportSheet } from '../../lib/export/export-table';
import { nextSort, sortedBy, type SortState, type SortValue } from '../../lib/sort';

export const PERIOD_LABELS: Record<HallPeriod, string> = { day: 'Day', week: 'Week', month: 'Month' };

export type HallSortKey =
  | 'start'
  | 'racer'
  | 'Races'
  | 'WPM'
  | 'Accuracy'
  | 'Points'
  | 'team'
  | 'TeamRaces'
  | 'TeamWPM'
  | 'TeamAccuracy'
  | 'TeamPoints';
export type HallSort = SortState<HallSortKey>;
export const DEFAULT_HALL_SORT: HallSort = { key: 'start', dir: 'desc' };

/** A calendar day as a date whatever the zone (formatted at noon UTC). */
const day = (d: string, pattern: string) => formatInZone(Date.parse(`${d}T12:00:00Z`), 'UTC', pattern);

/** "Sat, Feb 7, 2026", "Feb 1 – Feb 7, 2026", "February 2026". */
export function periodLabel(kind: HallPeriod, start: string, end: string): string {
  if (kind === 'day') return day(start, 'EEE, MMM d, yyyy');
  if (kind === 'month') return day(start, 'MMMM yyyy');
  return `${day(start, 'MMM d')} – ${day(end, 'MMM d, yyyy')}`;
}

function value(r: HallPeriodRow, key: HallSortKey): SortValue {
  switch (key) {
    case 'start':
      return r.start;
    case 'racer':
      return r.racer?.CurrentDisplayName ?? null;
    case 'team':
      return r.team?.TeamTag ?? null;
    case 'TeamRaces':
      return r.team?.Races ?? null;
    case 'TeamWPM':
      return r.team?.WPM ?? null;
    case 'TeamAccuracy':
      return r.team?.Accuracy ?? null;
    case 'TeamPoints':
      return r.team?.Points ?? null;
    default:
      return r.racer?.[key] ?? null;
  }
}

export function sortHall(rows: readonly HallPeriodRow[], sort: HallSort): HallPeriodRow[] {
  return sortedBy(rows, value, sort, { tieBreak: (a, b) => (a.start < b.start ? 1 : a.start > b.start ? -1 : 0) });
}

/** Text columns start ascending, numbers and dates descending (best or newest first). */
export function nextHallSort(current: HallSort, key: HallSortKey): HallSort {
  return nextSort(current, key, key === 'racer' || key === 'team' ? 'asc' : 'desc');
}

export function hallSheet(kind: HallPeriod, rows: HallPeriodRow[]): ExportSheet<HallPeriodRow> {
  return {
    name: `Hall of Fame ${PERIOD_LABELS[kind]}`,
    rows,
    columns: [
      textColumn('Start', (r) => r.start),
      textColumn('End', (r) => r.end),
      textColumn('Racer Display Name', (r) => r.racer?.CurrentDisplayName ?? null),
      textColumn('Racer Username', (r) => r.racer?.Username ?? null),
      textColumn('Racer Team', (r) => r.racer?.TeamTag ?? null),
      botColumn((r) => (r.racer ? r.racer.bot : null)),
      numberColumn('Races', (r) => r.racer?.Races ?? null),
      numberColumn('WPM', (r) => r.racer?.WPM ?? null, 1),
      accuracyColumn((r) => r.racer?.Accuracy ?? null),
      numberColumn('Points', (r) => r.racer?.Points ?? null, 0),
      textColumn('Top Team', (r) => r.team?.TeamTag ?? null),
      numberColumn('Team Races', (r) => r.team?.Races ?? null),
      numberColumn('Team WPM', (r) => r.team?.WPM ?? null, 1),
      accuracyColumn((r) => r.team?.Accuracy ?? null, 'Team Accuracy (%)'),
      numberColumn('Team Points', (r) => r.team?.Points ?? null, 0),
    ],
  };
}
