/** The roster table's columns (spec §2 "Team roster table") plus last-7-days races and the weekly check. */
import { Link } from '@tanstack/react-router';
import type { RosterMember } from '../../../contract/roster';
import { formatInt, formatWpm, MISSING } from '../../lib/format';
import { racerProfileUrl } from '../../lib/links';
import type { Column } from '../../ui/data-table';
import { ExternalIcon, RobotIcon } from '../../ui/icons';
import { SquadBadge } from '../../ui/squad-badge';
import { formatDayOf } from './roster-format';

export function rosterColumns(tag: string, withRequirement: boolean): Column<RosterMember>[] {
  const columns: Column<RosterMember>[] = [
    {
      key: 'CurrentDisplayName',
      header: 'Current Display Name',
      sortable: true,
      render: (m) => (
        <span className="racer-name">
          <a className="external-link" href={racerProfileUrl(m.Username)} target="_blank" rel="noopener noreferrer">
            {m.CurrentDisplayName}
            <ExternalIcon />
          </a>
          {m.bot === 1 ? <RobotIcon className="bot-marker" role="img" aria-label="Flagged as bot" aria-hidden="false" /> : null}
        </span>
      ),
    },
    {
      key: 'Username',
      header: 'Username',
      sortable: true,
      render: (m) => (
        <Link to="/racers" search={{ username: m.Username, subtab: 'batch', tag }}>
          {m.Username}
        </Link>
      ),
    },
    { key: 'Tag', header: 'Team Tag', render: (m) => m.Tag },
    { key: 'SquadName', header: 'Squad Name', sortable: true, render: (m) => <SquadBadge squad={m.squad} customName={m.SquadName} /> },
    { key: 'Joined', header: 'Joined', sortable: true, render: (m) => formatDayOf(m.Joined) },
    { key: 'TeamRaces', header: 'Team Races', sortable: true, numeric: true, render: (m) => formatInt(m.TeamRaces) },
    { key: 'LifetimeRaces', header: 'Lifetime Races', sortable: true, numeric: true, render: (m) => formatInt(m.LifetimeRaces) },
    { key: 'AvgWPM', header: 'Avg WPM', sortable: true, numeric: true, render: (m) => formatWpm(m.AvgWPM) },
    { key: 'TopWPM', header: 'Top WPM', sortable: true, numeric: true, render: (m) => formatWpm(m.TopWPM) },
    { key: 'RacesLast7Days', header: 'Races (7 Days)', sortable: true, numeric: true, render: (m) => formatInt(m.RacesLast7Days) },
  ];
  if (withRequirement) {
    columns.push({
      key: 'MeetsWeeklyRequirement',
      header: 'Weekly Requirement',
      sortable: true,
      render: (m) =>
        m.MeetsWeeklyRequirement === null ? MISSING : (
          <span className={`req-pill ${m.MeetsWeeklyRequirement ? 'req-met' : 'req-short'}`}>
            {m.MeetsWeeklyRequirement ? 'Met' : 'Short'}
          </span>
        ),
    });
  }
  return columns;
}
