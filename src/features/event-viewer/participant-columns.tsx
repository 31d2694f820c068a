/** The Racers table (docs/product.md §2 "Event viewer"); Winnings only when the event pays out. */
import type { Participant } from '../../../contract/events';
import { UNASSIGNED } from '../../../contract/squads';
import { formatMoney } from '../../lib/format';
import { squadLabel as labelOf } from '../../lib/squad-label';
import { RacerName, UsernameLink } from '../../ui/racer-name';
import { SquadBadge } from '../../ui/squad-badge';
import { racesColumn, statColumns } from './stat-columns';
import type { ViewColumn } from './view-columns';
import { WithheldWinnings } from './withheld-winnings';

/** What the squad badge shows: the custom name, else the squad, else Unassigned. */
export const squadLabel = (p: { Squad: string; SquadName: string | null }) =>
  labelOf(p.Squad, p.SquadName) || UNASSIGNED;

export function participantColumns(tag: string | undefined, withWinnings: boolean): ViewColumn<Participant>[] {
  const cols: ViewColumn<Participant>[] = [
    {
      key: 'CurrentDisplayName',
      header: 'Display Name',
      identity: true,
      render: (p) => <RacerName name={p.CurrentDisplayName || p.Username} username={p.Username} bot={p.bot === 1} />,
      sortValue: (p) => p.CurrentDisplayName || p.Username,
      exportValue: (p) => p.CurrentDisplayName || p.Username,
    },
    {
      key: 'Username',
      header: 'Username',
      render: (p) => <UsernameLink username={p.Username} tag={tag} />,
      sortValue: (p) => p.Username,
      exportValue: (p) => p.Username,
    },
    {
      key: 'TeamTag',
      header: 'Team',
      render: (p) => p.TeamTag,
      sortValue: (p) => p.TeamTag,
      exportValue: (p) => p.TeamTag,
    },
    {
      key: 'Squad',
      header: 'Squad',
      render: (p) => <SquadBadge squad={p.Squad} customName={p.SquadName} />,
      sortValue: squadLabel,
      exportValue: squadLabel,
    },
    racesColumn<Participant>('TotalRaces', (p) => p.TotalRaces),
    ...statColumns<Participant>(),
  ];
  if (withWinnings) {
    cols.push({
      key: 'Winnings',
      header: 'Winnings',
      numeric: true,
      // Blank, not "-", whenever there is nothing to pay (docs/product.md §5); a flagged racer's says why.
      render: (p) =>
        p.Withheld !== null ? (
          <WithheldWinnings amount={p.Withheld} />
        ) : p.Winnings === null ? (
          ''
        ) : (
          formatMoney(p.Winnings)
        ),
      sortValue: (p) => p.Winnings,
      exportValue: (p) => p.Winnings,
    });
  }
  return cols;
}
