import { describe, expect, it } from 'vitest';
import type { IndividualLeaderboardRow } from '../../../contract/leaderboards';
import { DEFAULT_LEADERBOARD_SORT } from './leaderboard-sort';
import { buildBoard, matchesFilter, pageOf } from './leaderboard-rows';

const racer = (
  UserID: number,
  Points: number,
  bot: 0 | 1 = 0,
  TeamTag: string | null = 'ALPHA',
): IndividualLeaderboardRow => ({
  UserID,
  Username: `racer${UserID}`,
  CurrentDisplayName: `Racer Nr ${UserID}`,
  TeamTag,
  bot,
  Races: 10,
  Accuracy: 0.95,
  WPM: 80,
  Points,
});

describe('buildBoard', () => {
  const now = [racer(1, 100), racer(2, 300, 1), racer(3, 200, 0, 'BRAVO'), racer(4, 50)];
  const before = [racer(1, 500), racer(2, 400, 1), racer(4, 300)];

  it('hides flagged racers unless asked, then ranks by the sort', () => {
    const hidden = buildBoard(now, undefined, { sort: DEFAULT_LEADERBOARD_SORT, showBots: false, filter: '' });
    expect(hidden.map((b) => [b.row.UserID, b.rank])).toEqual([
      [3, 1],
      [1, 2],
      [4, 3],
    ]);
    const shown = buildBoard(now, undefined, { sort: DEFAULT_LEADERBOARD_SORT, showBots: true, filter: '' });
    expect(shown.map((b) => b.row.UserID)).toEqual([2, 3, 1, 4]);
    expect(shown[0].change).toBeNull();
  });

  it('compares with the previous board under the same bot filter', () => {
    // previous without bots: 1 (rank 1), 4 (rank 2); now: 3, 1, 4.
    const board = buildBoard(now, before, { sort: DEFAULT_LEADERBOARD_SORT, showBots: false, filter: '' });
    expect(board.map((b) => b.change)).toEqual([{ kind: 'new' }, { kind: 'down', by: 1 }, { kind: 'down', by: 1 }]);
    const withBots = buildBoard(now, before, { sort: DEFAULT_LEADERBOARD_SORT, showBots: true, filter: '' });
    // previous with bots: 1, 2, 4; now: 2, 3, 1, 4.
    expect(withBots.map((b) => b.change)).toEqual([
      { kind: 'up', by: 1 },
      { kind: 'new' },
      { kind: 'down', by: 2 },
      { kind: 'down', by: 1 },
    ]);
  });

  it('ranks by the standing (Points) whatever column is sorted, so the medals stay with the leaders', () => {
    // Points: 3 (200), 1 (100), 4 (50); Races: 4 (30), 1 (20), 3 (10).
    const rows = [
      { ...racer(1, 100), Races: 20 },
      { ...racer(3, 200), Races: 10 },
      { ...racer(4, 50), Races: 30 },
    ];
    const byRacesDesc = buildBoard(rows, undefined, {
      sort: { key: 'Races', dir: 'desc' },
      showBots: false,
      filter: '',
    });
    expect(byRacesDesc.map((b) => [b.row.UserID, b.rank])).toEqual([
      [4, 3],
      [1, 2],
      [3, 1],
    ]);
    const byPointsAsc = buildBoard(rows, undefined, {
      sort: { key: 'Points', dir: 'asc' },
      showBots: false,
      filter: '',
    });
    expect(byPointsAsc.map((b) => [b.row.UserID, b.rank])).toEqual([
      [4, 3],
      [1, 2],
      [3, 1],
    ]);
    const byName = buildBoard(rows, undefined, { sort: { key: 'Username', dir: 'asc' }, showBots: false, filter: '' });
    expect(byName.map((b) => [b.row.Username, b.rank])).toEqual([
      ['racer1', 2],
      ['racer3', 1],
      ['racer4', 3],
    ]);
  });

  it('compares standings with the previous period whatever column is sorted', () => {
    // previous standing without bots: 1, 4; now: 3, 1, 4. Sorted by Points ascending: 4, 1, 3.
    const board = buildBoard(now, before, { sort: { key: 'Points', dir: 'asc' }, showBots: false, filter: '' });
    expect(board.map((b) => [b.row.UserID, b.rank, b.change])).toEqual([
      [4, 3, { kind: 'down', by: 1 }],
      [1, 2, { kind: 'down', by: 1 }],
      [3, 1, { kind: 'new' }],
    ]);
  });

  it('narrows by name, username or tag and keeps the ranks', () => {
    const board = buildBoard(now, undefined, { sort: DEFAULT_LEADERBOARD_SORT, showBots: false, filter: ' bravo ' });
    expect(board.map((b) => [b.row.UserID, b.rank])).toEqual([[3, 1]]);
    expect(matchesFilter(racer(7, 1), 'NR 7')).toBe(true);
    expect(matchesFilter(racer(7, 1), 'racer7')).toBe(true);
    expect(matchesFilter(racer(7, 1, 0, null), 'alpha')).toBe(false);
    expect(matchesFilter({ TeamTag: 'ZETA', Races: 1, Accuracy: null, WPM: null, Points: 0 }, 'et')).toBe(true);
  });
});

describe('pageOf', () => {
  const rows = Array.from({ length: 120 }, (_, i) => i);
  it('holds 50 rows a page and counts the pages', () => {
    expect(pageOf(rows, 1)).toMatchObject({ page: 1, pageCount: 3 });
    expect(pageOf(rows, 3).rows).toEqual(rows.slice(100));
  });
  it('clamps a page out of range', () => {
    expect(pageOf(rows, 9).page).toBe(3);
    expect(pageOf(rows, 0).page).toBe(1);
    expect(pageOf([], 4)).toEqual({ rows: [], page: 1, pageCount: 1 });
  });
});
