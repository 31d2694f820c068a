/** Columns of the tracker table; the weekly tracker's username links leave the tag out (spec §2). */
import { Link } from '@tanstack/react-router';
import type { TrackerParticipant } from '../../../contract/trackers';
import { formatAccuracy, formatInt, formatWpm } from '../../lib/format';
import { racerProfileUrl } from '../../lib/links';
import type { Column } from '../../ui/data-table';
import { ExternalIcon, RobotIcon } from '../../ui/icons';
import { RankBadge } from '../../ui/rank-badge';
import { SquadBadge } from '../../ui/squad-badge';
import type { TrackerView } from './tracker-queries';

export function participantColumns(view: TrackerView, tag: string): Column<TrackerParticipant & { rank: number }>[] {
  return [
    { key: 'rank', header: '#', numeric: true, render: (p) => <RankBadge rank={p.rank} /> },
    {
      key: 'CurrentDisplayName',
      header: 'Display Name',
      sortable: true,
      render: (p) => (
        <span className="racer-name">
          <a className="external-link" href={racerProfileUrl(p.Username)} target="_blank" rel="noopener noreferrer">
            {p.CurrentDisplayName}
            <ExternalIcon />
          </a>
          {p.bot === 1 ? <RobotIcon className="bot-marker" role="img" aria-label="Flagged as bot" aria-hidden="false" /> : null}
        </span>
      ),
    },
    {
      key: 'Username',
      header: 'Username',
      sortable: true,
      render: (p) => (
        <Link to="/racers" search={{ username: p.Username, subtab: 'batch', tag: view === 'daily' ? tag : undefined }}>
          {p.Username}
        </Link>
      ),
    },
    { key: 'Squad', header: 'Squad', sortable: true, render: (p) => <SquadBadge squad={p.Squad} customName={p.SquadName} /> },
    { key: 'TotalRaces', header: 'Races', sortable: true, numeric: true, render: (p) => formatInt(p.TotalRaces) },
    { key: 'WPM', header: 'WPM', sortable: true, numeric: true, render: (p) => formatWpm(p.WPM) },
    { key: 'Accuracy', header: 'Accuracy', sortable: true, numeric: true, render: (p) => formatAccuracy(p.Accuracy) },
    { key: 'Points', header: 'Points', sortable: true, numeric: true, render: (p) => formatInt(p.Points) },
  ];
}
