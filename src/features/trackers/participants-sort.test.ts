import { describe, expect, it } from 'vitest';
import type { TrackerParticipant } from '../../../contract/trackers';
import { DEFAULT_PARTICIPANT_SORT, nextParticipantSort, sortParticipants } from './participants-sort';

function p(over: Partial<TrackerParticipant>): TrackerParticipant {
  return {
    UserID: 1,
    Username: 'x',
    CurrentDisplayName: 'X',
    TeamTag: 'T',
    Squad: '',
    SquadName: null,
    TotalRaces: 0,
    WPM: 0,
    Accuracy: 0,
    Points: 0,
    bot: 0,
    ...over,
  };
}

const rows = [
  p({ Username: 'a', CurrentDisplayName: 'b', TotalRaces: 9, WPM: 100.5, Points: 1200.5, Squad: 'Fig' }),
  p({ Username: 'b', CurrentDisplayName: 'C', TotalRaces: 10, WPM: null, Points: 99, Squad: '' }),
  p({
    Username: 'c',
    CurrentDisplayName: 'a',
    TotalRaces: 100,
    WPM: 80,
    Points: 1200.5,
    Squad: 'Avocado',
    SquadName: 'Zed',
  }),
];
const names = (r: TrackerParticipant[]) => r.map((x) => x.Username);

describe('participants sort', () => {
  it('starts with Points descending, ties by username', () => {
    expect(DEFAULT_PARTICIPANT_SORT).toEqual({ key: 'Points', dir: 'desc' });
    expect(names(sortParticipants(rows, DEFAULT_PARTICIPANT_SORT))).toEqual(['a', 'c', 'b']);
  });

  it('sorts a newly clicked column descending and toggles on the second click', () => {
    const s1 = nextParticipantSort(DEFAULT_PARTICIPANT_SORT, 'TotalRaces');
    expect(s1).toEqual({ key: 'TotalRaces', dir: 'desc' });
    expect(names(sortParticipants(rows, s1))).toEqual(['c', 'b', 'a']);
    const s2 = nextParticipantSort(s1, 'TotalRaces');
    expect(s2).toEqual({ key: 'TotalRaces', dir: 'asc' });
    expect(names(sortParticipants(rows, s2))).toEqual(['a', 'b', 'c']);
  });

  it('keeps missing values last in both directions', () => {
    expect(names(sortParticipants(rows, { key: 'WPM', dir: 'desc' }))).toEqual(['a', 'c', 'b']);
    expect(names(sortParticipants(rows, { key: 'WPM', dir: 'asc' }))).toEqual(['c', 'a', 'b']);
    expect(names(sortParticipants(rows, { key: 'Squad', dir: 'asc' }))).toEqual(['a', 'c', 'b']);
  });

  it('sorts text case-insensitively', () => {
    expect(names(sortParticipants(rows, { key: 'CurrentDisplayName', dir: 'asc' }))).toEqual(['c', 'a', 'b']);
  });
});
