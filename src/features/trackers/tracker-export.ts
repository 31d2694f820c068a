/** The tracker table as an export sheet; file tracker_{tag}_{daily|weekly}_{YYYY-MM-DD}. */
import type { TrackerParticipant } from '../../../contract/trackers';
import { UNASSIGNED } from '../../../contract/squads';
import { accuracyColumn, botColumn, numberColumn, textColumn } from '../../lib/export/columns';
import type { ExportSheet } from '../../lib/export/export-table';
import { squadLabel } from '../../lib/squad-label';
import { type TrackerView } from '../../api/keys';

export function trackerSheet(
  view: TrackerView,
  period: string,
  rows: Array<TrackerParticipant & { rank: number }>,
): ExportSheet<TrackerParticipant & { rank: number }> {
  return {
    name: `${view === 'daily' ? 'Daily' : 'Weekly'} ${period}`,
    rows,
    columns: [
      numberColumn('Rank', (p) => p.rank),
      textColumn('Display Name', (p) => p.CurrentDisplayName),
      textColumn('Username', (p) => p.Username),
      textColumn('Team Tag', (p) => p.TeamTag),
      textColumn('Squad', (p) => squadLabel(p.Squad, p.SquadName) || UNASSIGNED),
      numberColumn('Races', (p) => p.TotalRaces),
      numberColumn('WPM', (p) => p.WPM, 1),
      accuracyColumn((p) => p.Accuracy),
      numberColumn('Points', (p) => p.Points, 0),
      botColumn((p) => p.bot),
    ],
  };
}

export function trackerFileBase(tag: string, view: TrackerView, period: string): string {
  return `tracker_${tag}_${view}_${period}`;
}
