/** A board's export: every row, ranked by Points, sorted and filtered as viewed; percent accuracy, a Bot column. */
import { describe, expect, it } from 'vitest';
import type { IndividualLeaderboardRow, TeamLeaderboardRow } from '../../../contract/leaderboards';
import { sheetTable } from '../../lib/export/cells';
import { boardDates, boardFileBase, individualBoardSheet, teamBoardSheet } from './board-export';

const racer = (
  UserID: number,
  Username: string,
  Points: number,
  over: Partial<IndividualLeaderboardRow> = {},
): IndividualLeaderboardRow => ({
  UserID,
  Username,
  CurrentDisplayName: Username.toUpperCase(),
  TeamTag: 'BEE',
  bot: 0,
  Races: 10,
  Accuracy: 0.9725,
  WPM: 80.04,
  Points,
  ...over,
});

// 60 racers: more than a page (50), so the export is shown to hold them all.
const many = Array.from({ length: 60 }, (_, i) => racer(i + 1, `r${String(i + 1).padStart(2, '0')}`, 1000 - i));
const rows = [
  ...many,
  racer(100, 'botty', 5000, { bot: 1, TeamTag: null }),
  racer(101, 'slow', 1, { WPM: 20.05, Accuracy: null }),
];

describe('individual board export', () => {
  it('holds every row, not one page, ranked by Points, with flagged racers left out', () => {
    const [header, ...data] = sheetTable(
      individualBoardSheet(rows, 'weekly', { sort: { key: 'Points', dir: 'desc' }, filter: '', showBots: false }),
    );
    expect(header).toEqual([
      'Rank',
      'Display Name',
      'Username',
      'Team',
      'Races',
      'Accuracy (%)',
      'WPM',
      'Points',
      'Bot',
    ]);
    expect(data).toHaveLength(61);
    expect(data[0]).toEqual([1, 'R01', 'r01', 'BEE', 10, 97.25, 80, 1000, 'No']);
    expect(data[60]).toEqual([61, 'SLOW', 'slow', 'BEE', 10, null, 20.1, 1, 'No']);
  });

  it('follows the view: shown flagged racers (Bot Yes), a WPM sort ascending and the filter', () => {
    const view = { sort: { key: 'WPM' as const, dir: 'asc' as const }, filter: 'o', showBots: true };
    const [, ...data] = sheetTable(individualBoardSheet(rows, 'daily', view));
    // "o" matches botty and slow only; slow is slowest; ranks stay the standing's.
    expect(data).toEqual([
      [62, 'SLOW', 'slow', 'BEE', 10, null, 20.1, 1, 'No'],
      [1, 'BOTTY', 'botty', null, 10, 97.25, 80, 5000, 'Yes'],
    ]);
  });
});

describe('team board export', () => {
  it('ranks teams by Points and writes accuracy in percent, without a Bot column', () => {
    const teams: TeamLeaderboardRow[] = [
      { TeamTag: 'AAA', Races: 5, Accuracy: 0.5, WPM: 50, Points: 10 },
      { TeamTag: 'BBB', Races: 7, Accuracy: 0.98765, WPM: 99.95, Points: 20 },
    ];
    const table = sheetTable(teamBoardSheet(teams, 'monthly', { sort: { key: 'Points', dir: 'desc' }, filter: '' }));
    expect(table).toEqual([
      ['Rank', 'Team Tag', 'Races', 'Accuracy (%)', 'WPM', 'Points'],
      [1, 'BBB', 7, 98.77, 100, 20],
      [2, 'AAA', 5, 50, 50, 10],
    ]);
  });
});

describe('board file names', () => {
  it('name the board, the period and the window days', () => {
    expect(
      boardFileBase(
        'individual',
        'weekly',
        boardDates({ start_time: '2026-03-01 00:00:00', end_time: '2026-03-07 23:59:59' }),
      ),
    ).toBe('leaderboard_individual_weekly_2026-03-01_2026-03-07');
    expect(
      boardFileBase(
        'team',
        'daily',
        boardDates({ start_time: '2026-03-04 00:00:00', end_time: '2026-03-04 23:59:59' }),
      ),
    ).toBe('leaderboard_team_daily_2026-03-04');
  });
});
