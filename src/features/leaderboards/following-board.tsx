/**
 * The Following list of the individual board: the racers followed on this device with their rank
 * on the whole board (one rank call each), best first; those without races in the window are named
 * below the table.
 */
import { useQueries } from '@tanstack/react-query';
import type { Period } from '../../../rules/periods';
import type { BoardWindow } from '../../api/leaderboard-window';
import { racerStandingQueryOptions, type RankedRacerRow } from '../../api/leaderboards';
import { useOnline } from '../../lib/online';
import { DataTable } from '../../ui/data-table';
import { Empty, Loading } from '../../ui/states';
import { individualColumns } from './leaderboard-columns';
import type { BoardRow } from './leaderboard-rows';
import { rankedBoardRow } from './ranked-rows';

export interface FollowingBoardProps {
  usernames: string[];
  window: BoardWindow;
  tz: string;
  showbot: 'TRUE' | 'FALSE';
  period: Period;
  isMine: (b: BoardRow<RankedRacerRow>) => boolean;
}

export function FollowingBoard({ usernames, window, tz, showbot, period, isMine }: FollowingBoardProps) {
  const online = useOnline();
  const standings = useQueries({
    queries: usernames.map((username) => ({
      ...racerStandingQueryOptions({ window, tz, username, showbot, radius: 0 }),
      retry: false,
    })),
  });
  if (usernames.length === 0) {
    return (
      <Empty text="You follow no racers yet. Tap the star beside a racer, here or on their page, to follow them." />
    );
  }
  const rows = standings.flatMap((q) => (q.data ? [rankedBoardRow(q.data.row)] : [])).sort((a, b) => a.rank - b.rank);
  const absent = usernames.filter((_, i) => standings[i].data === null);
  const failed = usernames.filter((_, i) => standings[i].data === undefined && !!standings[i].error);
  const waiting = usernames.filter((_, i) => standings[i].data === undefined && !standings[i].error);
  if (rows.length === 0 && absent.length === 0 && failed.length === 0) {
    return (
      <Loading
        text="Loading the racers you follow..."
        offlineText="The racers you follow on this board are not saved on this device. They load when the connection is back."
      />
    );
  }
  return (
    <div className="lb-following">
      {rows.length > 0 ? (
        <DataTable
          caption="Racers you follow, with their rank on the whole board"
          columns={individualColumns(period)}
          rows={rows}
          rowKey={(b) => String(b.row.UserID)}
          isMine={isMine}
        />
      ) : null}
      {absent.length > 0 ? <p className="lb-following-note">No races on this board: {absent.join(', ')}.</p> : null}
      {failed.length > 0 ? (
        <p className="lb-following-note" role="alert">
          Could not load: {failed.join(', ')}.
        </p>
      ) : null}
      {waiting.length > 0 ? (
        <p className="lb-following-note" role="status">
          {online ? `Loading: ${waiting.join(', ')}...` : `Not saved on this device: ${waiting.join(', ')}.`}
        </p>
      ) : null}
    </div>
  );
}
