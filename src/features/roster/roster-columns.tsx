/**
 * The roster table's columns (docs/product.md §2 "Team roster table") plus the game's Banned / Warned badge by
 * the name, last-7-days races, the weekly check and, for an admin, the bot toggle.
 */
import { weekLabel } from '../../../rules/weekly-requirement';
import type { ReactNode } from 'react';
import type { RosterMember } from '../../../contract/roster';
import { formatInt, formatWpm, MISSING } from '../../lib/format';
import type { Column } from '../../ui/data-table';
import type { GameStatus } from '../../../contract/common';
import { GameStatusBadge } from '../../ui/game-status-badge';
import { RacerName, UsernameLink } from '../../ui/racer-name';
import { SquadBadge } from '../../ui/squad-badge';
import { formatDayOf } from './roster-format';

/** A member's name: the game profile link with the bot marker and the Banned / Warned badge (roster and Health). */
export function displayNameColumn<
  Row extends { CurrentDisplayName: string; Username: string; bot: 0 | 1; GameStatus: GameStatus },
>(): Column<Row> {
  return {
    key: 'CurrentDisplayName',
    identity: true,
    header: 'Current Display Name',
    sortable: true,
    render: (m) => (
      <>
        <RacerName name={m.CurrentDisplayName} username={m.Username} bot={m.bot === 1} />
        <GameStatusBadge status={m.GameStatus} />
      </>
    ),
  };
}

/** `botToggle` renders an admin's per-row bot control; without it the column is left out. */
export function rosterColumns(
  tag: string,
  /** The Sunday of the week the requirement verdict judges; null when no member has a verdict. */
  requirementWeek: string | null,
  botToggle?: (m: RosterMember) => ReactNode,
): Column<RosterMember>[] {
  const columns: Column<RosterMember>[] = [
    displayNameColumn(),
    {
      key: 'Username',
      header: 'Username',
      sortable: true,
      render: (m) => <UsernameLink username={m.Username} tag={tag} />,
    },
    { key: 'Tag', header: 'Team Tag', render: (m) => m.Tag },
    {
      key: 'SquadName',
      header: 'Squad Name',
      sortable: true,
      render: (m) => <SquadBadge squad={m.squad} customName={m.SquadName} />,
    },
    { key: 'Joined', header: 'Joined', sortable: true, render: (m) => formatDayOf(m.Joined) },
    { key: 'TeamRaces', header: 'Team Races', sortable: true, numeric: true, render: (m) => formatInt(m.TeamRaces) },
    {
      key: 'LifetimeRaces',
      header: 'Lifetime Races',
      sortable: true,
      numeric: true,
      render: (m) => formatInt(m.LifetimeRaces),
    },
    { key: 'AvgWPM', header: 'Avg WPM', sortable: true, numeric: true, render: (m) => formatWpm(m.AvgWPM) },
    { key: 'TopWPM', header: 'Top WPM', sortable: true, numeric: true, render: (m) => formatWpm(m.TopWPM) },
    {
      key: 'RacesLast7Days',
      header: 'Races (7 Days)',
      sortable: true,
      numeric: true,
      render: (m) => formatInt(m.RacesLast7Days),
    },
  ];
  if (requirementWeek) {
    columns.push({
      key: 'MeetsWeeklyRequirement',
      header: `Requirement (${weekLabel(requirementWeek).replace(/^week of /, '')})`,
      sortable: true,
      render: (m) =>
        m.MeetsWeeklyRequirement === null ? (
          MISSING
        ) : (
          <span className={`req-pill ${m.MeetsWeeklyRequirement ? 'req-met' : 'req-short'}`}>
            {m.MeetsWeeklyRequirement ? 'Met' : 'Short'}
          </span>
        ),
    });
  }
  if (botToggle) columns.push({ key: 'bot', header: 'Bot', className: 'cell-bot', render: botToggle });
  return columns;
}
