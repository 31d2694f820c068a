/**
 * The individual board, one page at a time as the server ranks it: sort, direction, page, team
 * filter, flagged racers and the Following list live in the address (racer-board-view.ts), medals
 * and rank changes come with each row (Rank, PreviousRank). My rank asks the server for the page
 * that holds the visitor's row and turns to it.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import type { Period } from '../../../rules/periods';
import type { BoardWindow } from '../../api/leaderboard-window';
import { BoardExport } from './board-export';
import {
  racerBoardPageQueryOptions,
  racerStandingQueryOptions,
  type BoardSortKey,
  type RankedRacerRow,
} from '../../api/leaderboards';
import type { MyRacer } from '../../lib/my-racer';
import { useFollowed } from '../../lib/followed-racers';
import { useOnline } from '../../lib/online';
import { DataTable } from '../../ui/data-table';
import { Pager } from '../../ui/pager';
import { Empty, ErrorBox, Loading, OfflineNote } from '../../ui/states';
import { FollowingBoard } from './following-board';
import { individualColumns } from './leaderboard-columns';
import type { BoardRow } from './leaderboard-rows';
import { emptyMessage } from './leaderboard-selection';
import { rankedBoardRow } from './ranked-rows';
import { DEFAULT_RACER_VIEW, sortedBy, type RacerBoardView } from './racer-board-view';

export interface RacerBoardProps {
  view: RacerBoardView;
  onView: (next: RacerBoardView, replace?: boolean) => void;
  window: BoardWindow;
  period: Period;
  tz: string;
  me: MyRacer | null;
  /** The heading (title, window, countdown) drawn above the table with this board's API times. */
  heading: (times: { start_time: string; end_time: string } | undefined) => React.ReactNode;
}

/** "Page of the board not saved": offline, a sort or page never seen before has nothing to show. */
const NOT_SAVED = 'This page of the board is not saved on this device. It loads when the connection is back.';

export function RacerBoard({ view, onView, window, period, tz, me, heading }: RacerBoardProps) {
  const queryClient = useQueryClient();
  const botsId = useId();
  const showbot = view.showBots ? 'TRUE' : 'FALSE';
  const followed = useFollowed();
  const [note, setNote] = useState('');
  const boardRef = useRef<HTMLDivElement>(null);
  const query = useQuery({
    ...racerBoardPageQueryOptions({
      window,
      tz,
      page: view.page,
      sort: view.sort,
      dir: view.dir,
      showbot,
      team: view.team,
    }),
    enabled: !view.following,
    placeholderData: (previous) => previous,
  });
  const data = query.data;
  // While a new page loads the last one stays, dimmed, so the table does not jump.
  const stale = query.isPlaceholderData;
  const shownRows: BoardRow<RankedRacerRow>[] = data ? data.rows.map(rankedBoardRow) : [];

  const isMine = (b: BoardRow<RankedRacerRow>) => !!me && b.row.Username.toLowerCase() === me.username.toLowerCase();
  const jumpToMyRow = async () => {
    if (!me) return;
    setNote('');
    try {
      const standing = await queryClient.fetchQuery(
        racerStandingQueryOptions({ window, tz, username: me.username, showbot, radius: 2 }),
      );
      if (!standing) return setNote('You are not on this board.');
      onView({ ...DEFAULT_RACER_VIEW, showBots: view.showBots, page: standing.page });
      flashMyRow(boardRef.current);
    } catch {
      setNote('Your rank could not be found right now.');
    }
  };

  const failed = query.isError && !data;
  // Offline, a page never seen has nothing to wait for: say so instead of keeping the last one.
  const online = useOnline();
  const unsaved = stale && !online;
  const empty = data && !stale && data.total === 0;
  return (
    <>
      <div className="lb-heading-row">
        {heading(data?.times)}
        <div className="lb-list-choice" role="group" aria-label="Racers shown">
          <button
            type="button"
            className="btn btn-sm btn-secondary"
            aria-pressed={!view.following}
            onClick={() => onView({ ...view, following: false })}
          >
            Everyone
          </button>
          <button
            type="button"
            className="btn btn-sm btn-secondary"
            aria-pressed={view.following}
            onClick={() => onView({ ...view, following: true, page: 1 })}
          >
            Following{followed.length ? ` (${followed.length})` : ''}
          </button>
        </div>
        {me ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm lb-my-rank"
            onClick={() => void jumpToMyRow()}
            disabled={view.following}
          >
            My rank
          </button>
        ) : (
          <Link to="/racers/find-me" className="btn btn-ghost btn-sm lb-my-rank">
            Find me
          </Link>
        )}
        <label className="lb-bots" htmlFor={botsId}>
          <input
            id={botsId}
            type="checkbox"
            checked={view.showBots}
            onChange={(e) => onView({ ...view, showBots: e.target.checked, page: 1 })}
          />
          Show flagged racers
        </label>
        <BoardExport
          kind="individual"
          window={window}
          tz={tz}
          period={period}
          sort={{ key: view.sort, dir: view.dir }}
          filter=""
          team={view.team}
          showBots={view.showBots}
          disabled={view.following}
        />
      </div>
      {note ? (
        <p className="lb-my-rank-note" role="status">
          {note}
        </p>
      ) : null}
      {view.following ? (
        <FollowingBoard
          usernames={followed}
          window={window}
          tz={tz}
          showbot={showbot}
          period={period}
          isMine={isMine}
        />
      ) : (
        <>
          <OfflineNote updatedAt={query.dataUpdatedAt || undefined} />
          <div ref={boardRef} className={stale ? 'lb-board lb-board-stale' : 'lb-board'} aria-busy={stale}>
            {failed ? (
              <ErrorBox text="Failed to fetch leaderboard" />
            ) : !data || unsaved ? (
              <Loading text="Loading leaderboard..." offlineText={NOT_SAVED} />
            ) : empty ? (
              <Empty
                text={view.team ? `No racers of team ${view.team} on this board.` : emptyMessage('individuals', period)}
              />
            ) : (
              <DataTable
                caption="Individual leaderboard"
                columns={individualColumns(period)}
                rows={shownRows}
                rowKey={(b) => String(b.row.UserID)}
                sort={{ key: view.sort, dir: view.dir }}
                leadColumns={['Points']}
                onHeaderClick={(key) => onView(sortedBy(view, key as BoardSortKey))}
                isMine={isMine}
              />
            )}
          </div>
          {!failed && data && data.total > 0 ? (
            <Pager page={view.page} pageCount={Math.max(1, data.pages)} onPage={(page) => onView({ ...view, page })} />
          ) : null}
        </>
      )}
    </>
  );
}

/** Once the page is drawn, brings the visitor's row into view and flashes it. */
function flashMyRow(board: HTMLElement | null, tries = 40): void {
  requestAnimationFrame(() => {
    const row = board?.querySelector<HTMLTableRowElement>('tr[data-mine="true"]');
    if (!row || board?.getAttribute('aria-busy') === 'true') {
      if (tries > 0) flashMyRow(board, tries - 1);
      return;
    }
    row.scrollIntoView({ block: 'center', behavior: 'smooth' });
    row.classList.remove('row-flash');
    void row.offsetWidth;
    row.classList.add('row-flash');
  });
}
