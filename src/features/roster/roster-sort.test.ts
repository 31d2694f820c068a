import { describe, expect, it } from 'vitest';
import type { RosterMember } from '../../../contract/roster';
import { DEFAULT_ROSTER_SORT, nextRosterSort, sortRoster, squadLabel } from './roster-sort';

function member(over: Partial<RosterMember>): RosterMember {
  return {
    UserID: 1,
    Username: 'x',
    CurrentDisplayName: 'X',
    Tag: 'T',
    Role: null,
    squad: '',
    SquadName: null,
    Joined: '2025-01-01 00:00:00',
    TeamRaces: 0,
    LifetimeRaces: 0,
    AvgWPM: 0,
    TopWPM: 0,
    bot: 0,
    GameStatus: null,
    RacesLast7Days: 0,
    RequirementWeek: '2025-01-05',
    RacesRequirementWeek: 0,
    WeeklyOwed: null,
    MeetsWeeklyRequirement: null,
    ...over,
  };
}

const names = (rows: RosterMember[]) => rows.map((r) => r.Username);

describe('roster sort', () => {
  const rows = [
    member({
      Username: 'amy',
      CurrentDisplayName: 'zed',
      squad: 'Mango',
      Joined: '2025-03-01 09:00:00',
      TeamRaces: 900,
      AvgWPM: 75.5,
    }),
    member({
      Username: 'ben',
      CurrentDisplayName: 'Yak',
      squad: '',
      Joined: '2024-12-31 23:59:59',
      TeamRaces: 10000,
      AvgWPM: 120,
    }),
    member({
      Username: 'cat',
      CurrentDisplayName: 'xray',
      squad: 'Avocado',
      SquadName: 'Zebras',
      Joined: '2025-03-01 08:00:00',
      TeamRaces: 80,
      AvgWPM: null,
    }),
    member({ Username: 'dan', CurrentDisplayName: 'Wolf', squad: 'Fig', Joined: null, TeamRaces: 9000, AvgWPM: 99 }),
  ];

  it('starts with Joined ascending, by date, unknown dates last', () => {
    expect(DEFAULT_ROSTER_SORT).toEqual({ key: 'Joined', dir: 'asc' });
    expect(names(sortRoster(rows, DEFAULT_ROSTER_SORT))).toEqual(['ben', 'cat', 'amy', 'dan']);
    expect(names(sortRoster(rows, { key: 'Joined', dir: 'desc' }))).toEqual(['dan', 'amy', 'cat', 'ben']);
  });

  it('toggles the active column and sorts a new column ascending', () => {
    expect(nextRosterSort({ key: 'Joined', dir: 'asc' }, 'Joined')).toEqual({ key: 'Joined', dir: 'desc' });
    expect(nextRosterSort({ key: 'Joined', dir: 'desc' }, 'Joined')).toEqual({ key: 'Joined', dir: 'asc' });
    expect(nextRosterSort({ key: 'Joined', dir: 'desc' }, 'TeamRaces')).toEqual({ key: 'TeamRaces', dir: 'asc' });
  });

  it('sorts numbers numerically, not as text', () => {
    expect(names(sortRoster(rows, { key: 'TeamRaces', dir: 'asc' }))).toEqual(['cat', 'amy', 'dan', 'ben']);
    expect(names(sortRoster(rows, { key: 'TeamRaces', dir: 'desc' }))).toEqual(['ben', 'dan', 'amy', 'cat']);
  });

  it('puts members without a squad last ascending and first descending', () => {
    // Labels: amy Mango, ben (none), cat Zebras (custom name of Avocado), dan Fig.
    expect(names(sortRoster(rows, { key: 'SquadName', dir: 'asc' }))).toEqual(['dan', 'amy', 'cat', 'ben']);
    expect(names(sortRoster(rows, { key: 'SquadName', dir: 'desc' }))).toEqual(['ben', 'cat', 'amy', 'dan']);
  });

  it('sorts text case-insensitively', () => {
    expect(names(sortRoster(rows, { key: 'CurrentDisplayName', dir: 'asc' }))).toEqual(['dan', 'cat', 'ben', 'amy']);
  });

  it('puts missing numbers last ascending', () => {
    expect(names(sortRoster(rows, { key: 'AvgWPM', dir: 'asc' }))).toEqual(['amy', 'dan', 'ben', 'cat']);
    expect(names(sortRoster(rows, { key: 'AvgWPM', dir: 'desc' }))[0]).toBe('cat');
  });

  it('labels a squad by its custom name, nothing when unassigned', () => {
    expect(squadLabel({ squad: 'Avocado', SquadName: 'Zebras' })).toBe('Zebras');
    expect(squadLabel({ squad: 'Avocado', SquadName: '  ' })).toBe('Avocado');
    expect(squadLabel({ squad: '', SquadName: 'ignored' })).toBe('');
  });

  it('does not change the input array', () => {
    const copy = [...rows];
    sortRoster(rows, { key: 'Username', dir: 'desc' });
    expect(rows).toEqual(copy);
  });
});
