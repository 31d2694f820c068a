/**
 * Above every team screen: "No new data for TAG since <time>: the game has not answered for it"
 * when the team's last successful poll (team info `lastPolledAt`) is older than 30 minutes, or it
 * never collected. Shown from saved data offline, judged then at the time that data was fetched.
 */
import { useQuery } from '@tanstack/react-query';
import { teamInfoQueryOptions } from '../../api/teams';
import { formatCT } from '../../lib/format';
import { useOnline } from '../../lib/online';
import { useMinuteClock } from '../../lib/use-minute-clock';
import { teamStaleness } from './team-staleness';
import './team-stale-note.css';

export function TeamStaleNote({ tag }: { tag: string }) {
  const info = useQuery(teamInfoQueryOptions(tag));
  const online = useOnline();
  const now = useMinuteClock();
  if (!info.data) return null;
  const stale = teamStaleness(info.data.lastPolledAt, online ? now.getTime() : info.dataUpdatedAt);
  if (stale.kind === 'fresh') return null;
  return (
    <p className="team-stale-note" role="status">
      {stale.kind === 'never'
        ? `No data for ${tag} yet: the game has not answered for it.`
        : `No new data for ${tag} since ${formatCT(stale.at)}: the game has not answered for it.`}
    </p>
  );
}
