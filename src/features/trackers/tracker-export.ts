/** The tracker table as an export sheet; file tracker_{tag}_{daily|weekly}_{YYYY-MM-DD}. */
import type { TrackerParticipant } from '../../../contract/trackers';
import { UNASSIGNED } from '../../../contract/squads';
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
      { header: 'Rank', value: (p) => p.rank },
      { header: 'Display Name', value: (p) => p.CurrentDisplayName },
      { header: 'Username', value: (p) => p.Username },
      { header: 'Team Tag', value: (p) => p.TeamTag },
      { header: 'Squad', value: (p) => squadLabel(p.Squad, p.SquadName) || UNASSIGNED },
      { header: 'Races', value: (p) => p.TotalRaces },
      { header: 'WPM', value: (p) => (p.WPM === null ? null : Math.round(p.WPM * 10) / 10) },
      { header: 'Accuracy', value: (p) => (p.Accuracy === null ? null : Math.round(p.Accuracy * 10000) / 10000) },
      { header: 'Points', value: (p) => Math.round(p.Points) },
      { header: 'Bot', value: (p) => p.bot },
    ],
  };
}

export function trackerFileBase(tag: string, view: TrackerView, period: string): string {
  return `tracker_${tag}_${view}_${period}`;
}
