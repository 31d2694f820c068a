/**
 * /leaderboards: Team and Individual tabs, the six periods with their pickers, and the board with
 * rank changes; the choice lives in the address and is remembered in browser storage as the next
 * visit's default. The team board is a whole list with its bot checkbox and filter box; the
 * individual board reads pages ranked by the server (racer-board.tsx). With "This is me" set, the
 * You card sits on top, and the visitor's own row (their team's on the team board) is highlighted.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { TeamLeaderboardRow } from '../../../contract/leaderboards';
import {
  apiTimes,
  type ApiTimes,
  periodWindow,
  previousWindow,
  windowFromApiTimes,
  type Period,
  type PeriodSelection,
} from '../../../rules/periods';
import { dayKeyOf } from '../../../rules/site-time';
import { pageOfMyRow } from '../../lib/my-row';
import { getStored, setStored } from '../../lib/storage';
import { Card } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { Pager } from '../../ui/pager';
import { Empty, ErrorBox, Loading, OfflineNote } from '../../ui/states';
import { TabPanel, tabId, Tabs } from '../../ui/tabs';
import { BoardExport } from './board-export';
import { DataAsOf } from './data-as-of';
import { teamColumns } from './leaderboard-columns';
import { buildBoard, pageOf, PAGE_SIZE, type BoardRow } from './leaderboard-rows';
import {
  emptyMessage,
  hasBotCheckbox,
  resolveGroupBy,
  resolvePeriod,
  resolveSelection,
  selectionSearch,
  sendsShowBot,
  type GroupBy,
  type LeaderboardSearch,
} from './leaderboard-selection';
import {
  DEFAULT_LEADERBOARD_SORT,
  nextLeaderboardSort,
  type LeaderboardSort,
  type LeaderboardSortKey,
} from './leaderboard-sort';
import { PeriodPicker } from './period-picker';
import { boardHeading } from './period-labels';
import { useMinuteClock } from '../../lib/use-minute-clock';
import './leaderboards.css';
import { useMyRacerWithTeam } from '../../lib/members';
import { useSiteTimezone } from '../../lib/site';
import { boardWindow } from '../../api/leaderboard-window';
import { teamLeaderboardQueryOptions } from '../../api/leaderboards';
import { periodCountdown } from './period-countdown';
import { RacerBoard } from './racer-board';
import { DEFAULT_RACER_VIEW, racerBoardSearch, racerBoardView, type RacerBoardView } from './racer-board-view';
import { TeamFilter } from './team-filter';
import { YouCard } from './you-card';
import { replayEarlyText } from '../../ui/replay-early-input';

const GROUP_TABS = [
  { key: 'teams', label: 'Team Leaderboards' },
  { key: 'individuals', label: 'Individual Leaderboards' },
];

const PERIOD_TABS: { key: Period; label: string }[] = [
  { key: '24hour', label: '24 Hour' },
  { key: '7day', label: '7 Day' },
  { key: 'daily', label: 'Daily' },
  { key: 'weekly', label: 'Weekly' },
  { key: 'monthly', label: 'Monthly' },
  { key: 'custom', label: 'Custom' },
];

export interface LeaderboardsPageProps {
  search: LeaderboardSearch;
  /** Replaces the leaderboard's search params (a new history entry unless `replace`). */
  onSearch: (next: LeaderboardSearch, replace?: boolean) => void;
}

export function LeaderboardsPage({ search, onSearch }: LeaderboardsPageProps) {
  const tz = useSiteTimezone();
  const now = useMinuteClock();
  const today = dayKeyOf(now, tz);
  const groupBy = resolveGroupBy(search.view, getStored('leaderboardGroupBy'));
  const period = resolvePeriod(search.period, getStored('leaderboardActiveTab'));
  const selection = resolveSelection(period, search, now, tz, today);
  const selectionKey = JSON.stringify(selection);
  const [showBots, setShowBots] = useState(false);
  const [sort, setSort] = useState<LeaderboardSort>(DEFAULT_LEADERBOARD_SORT);
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const filterId = useId();
  const panelId = useId();
  const botsId = useId();
  const { me, myTeamTag } = useMyRacerWithTeam();
  const [myRankNote, setMyRankNote] = useState('');
  const boardRef = useRef<HTMLDivElement>(null);

  useEffect(() => setStored('leaderboardGroupBy', groupBy), [groupBy]);
  useEffect(() => setStored('leaderboardActiveTab', period), [period]);
  // A new board starts on page 1 (set during render, as React advises for state that follows props).
  // The address always names the board shown: the route's beforeLoad corrects it (leaderboard-route.ts).
  const boardKey = `${groupBy}|${selectionKey}|${showBots}`;
  const [shownBoard, setShownBoard] = useState(boardKey);
  if (shownBoard !== boardKey) {
    setShownBoard(boardKey);
    setPage(1);
    setMyRankNote('');
  }

  const win = periodWindow(selection, now, tz);
  const times = apiTimes(win, tz);
  const previous = apiTimes(previousWindow(selection, now, tz), tz);
  const showbot = sendsShowBot(groupBy, period) ? (showBots ? 'TRUE' : 'FALSE') : undefined;
  const isTeams = groupBy === 'teams';

  const boardNow = boardWindow(selection, false, now, tz);
  const boardBefore = boardWindow(selection, true, now, tz);
  const teamQuery = useQuery({ ...teamLeaderboardQueryOptions({ window: boardNow, showbot, tz }), enabled: isTeams });
  const teamPrevious = useQuery({
    ...teamLeaderboardQueryOptions({ window: boardBefore, showbot, tz }),
    enabled: isTeams,
  });
  const query = teamQuery;
  const previousQuery = teamPrevious;

  // A rolling window's key stays put as the minutes pass (leaderboard-queries.ts): its last board
  // stays on screen, headed by the window it was fetched for.
  const current: TeamLeaderboardRow[] | undefined = query.data?.rows;
  const before: TeamLeaderboardRow[] | undefined = previousQuery.data?.rows;
  const shownTimes = query.data?.times ?? times;
  const shownPrevious = previousQuery.data?.times ?? previous;
  const fetchedWin = windowFromApiTimes(shownTimes.start_time, shownTimes.end_time, tz);

  const board = useMemo(
    () =>
      current
        ? buildBoard<TeamLeaderboardRow>(current, before, {
            sort,
            showBots: true,
            filter,
          })
        : [],
    [current, before, sort, filter],
  );
  const paged = pageOf(board, page);

  const isMyRow = (b: BoardRow<TeamLeaderboardRow>): boolean => !!myTeamTag && b.row.TeamTag === myTeamTag;
  const sortBy = (key: string) => {
    setSort((s) => nextLeaderboardSort(s, key as LeaderboardSortKey));
    setPage(1);
  };
  const jumpToMyRow = () => {
    const target = pageOfMyRow(board, isMyRow, PAGE_SIZE);
    if (target === null) {
      const who = myTeamTag ? `Your team ${myTeamTag} is` : 'Your team is';
      setMyRankNote(`${who} not on this board${filter.trim() ? ' with this filter' : ''}.`);
      return;
    }
    setMyRankNote('');
    setPage(target);
    // Once the page is drawn, bring the row into view and flash it.
    requestAnimationFrame(() => {
      const row = boardRef.current?.querySelector<HTMLTableRowElement>('tr[data-mine="true"]');
      if (!row) return;
      row.scrollIntoView({ block: 'center', behavior: 'smooth' });
      row.classList.remove('row-flash');
      void row.offsetWidth;
      row.classList.add('row-flash');
    });
  };

  const choose = (next: Partial<LeaderboardSearch>, replace?: boolean) =>
    onSearch({ ...search, view: groupBy, ...selectionSearch(selection), ...next }, replace);
  const choosePeriod = (p: Period) => {
    setSort(DEFAULT_LEADERBOARD_SORT);
    // Another period starts on its first page, sorted by Points (the team filter and Following stay).
    choose({
      ...selectionSearch(resolveSelection(p, {}, now, tz, today)),
      sort: undefined,
      dir: undefined,
      page: undefined,
    });
  };
  const chooseSelection = (sel: PeriodSelection) => choose({ ...selectionSearch(sel), page: undefined });
  const racerView = racerBoardView(search);
  const showRacerView = (next: RacerBoardView, replace?: boolean) => choose(racerBoardSearch(next), replace);
  const racerShowbot = !isTeams && racerView.showBots ? 'TRUE' : 'FALSE';
  const countdown = periodCountdown(selection, now, tz);
  const headingFor = (t: ApiTimes | undefined, previousTimes: ApiTimes) => {
    const fetched = t ? windowFromApiTimes(t.start_time, t.end_time, tz) : null;
    const h = boardHeading(selection, fetched?.ok ? fetched.window : win, tz);
    const shown = t ?? times;
    return (
      <h2
        className="lb-heading"
        data-start-time={shown.start_time}
        data-end-time={shown.end_time}
        data-previous-start-time={previousTimes.start_time}
        data-previous-end-time={previousTimes.end_time}
      >
        {h.title}
        <span className="lb-heading-detail">{h.detail}</span>
        {countdown ? <span className="lb-countdown">{countdown}</span> : null}
      </h2>
    );
  };
  const heading = boardHeading(selection, fetchedWin.ok ? fetchedWin.window : win, tz);
  // A failed call empties the list (docs/product.md §8); data already on screen for this board stays.
  const failed = query.isError && !query.data;
  const boardId = `${'rolling' in boardNow ? boardNow.rolling : `${period}|${boardNow.start_time}`}|${racerShowbot}`;

  return (
    <div className="leaderboards-page">
      <header className="lb-header">
        <h1 className="page-title">Leaderboards</h1>
        <DataAsOf now={now} tz={tz} />
      </header>
      {me ? (
        <YouCard
          me={me}
          window={boardNow}
          tz={tz}
          showbot={racerShowbot}
          boardId={boardId}
          onShowPage={(p) =>
            onSearch({
              ...search,
              view: 'individuals',
              ...selectionSearch(selection),
              ...racerBoardSearch({ ...DEFAULT_RACER_VIEW, showBots: racerView.showBots, page: p }),
            })
          }
        />
      ) : null}
      <Card className="lb-card">
        <Tabs
          items={GROUP_TABS}
          active={groupBy}
          onSelect={(k) => {
            setSort(DEFAULT_LEADERBOARD_SORT);
            choose({ view: k as GroupBy, page: undefined });
          }}
          label="Leaderboard type"
          panelId={panelId}
        />
        <div className="lb-toolbar">
          <div className="lb-periods">
            <Tabs
              items={PERIOD_TABS}
              active={period}
              onSelect={(k) => choosePeriod(k as Period)}
              label="Period"
              variant="secondary"
              panelId={panelId}
            />
            <PeriodPicker selection={selection} today={today} onChange={chooseSelection} />
          </div>
          {isTeams ? (
            <div className="field lb-filter">
              {/* The placeholder says it on a phone; the label stays for screen readers. */}
              <label className="phone-sr-only" htmlFor={filterId}>
                Filter
              </label>
              <input
                ref={replayEarlyText}
                id={filterId}
                type="search"
                placeholder="Team tag"
                value={filter}
                onChange={(e) => {
                  setFilter(e.target.value);
                  setPage(1);
                  setMyRankNote('');
                }}
              />
            </div>
          ) : (
            <TeamFilter
              team={racerView.team}
              onTeam={(team, replace) => showRacerView({ ...racerView, team, page: 1 }, replace)}
            />
          )}
        </div>
        <TabPanel id={panelId} labelledBy={[tabId(panelId, groupBy), tabId(panelId, period)]}>
          {!isTeams ? (
            <RacerBoard
              view={racerView}
              onView={showRacerView}
              window={boardNow}
              period={period}
              tz={tz}
              me={me}
              heading={(t) => headingFor(t, previous)}
            />
          ) : (
            <>
              <div className="lb-heading-row">
                {headingFor(query.data?.times, shownPrevious)}
                {me ? (
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm lb-my-rank"
                    onClick={jumpToMyRow}
                    disabled={!current || board.length === 0}
                  >
                    My team
                  </button>
                ) : (
                  <Link to="/racers/find-me" className="btn btn-ghost btn-sm lb-my-rank">
                    Find me
                  </Link>
                )}
                {hasBotCheckbox(groupBy, period) ? (
                  <label className="lb-bots" htmlFor={botsId}>
                    <input
                      id={botsId}
                      type="checkbox"
                      checked={showBots}
                      onChange={(e) => setShowBots(e.target.checked)}
                    />
                    Show flagged racers
                  </label>
                ) : null}
                <BoardExport
                  kind="team"
                  window={boardNow}
                  tz={tz}
                  period={period}
                  sort={sort}
                  filter={filter}
                  showBots={showBots}
                  showbot={showbot}
                  disabled={!current || board.length === 0}
                />
              </div>
              {myRankNote ? (
                <p className="lb-my-rank-note" role="status">
                  {myRankNote}
                </p>
              ) : null}
              <OfflineNote updatedAt={query.dataUpdatedAt || undefined} />
              <div ref={boardRef}>
                {failed ? (
                  <ErrorBox text="Failed to fetch leaderboard" />
                ) : !current ? (
                  <Loading text="Loading leaderboard..." />
                ) : board.length === 0 ? (
                  <Empty
                    text={
                      filter.trim() && current?.length
                        ? `No rows match “${filter.trim()}”.`
                        : emptyMessage(groupBy, period)
                    }
                  />
                ) : (
                  <DataTable
                    caption={`Team leaderboard, ${heading.title}: ${heading.detail}`}
                    columns={teamColumns(period)}
                    rows={paged.rows}
                    rowKey={(b) => b.row.TeamTag}
                    sort={sort}
                    leadColumns={['Points']}
                    onHeaderClick={sortBy}
                    isMine={isMyRow}
                  />
                )}
              </div>
              {!failed && board.length > 0 && paged.pageCount > 1 ? (
                <Pager page={paged.page} pageCount={paged.pageCount} onPage={setPage} />
              ) : null}
            </>
          )}
        </TabPanel>
      </Card>
    </div>
  );
}
