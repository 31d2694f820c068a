/**
 * Columns of the boards (docs/product.md §2). Team: Rank, Team Tag (a roster link, plain text in the monthly
 * view), Races, Accuracy, WPM, Points. Individual: Rank, Display Name (the game profile, new tab,
 * robot icon for bots), Username (the racer inspector), Team, Bot (daily view only), Races,
 * Accuracy, WPM, Points. The rank cell also shows the change against the previous period; a star
 * before the display name follows the racer.
 */
import { Link } from '@tanstack/react-router';
import type { IndividualLeaderboardRow, TeamLeaderboardRow } from '../../../contract/leaderboards';
import type { Period } from '../../../rules/periods';
import { formatAccuracy, formatInt, formatWpm, MISSING } from '../../lib/format';
import { racerProfileUrl } from '../../lib/links';
import type { Column } from '../../ui/data-table';
import { FollowStar } from '../../ui/follow-star';
import { ExternalIcon, RobotIcon } from '../../ui/icons';
import { RankBadge } from '../../ui/rank-badge';
import type { BoardRow } from './leaderboard-rows';
import { RankChangeBadge } from './rank-change-badge';

type Row<R extends TeamLeaderboardRow | IndividualLeaderboardRow> = BoardRow<R>;

function rankColumn<R extends TeamLeaderboardRow | IndividualLeaderboardRow>(): Column<Row<R>> {
  return {
    key: 'rank',
    header: 'Rank',
    identity: true,
    className: 'lb-rank',
    render: (b) => (
      <span className="lb-rank-cell">
        <RankBadge rank={b.rank} />
        <RankChangeBadge change={b.change} />
      </span>
    ),
  };
}

function statColumns<R extends TeamLeaderboardRow | IndividualLeaderboardRow>(): Column<Row<R>>[] {
  return [
    { key: 'Races', header: 'Races', sortable: true, numeric: true, render: (b) => formatInt(b.row.Races) },
    {
      key: 'Accuracy',
      header: 'Accuracy',
      sortable: true,
      numeric: true,
      render: (b) => formatAccuracy(b.row.Accuracy),
    },
    { key: 'WPM', header: 'WPM', sortable: true, numeric: true, render: (b) => formatWpm(b.row.WPM) },
    {
      key: 'Points',
      header: 'Points',
      sortable: true,
      numeric: true,
      className: 'lb-points',
      render: (b) => formatInt(b.row.Points),
    },
  ];
}

export function teamColumns(period: Period): Column<Row<TeamLeaderboardRow>>[] {
  return [
    rankColumn(),
    {
      key: 'TeamTag',
      header: 'Team Tag',
      identity: true,
      sortable: true,
      render: (b) =>
        period === 'monthly' ? (
          <span className="lb-tag">{b.row.TeamTag}</span>
        ) : (
          <Link className="lb-tag" to="/roster" search={{ tag: b.row.TeamTag }}>
            {b.row.TeamTag}
          </Link>
        ),
    },
    ...statColumns<TeamLeaderboardRow>(),
  ];
}

export function individualColumns(period: Period): Column<Row<IndividualLeaderboardRow>>[] {
  const columns: Column<Row<IndividualLeaderboardRow>>[] = [
    rankColumn(),
    {
      key: 'CurrentDisplayName',
      header: 'Display Name',
      identity: true,
      sortable: true,
      className: 'lb-name',
      render: ({ row }) => (
        <span className="racer-name">
          <FollowStar username={row.Username} />
          <a className="external-link" href={racerProfileUrl(row.Username)} target="_blank" rel="noopener noreferrer">
            {row.CurrentDisplayName}
            <ExternalIcon />
          </a>
          {row.bot === 1 ? (
            <RobotIcon className="bot-marker" role="img" aria-label="Flagged as bot" aria-hidden="false" />
          ) : null}
        </span>
      ),
    },
    {
      key: 'Username',
      header: 'Username',
      sortable: true,
      render: ({ row }) => (
        <Link to="/racers" search={{ username: row.Username, subtab: 'batch' }}>
          {row.Username}
        </Link>
      ),
    },
    { key: 'TeamTag', header: 'Team', sortable: true, render: ({ row }) => row.TeamTag ?? MISSING },
  ];
  if (period === 'daily') {
    columns.push({ key: 'bot', header: 'Bot', render: ({ row }) => (row.bot === 1 ? 'Yes' : 'No') });
  }
  return [...columns, ...statColumns<IndividualLeaderboardRow>()];
}
