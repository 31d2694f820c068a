/**
 * Export of a board as it is viewed: its window, sort, filter and (individual boards) the
 * show-flagged choice, with every row, not one page. The rows come from the whole-list call
 * (GET /api/individual-leaderboard or /api/team-leaderboard) for the window, from the cache when the
 * board already holds them, and are ranked and sorted as on screen (leaderboard-rows.ts).
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { IndividualLeaderboardRow, TeamLeaderboardRow } from '../../../contract/leaderboards';
import type { Period } from '../../../rules/periods';
import { accuracyColumn, botColumn, numberColumn, textColumn } from '../../lib/export/columns';
import type { ExportColumn, ExportSheet } from '../../lib/export/export-table';
import { ExportButtons, type ExportContent } from '../../ui/export-buttons';
import type { BoardAnswer } from '../../api/leaderboards';
import { individualLeaderboardQueryOptions, teamLeaderboardQueryOptions } from '../../api/leaderboards';
import type { BoardWindow } from '../../api/leaderboard-window';
import { buildBoard, type BoardRow } from './leaderboard-rows';
import type { LeaderboardSort } from './leaderboard-sort';

export interface BoardView {
  window: BoardWindow;
  tz: string;
  period: Period;
  sort: LeaderboardSort;
  /** The filter box's text (name, username or team; a team tag on the team board). */
  filter: string;
}

export interface BoardExportProps extends BoardView {
  kind: 'individual' | 'team';
  /** Individual boards: whether flagged racers are shown. */
  showBots: boolean;
  /** Individual boards: the team filter (a tag), when one is chosen. */
  team?: string;
  /** Team boards: sent as showbot by the 24 hour, 7 day and daily views. */
  showbot?: 'TRUE' | 'FALSE';
  disabled?: boolean;
}

const stats = <R extends TeamLeaderboardRow | IndividualLeaderboardRow>(): ExportColumn<BoardRow<R>>[] => [
  numberColumn('Races', (b) => b.row.Races),
  accuracyColumn((b) => b.row.Accuracy),
  numberColumn('WPM', (b) => b.row.WPM, 1),
  numberColumn('Points', (b) => b.row.Points, 0),
];

export const individualBoardColumns: ExportColumn<BoardRow<IndividualLeaderboardRow>>[] = [
  numberColumn('Rank', (b) => b.rank),
  textColumn('Display Name', (b) => b.row.CurrentDisplayName),
  textColumn('Username', (b) => b.row.Username),
  textColumn('Team', (b) => b.row.TeamTag),
  ...stats<IndividualLeaderboardRow>(),
  botColumn((b) => b.row.bot),
];

export const teamBoardColumns: ExportColumn<BoardRow<TeamLeaderboardRow>>[] = [
  numberColumn('Rank', (b) => b.rank),
  textColumn('Team Tag', (b) => b.row.TeamTag),
  ...stats<TeamLeaderboardRow>(),
];

interface ShownAs {
  sort: LeaderboardSort;
  filter: string;
  showBots: boolean;
}

/** Every row of an individual board, ranked, flagged racers left out unless shown, sorted and filtered as viewed. */
export function individualBoardSheet(rows: IndividualLeaderboardRow[], period: Period, view: ShownAs): ExportSheet {
  const board = buildBoard(rows, undefined, view);
  return { name: `Individual ${period}`, rows: board, columns: individualBoardColumns } as ExportSheet;
}

export function teamBoardSheet(
  rows: TeamLeaderboardRow[],
  period: Period,
  view: Omit<ShownAs, 'showBots'>,
): ExportSheet {
  const board = buildBoard(rows, undefined, { ...view, showBots: true });
  return { name: `Teams ${period}`, rows: board, columns: teamBoardColumns } as ExportSheet;
}

/** "2026-03-01" for a one-day window, else "2026-03-01_2026-03-07" (the window's site-zone days). */
export function boardDates(times: { start_time: string; end_time: string }): string {
  const from = times.start_time.slice(0, 10);
  const to = times.end_time.slice(0, 10);
  return from === to ? from : `${from}_${to}`;
}

/** leaderboard_individual_weekly_2026-03-01_2026-03-07 (or leaderboard_team_…). */
export function boardFileBase(kind: 'individual' | 'team', period: Period, dates: string): string {
  return `leaderboard_${kind}_${period}_${dates}`;
}

/** The board's whole answer: the one on screen when cached, else fetched (needs a connection). */
async function wholeBoard<Row>(
  qc: QueryClient,
  options: { queryKey: readonly unknown[]; queryFn?: unknown },
): Promise<BoardAnswer<Row>> {
  const cached = qc.getQueryData<BoardAnswer<Row>>(options.queryKey);
  if (cached) return cached;
  if (typeof navigator !== 'undefined' && !navigator.onLine) throw new Error('the whole board needs a connection');
  return qc.fetchQuery(options as Parameters<QueryClient['fetchQuery']>[0]) as Promise<BoardAnswer<Row>>;
}

export function BoardExport({
  kind,
  window,
  tz,
  period,
  sort,
  filter,
  showBots,
  team,
  showbot,
  disabled,
}: BoardExportProps) {
  const qc = useQueryClient();
  const sheets = async (): Promise<ExportContent> => {
    if (kind === 'individual') {
      const answer = await wholeBoard<IndividualLeaderboardRow>(qc, individualLeaderboardQueryOptions({ window, tz }));
      const rows = team ? answer.rows.filter((r) => r.TeamTag === team) : answer.rows;
      const sheet = individualBoardSheet(rows, period, { sort, filter, showBots });
      return { fileBase: boardFileBase(kind, period, boardDates(answer.times)), sheets: [sheet] };
    }
    const answer = await wholeBoard<TeamLeaderboardRow>(qc, teamLeaderboardQueryOptions({ window, showbot, tz }));
    const sheet = teamBoardSheet(answer.rows, period, { sort, filter });
    return { fileBase: boardFileBase(kind, period, boardDates(answer.times)), sheets: [sheet] };
  };
  return (
    <ExportButtons
      fileBase={boardFileBase(kind, period, 'board')}
      sheets={sheets}
      disabled={disabled}
      label={kind === 'individual' ? 'the individual board' : 'the team board'}
    />
  );
}
