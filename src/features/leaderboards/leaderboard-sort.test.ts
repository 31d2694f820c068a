import { describe, expect, it } from 'vitest';
import type { IndividualLeaderboardRow, TeamLeaderboardRow } from '../../../contract/leaderboards';
import { DEFAULT_LEADERBOARD_SORT, nextLeaderboardSort, sortLeaderboard } from './leaderboard-sort';

const team = (TeamTag: string, Points: number, WPM: number | null, Races = 1): TeamLeaderboardRow => ({
  TeamTag,
  Races,
  Accuracy: WPM === null ? null : 0.97,
  WPM,
  Points,
});

describe('leaderboard sort', () => {
  const rows = [team('ALPHA', 500, 80), team('bravo', 900, null), team('CHARLIE', 700, 95), team('DELTA', 700, 60)];

  it('starts with Points descending', () => {
    expect(DEFAULT_LEADERBOARD_SORT).toEqual({ key: 'Points', dir: 'desc' });
    expect(sortLeaderboard(rows, DEFAULT_LEADERBOARD_SORT).map((r) => r.TeamTag)).toEqual([
      'bravo',
      'CHARLIE',
      'DELTA',
      'ALPHA',
    ]);
  });

  it('toggles the sorted column and sorts another one descending', () => {
    expect(nextLeaderboardSort({ key: 'Points', dir: 'desc' }, 'Points')).toEqual({ key: 'Points', dir: 'asc' });
    expect(nextLeaderboardSort({ key: 'Points', dir: 'asc' }, 'Points')).toEqual({ key: 'Points', dir: 'desc' });
    expect(nextLeaderboardSort({ key: 'Points', dir: 'asc' }, 'WPM')).toEqual({ key: 'WPM', dir: 'desc' });
  });

  it('puts values that are not numbers last in both directions', () => {
    expect(sortLeaderboard(rows, { key: 'WPM', dir: 'desc' }).map((r) => r.TeamTag)).toEqual([
      'CHARLIE',
      'ALPHA',
      'DELTA',
      'bravo',
    ]);
    expect(sortLeaderboard(rows, { key: 'WPM', dir: 'asc' }).map((r) => r.TeamTag)).toEqual([
      'DELTA',
      'ALPHA',
      'CHARLIE',
      'bravo',
    ]);
  });

  it('sorts text case-insensitively and breaks ties by Points', () => {
    expect(sortLeaderboard(rows, { key: 'TeamTag', dir: 'asc' }).map((r) => r.TeamTag)).toEqual([
      'ALPHA',
      'bravo',
      'CHARLIE',
      'DELTA',
    ]);
    expect(
      sortLeaderboard([team('X', 1, 50, 3), team('Y', 2, 50, 3)], { key: 'Races', dir: 'desc' }).map((r) => r.TeamTag),
    ).toEqual(['Y', 'X']);
  });

  it('sorts racers with no team last', () => {
    const racer = (UserID: number, TeamTag: string | null): IndividualLeaderboardRow => ({
      UserID,
      Username: `u${UserID}`,
      CurrentDisplayName: `U${UserID}`,
      TeamTag,
      bot: 0,
      Races: 1,
      Accuracy: 1,
      WPM: 50,
      Points: UserID,
    });
    const sorted = sortLeaderboard([racer(1, null), racer(2, 'BB'), racer(3, 'AA')], { key: 'TeamTag', dir: 'desc' });
    expect(sorted.map((r) => r.UserID)).toEqual([2, 3, 1]);
  });

  it('does not change the input', () => {
    const copy = [...rows];
    sortLeaderboard(rows, { key: 'WPM', dir: 'asc' });
    expect(rows).toEqual(copy);
  });
});
