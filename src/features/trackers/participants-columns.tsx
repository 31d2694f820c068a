/** Columns of the tracker table; the weekly tracker's username links leave the tag out (docs/product.md §2). */
import type { TrackerParticipant } from '../../../contract/trackers';
import { formatAccuracy, formatInt, formatWpm } from '../../lib/format';
import type { Column } from '../../ui/data-table';
import { RacerName, UsernameLink } from '../../ui/racer-name';
import { RankBadge } from '../../ui/rank-badge';
import { SquadBadge } from '../../ui/squad-badge';
import { type TrackerView } from '../../api/keys';

export function participantColumns(view: TrackerView, tag: string): Column<TrackerParticipant & { rank: number }>[] {
  return [
    { key: 'rank', header: '#', numeric: true, identity: true, render: (p) => <RankBadge rank={p.rank} /> },
    {
      key: 'CurrentDisplayName',
      identity: true,
      header: 'Display Name',
      sortable: true,
      render: (p) => <RacerName name={p.CurrentDisplayName} username={p.Username} bot={p.bot === 1} />,
    },
    {
      key: 'Username',
      header: 'Username',
      sortable: true,
      render: (p) => <UsernameLink username={p.Username} tag={view === 'daily' ? tag : undefined} />,
    },
    {
      key: 'Squad',
      header: 'Squad',
      sortable: true,
      render: (p) => <SquadBadge squad={p.Squad} customName={p.SquadName} />,
    },
    { key: 'TotalRaces', header: 'Races', sortable: true, numeric: true, render: (p) => formatInt(p.TotalRaces) },
    { key: 'WPM', header: 'WPM', sortable: true, numeric: true, render: (p) => formatWpm(p.WPM) },
    { key: 'Accuracy', header: 'Accuracy', sortable: true, numeric: true, render: (p) => formatAccuracy(p.Accuracy) },
    { key: 'Points', header: 'Points', sortable: true, numeric: true, render: (p) => formatInt(p.Points) },
  ];
}
