import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RACER_VIEW,
  racerBoardSearch,
  racerBoardView,
  sortedBy,
  type RacerBoardSearch,
} from './racer-board-view';

describe('racerBoardView', () => {
  it('opens on Points descending, page 1, no filter, flagged racers hidden', () => {
    expect(racerBoardView({})).toEqual(DEFAULT_RACER_VIEW);
  });

  it('reads every param of the address', () => {
    const search: RacerBoardSearch = { sort: 'WPM', dir: 'asc', page: 3, team: 'PAC', bots: '1', list: 'following' };
    expect(racerBoardView(search)).toEqual({
      sort: 'WPM',
      dir: 'asc',
      page: 3,
      team: 'PAC',
      showBots: true,
      following: true,
    });
  });

  it('falls back to the default for values the address cannot hold', () => {
    const bad = { sort: 'bot', dir: 'up', page: 0 } as unknown as RacerBoardSearch;
    expect(racerBoardView(bad)).toEqual(DEFAULT_RACER_VIEW);
    expect(racerBoardView({ page: 2.5 }).page).toBe(1);
  });
});

describe('racerBoardSearch', () => {
  it('leaves the defaults out of the address', () => {
    expect(racerBoardSearch(DEFAULT_RACER_VIEW)).toEqual({
      sort: undefined,
      dir: undefined,
      page: undefined,
      team: undefined,
      bots: undefined,
      list: undefined,
    });
  });

  it('round-trips a chosen view through the address', () => {
    const view = {
      sort: 'Username' as const,
      dir: 'asc' as const,
      page: 7,
      team: 'NTX',
      showBots: true,
      following: false,
    };
    const search = racerBoardSearch(view);
    expect(search).toMatchObject({ sort: 'Username', dir: 'asc', page: 7, team: 'NTX', bots: '1', list: undefined });
    expect(racerBoardView(search)).toEqual(view);
  });
});

describe('sortedBy', () => {
  it('sorts a new column descending from page 1', () => {
    expect(sortedBy({ ...DEFAULT_RACER_VIEW, page: 4 }, 'WPM')).toMatchObject({ sort: 'WPM', dir: 'desc', page: 1 });
  });

  it('turns the sorted column around', () => {
    const once = sortedBy(DEFAULT_RACER_VIEW, 'Points');
    expect(once).toMatchObject({ sort: 'Points', dir: 'asc' });
    expect(sortedBy(once, 'Points')).toMatchObject({ sort: 'Points', dir: 'desc' });
  });
});
