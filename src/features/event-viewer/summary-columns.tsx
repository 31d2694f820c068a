/** The Squads and Teams tables: one row per squad of each team, and one per team. */
import { Link } from '@tanstack/react-router';
import type { SquadSummaryRow, TeamSummaryRow } from '../../../contract/events';
import { UNASSIGNED } from '../../../contract/squads';
import { SquadBadge } from '../../ui/squad-badge';
import { racesColumn, statColumns } from './stat-columns';
import type { ViewColumn } from './view-columns';

export function squadColumns(): ViewColumn<SquadSummaryRow>[] {
  return [
    {
      key: 'Tag',
      header: 'Team',
      identity: true,
      render: (s) => s.Tag,
      sortValue: (s) => s.Tag,
      exportValue: (s) => s.Tag,
    },
    {
      key: 'Squad',
      header: 'Squad',
      identity: true,
      render: (s) => <SquadBadge squad={s.Squad} />,
      sortValue: (s) => s.Squad || UNASSIGNED,
      exportValue: (s) => s.Squad || UNASSIGNED,
    },
    {
      key: 'SquadName',
      header: 'Squad Name',
      render: (s) => s.SquadName ?? '',
      sortValue: (s) => s.SquadName ?? '',
      exportValue: (s) => s.SquadName ?? null,
    },
    racesColumn<SquadSummaryRow>('sum', (s) => s.sum),
    ...statColumns<SquadSummaryRow>(),
  ];
}

export function teamColumns(): ViewColumn<TeamSummaryRow>[] {
  return [
    {
      key: 'Tag',
      header: 'Team',
      identity: true,
      render: (t) => (
        <Link to="/roster" search={{ tag: t.Tag }}>
          {t.Tag}
        </Link>
      ),
      sortValue: (t) => t.Tag,
      exportValue: (t) => t.Tag,
    },
    racesColumn<TeamSummaryRow>('Races', (t) => t.Races),
    ...statColumns<TeamSummaryRow>(),
  ];
}
