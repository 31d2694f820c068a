/** The free agents table's sort and its export sheet. */
import type { FreeAgentRow } from '../../../contract/free-agents';
import { formatSiteDateTime } from '../../../rules/site-time';
import { accuracyColumn, botColumn, numberColumn, textColumn } from '../../lib/export/columns';
import type { ExportSheet } from '../../lib/export/export-table';
import { getSiteTimezone } from '../../lib/format';
import { compareText, nextSort, sortedBy, type SortState, type SortValue } from '../../lib/sort';

export type FreeAgentSortKey =
  'CurrentDisplayName' | 'Username' | 'LastTeam' | 'LeftAt' | 'Races' | 'WPM' | 'Accuracy' | 'Points';
export type FreeAgentSort = SortState<FreeAgentSortKey>;
export const DEFAULT_FREE_AGENT_SORT: FreeAgentSort = { key: 'LeftAt', dir: 'desc' };

const TEXT_KEYS: FreeAgentSortKey[] = ['CurrentDisplayName', 'Username', 'LastTeam'];

export function sortFreeAgents(rows: readonly FreeAgentRow[], sort: FreeAgentSort): FreeAgentRow[] {
  const value = (r: FreeAgentRow, key: FreeAgentSortKey): SortValue => r[key];
  return sortedBy(rows, value, sort, { tieBreak: (a, b) => compareText(a.Username, b.Username) });
}

/** Names start A to Z; dates and numbers start newest or highest first. */
export function nextFreeAgentSort(current: FreeAgentSort, key: FreeAgentSortKey): FreeAgentSort {
  return nextSort(current, key, TEXT_KEYS.includes(key) ? 'asc' : 'desc');
}

export function freeAgentsSheet(rows: FreeAgentRow[]): ExportSheet<FreeAgentRow> {
  const tz = getSiteTimezone();
  return {
    name: 'Free agents',
    rows,
    columns: [
      textColumn('Current Display Name', (r) => r.CurrentDisplayName),
      textColumn('Username', (r) => r.Username),
      textColumn('Last Team', (r) => r.LastTeam),
      textColumn('Left (site time)', (r) => formatSiteDateTime(Date.parse(r.LeftAt), tz)),
      botColumn((r) => r.bot),
      numberColumn('Races (7 days)', (r) => r.Races),
      numberColumn('WPM (7 days)', (r) => r.WPM, 1),
      accuracyColumn((r) => r.Accuracy, 'Accuracy (%) (7 days)'),
      numberColumn('Points (7 days)', (r) => r.Points, 0),
    ],
  };
}
