/** The Health table's columns: who, how long idle, weekly races against the requirement, and why they need attention. */
import type { RosterHealthResponse, RosterHealthRow } from '../../../contract/roster-health';
import { formatInt, formatWpm } from '../../lib/format';
import type { Column } from '../../ui/data-table';
import { formatAgainst, formatIdleDays, formatSiteMinute, REASON_LABEL } from './health-format';
import { displayNameColumn } from './roster-columns';
import { weekLabel } from '../../../rules/weekly-requirement';

function Reasons({ row }: { row: RosterHealthRow }) {
  if (!row.Attention.length) return <span className="req-pill req-met">OK</span>;
  return (
    <span className="health-reasons">
      {row.Attention.map((r) => (
        <span key={r} className="req-pill req-short">
          {REASON_LABEL[r]}
        </span>
      ))}
    </span>
  );
}

export function healthColumns(team: RosterHealthResponse): Column<RosterHealthRow>[] {
  return [
    displayNameColumn<RosterHealthRow>(),
    { key: 'Attention', header: 'Needs Attention', sortable: true, render: (m) => <Reasons row={m} /> },
    {
      key: 'DaysSinceLastRace',
      header: 'Since Last Race',
      sortable: true,
      numeric: true,
      render: (m) => formatIdleDays(m.DaysSinceLastRace),
    },
    { key: 'LastRace', header: 'Last Race (CT)', render: (m) => formatSiteMinute(m.LastRace) },
    {
      key: 'Strikes',
      header: 'Strikes',
      sortable: true,
      numeric: true,
      render: (m) => (m.Strikes > 0 ? <span className="strike-count">{m.Strikes}</span> : '0'),
    },
    {
      key: 'RacesThisWeek',
      header: 'This Week',
      sortable: true,
      numeric: true,
      render: (m) => (
        <>
          {formatAgainst(m.RacesThisWeek, m.OwedThisWeek)}
          {m.AtRisk ? <span className="req-pill req-short at-risk-pill">At risk</span> : null}
        </>
      ),
    },
    {
      key: 'RacesLastWeek',
      header: weekLabel(team.JudgedWeek).replace(/^week/, 'Week'),
      sortable: true,
      numeric: true,
      render: (m) => formatAgainst(m.RacesLastWeek, m.OwedLastWeek),
    },
    {
      key: 'LifetimeRaces',
      header: 'Lifetime Races',
      sortable: true,
      numeric: true,
      render: (m) => formatInt(m.LifetimeRaces),
    },
    { key: 'AvgWPM', header: 'Avg WPM', sortable: true, numeric: true, render: (m) => formatWpm(m.AvgWPM) },
  ];
}
