import { describe, expect, it } from 'vitest';
import { teamTabFromPath, topTabFromPath } from './nav-paths';

describe('topTabFromPath', () => {
  it.each([
    ['/racers', 'racers'],
    ['/racers/bob/daily', 'racers'],
    ['/leaderboards', 'leaderboards'],
    ['/halloffame', 'leaderboards'],
    ['/about', 'about'],
    ['/admin', 'admin'],
    ['/teams/admin', 'teams'],
    ['/roster', 'teams'],
    ['/trackers/ABC', 'teams'],
    ['/eventviewer', 'teams'],
    ['/', 'teams'],
    ['/racersx', 'teams'],
  ])('%s → %s', (path, tab) => {
    expect(topTabFromPath(path)).toBe(tab);
  });
});

describe('teamTabFromPath', () => {
  it.each([
    ['/roster', 'roster'],
    ['/events', 'events'],
    ['/eventviewer', 'eventviewer'],
    ['/activity', 'activity'],
    ['/trackers', 'trackers'],
    ['/trackers/ABC', 'trackers'],
    ['/health', 'health'],
    ['/free-agents', 'free-agents'],
    ['/teams/admin', 'admin'],
    ['/admin', 'roster'],
  ])('%s → %s', (path, tab) => {
    expect(teamTabFromPath(path)).toBe(tab);
  });
});
