/** The Health table, the strike history and the membership log as export sheets (health_, strikes_, membership_log_{tag}). */
import type { StrikeEntry } from '../../../contract/requirements';
import type { MembershipEvent, RosterHealthRow } from '../../../contract/roster-health';
import { botColumn, numberColumn, textColumn, yesNoColumn } from '../../lib/export/columns';
import type { ExportSheet } from '../../lib/export/export-table';
import { KIND_LABEL, reasonsText, yesNo } from './health-format';

export function healthSheet(tag: string, rows: RosterHealthRow[]): ExportSheet<RosterHealthRow> {
  return {
    name: `Health ${tag}`,
    rows,
    columns: [
      textColumn('Current Display Name', (m) => m.CurrentDisplayName),
      textColumn('Username', (m) => m.Username),
      textColumn('Joined (CT)', (m) => m.Joined),
      textColumn('Needs Attention', (m) => reasonsText(m.Attention)),
      textColumn('Game Status', (m) => m.GameStatus),
      textColumn('Last Race (CT)', (m) => m.LastRace),
      numberColumn('Days Since Last Race', (m) => m.DaysSinceLastRace),
      numberColumn('Strikes', (m) => m.Strikes),
      numberColumn('Races This Week', (m) => m.RacesThisWeek),
      numberColumn('Owed This Week', (m) => m.OwedThisWeek),
      textColumn('At Risk This Week', (m) => yesNo(m.AtRisk)),
      numberColumn('Races Last Week', (m) => m.RacesLastWeek),
      numberColumn('Owed Last Week', (m) => m.OwedLastWeek),
      textColumn('Met Weekly Requirement', (m) => yesNo(m.MeetsWeekly)),
      numberColumn('Lifetime Races', (m) => m.LifetimeRaces),
      textColumn('Meets Lifetime Races', (m) => yesNo(m.MeetsMinRaces)),
      numberColumn('Avg WPM', (m) => m.AvgWPM, 1),
      textColumn('Meets Min WPM', (m) => yesNo(m.MeetsMinSpeed)),
      botColumn((m) => m.bot),
    ],
  };
}

export function membershipLogSheet(tag: string, rows: MembershipEvent[]): ExportSheet<MembershipEvent> {
  return {
    name: `Membership log ${tag}`,
    rows,
    columns: [
      textColumn('Date (CT)', (e) => e.At),
      textColumn('Event', (e) => KIND_LABEL[e.Kind]),
      textColumn('Current Display Name', (e) => e.CurrentDisplayName),
      textColumn('Username', (e) => e.Username),
      textColumn('Old Name', (e) => e.From),
      textColumn('New Name', (e) => e.To),
    ],
  };
}

export function strikeHistorySheet(tag: string, rows: StrikeEntry[]): ExportSheet<StrikeEntry> {
  return {
    name: `Strikes ${tag}`,
    rows,
    columns: [
      textColumn('Week (Sunday)', (s) => s.Week),
      textColumn('Current Display Name', (s) => s.CurrentDisplayName),
      textColumn('Username', (s) => s.Username),
      numberColumn('Races', (s) => s.Races),
      numberColumn('Owed', (s) => s.Owed),
      textColumn('Counts Until (Sunday)', (s) => s.ExpiresOn),
      yesNoColumn('Active', (s) => s.Active),
    ],
  };
}

export function strikeHistoryFileBase(tag: string): string {
  return `strikes_${tag}`;
}

export function healthFileBase(tag: string): string {
  return `health_${tag}`;
}

export function membershipLogFileBase(tag: string): string {
  return `membership_log_${tag}`;
}
