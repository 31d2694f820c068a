/** The roster as an export sheet: the table's columns as plain values, file roster_{tag}. */
import type { RosterMember } from '../../../contract/roster';
import { UNASSIGNED } from '../../../contract/squads';
import type { ExportSheet } from '../../lib/export/export-table';
import { squadLabel } from './roster-sort';

export function rosterSheet(tag: string, rows: RosterMember[]): ExportSheet<RosterMember> {
  return {
    name: `Roster ${tag}`,
    rows,
    columns: [
      { header: 'Current Display Name', value: (m) => m.CurrentDisplayName },
      { header: 'Username', value: (m) => m.Username },
      { header: 'Team Tag', value: (m) => m.Tag },
      { header: 'Squad Name', value: (m) => squadLabel(m) || UNASSIGNED },
      { header: 'Joined (CT)', value: (m) => m.Joined },
      { header: 'Team Races', value: (m) => m.TeamRaces },
      { header: 'Lifetime Races', value: (m) => m.LifetimeRaces },
      { header: 'Avg WPM', value: (m) => m.AvgWPM },
      { header: 'Top WPM', value: (m) => m.TopWPM },
      { header: 'Races (7 Days)', value: (m) => m.RacesLast7Days },
      {
        header: 'Meets Weekly Requirement',
        value: (m) => (m.MeetsWeeklyRequirement === null ? null : m.MeetsWeeklyRequirement ? 'Yes' : 'No'),
      },
      { header: 'Bot', value: (m) => m.bot },
    ],
  };
}

export function rosterFileBase(tag: string): string {
  return `roster_${tag}`;
}
