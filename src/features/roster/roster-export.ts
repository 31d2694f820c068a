/** The roster as an export sheet: the table's columns as plain values, file roster_{tag}. */
import type { RosterMember } from '../../../contract/roster';
import { UNASSIGNED } from '../../../contract/squads';
import { botColumn, numberColumn, textColumn, yesNoColumn } from '../../lib/export/columns';
import type { ExportSheet } from '../../lib/export/export-table';
import { squadLabel } from './roster-sort';

export function rosterSheet(tag: string, rows: RosterMember[]): ExportSheet<RosterMember> {
  return {
    name: `Roster ${tag}`,
    rows,
    columns: [
      textColumn('Current Display Name', (m) => m.CurrentDisplayName),
      textColumn('Username', (m) => m.Username),
      textColumn('Team Tag', (m) => m.Tag),
      textColumn('Squad Name', (m) => squadLabel(m) || UNASSIGNED),
      textColumn('Joined (CT)', (m) => m.Joined),
      numberColumn('Team Races', (m) => m.TeamRaces),
      numberColumn('Lifetime Races', (m) => m.LifetimeRaces),
      numberColumn('Avg WPM', (m) => m.AvgWPM, 1),
      numberColumn('Top WPM', (m) => m.TopWPM, 1),
      numberColumn('Races (7 Days)', (m) => m.RacesLast7Days),
      textColumn('Requirement Week (Sunday)', (m) => m.RequirementWeek),
      numberColumn('Races That Week', (m) => m.RacesRequirementWeek),
      numberColumn('Owed That Week', (m) => m.WeeklyOwed),
      yesNoColumn('Meets Weekly Requirement', (m) => m.MeetsWeeklyRequirement),
      botColumn((m) => m.bot),
    ],
  };
}

export function rosterFileBase(tag: string): string {
  return `roster_${tag}`;
}
