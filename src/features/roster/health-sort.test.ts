import { describe, expect, it } from 'vitest';
import type { RosterHealthRow } from '../../../contract/roster-health';
import { DEFAULT_HEALTH_SORT, nextHealthSort, sortHealth } from './health-sort';

const row = (name: string, days: number | null, attention: RosterHealthRow['Attention']): RosterHealthRow => ({
  UserID: name.length,
  Username: name,
  CurrentDisplayName: name,
  Joined: null,
  LastRace: null,
  DaysSinceLastRace: days,
  RacesThisWeek: 0,
  RacesLastWeek: 0,
  LifetimeRaces: null,
  AvgWPM: null,
  MeetsMinRaces: null,
  MeetsMinSpeed: null,
  MeetsWeekly: null,
  OwedLastWeek: null,
  OwedThisWeek: null,
  AtRisk: null,
  Strikes: 0,
  GameStatus: null,
  bot: 0,
  Attention: attention,
});

describe('health sort', () => {
  const rows = [
    row('amy', 2, []),
    row('Bea', null, ['never-raced']),
    row('cy', 9, ['inactive', 'missed-weekly']),
    row('abe', 1, []),
  ];

  it('puts most reasons first, ties by name', () => {
    expect(sortHealth(rows, DEFAULT_HEALTH_SORT).map((r) => r.Username)).toEqual(['cy', 'Bea', 'abe', 'amy']);
  });

  it('treats never raced as the longest idle', () => {
    const s = nextHealthSort(DEFAULT_HEALTH_SORT, 'DaysSinceLastRace');
    expect(s).toEqual({ key: 'DaysSinceLastRace', dir: 'desc' });
    expect(sortHealth(rows, s).map((r) => r.Username)).toEqual(['Bea', 'cy', 'amy', 'abe']);
    expect(sortHealth(rows, nextHealthSort(s, 'DaysSinceLastRace')).map((r) => r.Username)).toEqual([
      'abe',
      'amy',
      'cy',
      'Bea',
    ]);
  });
});
