/**
 * The You card on top of the boards when "This is me" is set: the visitor's rank on the individual
 * board of the chosen window, the share of the board they are ahead of, the change since they
 * last looked at this board (seen-rank.ts), and their neighbours above and below.
 */
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import type { BoardWindow } from '../../api/leaderboard-window';
import { racerStandingQueryOptions, type RankedRacerRow } from '../../api/leaderboards';
import { formatInt } from '../../lib/format';
import type { MyRacer } from '../../lib/my-racer';
import { RankBadge } from '../../ui/rank-badge';
import { Loading } from '../../ui/states';
import { rankOf } from './ranked-rows';
import { useChangeSinceSeen } from './seen-rank';

export interface YouCardProps {
  me: MyRacer;
  window: BoardWindow;
  tz: string;
  showbot: 'TRUE' | 'FALSE';
  /** Names the board for "since you last looked" (its period and window, flagged racers or not). */
  boardId: string;
  /** Turns the individual board to the page holding the visitor's row. */
  onShowPage: (page: number) => void;
}

/** "Ahead of 87%" from the server's percentile (0-100, the share ranked below); " of the board" follows. */
export function aheadText(percentile: number): string {
  return `Ahead of ${Math.floor(percentile)}%`;
}

export function YouCard({ me, window, tz, showbot, boardId, onShowPage }: YouCardProps) {
  const query = useQuery({
    ...racerStandingQueryOptions({ window, tz, username: me.username, showbot, radius: 2 }),
    retry: (count, e) => !(e instanceof ApiError && e.status < 500) && count < 2,
  });
  const standing = query.data ?? undefined;
  const change = useChangeSinceSeen(boardId, me.username, standing ? rankOf(standing.row) : undefined);
  const absent = query.data === null;

  let body;
  if (standing) {
    const { row, total, percentile, neighbours } = standing;
    const others = neighbours.filter((n) => n.Username.toLowerCase() !== row.Username.toLowerCase());
    const rank = rankOf(row);
    const above = others.filter((n) => rankOf(n) < rank).sort((a, b) => rankOf(a) - rankOf(b));
    const below = others.filter((n) => rankOf(n) > rank).sort((a, b) => rankOf(a) - rankOf(b));
    body = (
      <>
        <div className="you-figures">
          <p className="you-rank">
            <RankBadge rank={rank} />
            <span>
              of {formatInt(total)}
              <span className="you-ahead">
                {aheadText(percentile)}
                <span className="you-ahead-extra"> of the board</span>
              </span>
            </span>
          </p>
          <p className="you-since" data-since={change?.kind ?? 'first'}>
            {!change
              ? 'First look at this board from this device.'
              : change.kind === 'same'
                ? 'Same rank as when you last looked.'
                : change.kind === 'up'
                  ? `Up ${change.by} since you last looked.`
                  : `Down ${change.kind === 'down' ? change.by : 0} since you last looked.`}
          </p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => onShowPage(standing.page)}>
            Show my page ({standing.page})
          </button>
        </div>
        <ol className="you-neighbours" aria-label="You and your neighbours">
          {[...above, row, ...below].map((n) => (
            <Neighbour key={n.UserID} row={n} mine={n === row} />
          ))}
        </ol>
      </>
    );
  } else if (absent) {
    body = <p className="you-since">No races on this board yet: race and you will show up here.</p>;
  } else if (query.isError) {
    body = (
      <p className="you-since" role="alert">
        Your rank could not be loaded.
      </p>
    );
  } else {
    body = (
      <Loading
        text="Finding your rank..."
        offlineText="Your rank on this board is not saved on this device. It loads when the connection is back."
      />
    );
  }
  return (
    <section className="card you-card" aria-labelledby="you-card-title">
      <h2 id="you-card-title" className="you-title">
        You: {me.displayName}
      </h2>
      {body}
    </section>
  );
}

function Neighbour({ row, mine }: { row: RankedRacerRow; mine: boolean }) {
  return (
    <li
      className={mine ? 'you-neighbour you-neighbour-mine' : 'you-neighbour'}
      aria-current={mine ? 'true' : undefined}
    >
      <span className="you-neighbour-rank">{row.Rank}</span>
      <span className="you-neighbour-name">{row.CurrentDisplayName}</span>
      <span className="you-neighbour-points">{formatInt(row.Points)}</span>
    </li>
  );
}
