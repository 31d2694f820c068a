/** The Health table and the membership log as export sheets, file health_{tag}. */
import type { MembershipEvent, RosterHealthRow } from '../../../contract/roster-health';
import type { ExportSheet } from '../../lib/export/export-table';
import { KIND_LABEL, reasonsText, yesNo } from './health-format';

export function healthSheet(tag: string, rows: RosterHealthRow[]): ExportSheet<RosterHealthRow> {
  return {
    name: `Health ${tag}`,
    rows,
    columns: [
      { header: 'Current Display Name', value: (m) => m.CurrentDisplayName },
      { header: 'Username', value: (m) => m.Username },
      { header: 'Joined (CT)', value: (m) => m.Joined },
      { header: 'Needs Attention', value: (m) => reasonsText(m.Attention) },
      { header: 'Game Status', value: (m) => m.GameStatus },
      { header: 'Last Race (CT)', value: (m) => m.LastRace },
      { header: 'Days Since Last Race', value: (m) => m.DaysSinceLastRace },
      { header: 'Races This Week', value: (m) => m.RacesThisWeek },
      { header: 'Races Last Week', value: (m) => m.RacesLastWeek },
      { header: 'Met Weekly Requirement', value: (m) => yesNo(m.MeetsWeekly) },
      { header: 'Lifetime Races', value: (m) => m.LifetimeRaces },
      { header: 'Meets Lifetime Races', value: (m) => yesNo(m.MeetsMinRaces) },
      { header: 'Avg WPM', value: (m) => m.AvgWPM },
      { header: 'Meets Min WPM', value: (m) => yesNo(m.MeetsMinSpeed) },
      { header: 'Bot', value: (m) => m.bot },
    ],
  };
}

export function membershipLogSheet(tag: string, rows: MembershipEvent[]): ExportSheet<MembershipEvent> {
  return {
    name: `Membership log ${tag}`,
    rows,
    columns: [
      { header: 'Date (CT)', value: (e) => e.At },
      { header: 'Event', value: (e) => KIND_LABEL[e.Kind] },
      { header: 'Current Display Name', value: (e) => e.CurrentDisplayName },
      { header: 'Username', value: (e) => e.Username },
      { header: 'Old Name', value: (e) => e.From },
      { header: 'New Name', value: (e) => e.To },
    ],
  };
}

export function healthFileBase(tag: string): string {
  return `health_${tag}`;
}

export function membershipLogFileBase(tag: string): string {
  return `membership_log_${tag}`;
}
