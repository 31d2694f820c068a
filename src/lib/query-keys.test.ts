import { describe, expect, it } from 'vitest';
import {
  participantsQueryOptions,
  squadSummaryQueryOptions,
  teamSummaryQueryOptions,
} from '../features/event-viewer/event-queries';
import { teamEventsQueryOptions } from '../features/events/team-events-query';
import {
  individualLeaderboardQueryOptions,
  teamLeaderboardQueryOptions,
} from '../features/leaderboards/leaderboard-queries';
import { rosterHealthQueryOptions } from '../features/roster/health-queries';
import { currentDisplayNamesQueryOptions } from '../features/roster/roster-queries';
import { participantsQueryOptions as trackerQueryOptions } from '../features/trackers/tracker-queries';
import {
  EVENT_VIEWER_KEY_PREFIX,
  LEADERBOARD_QUERY_ROOTS,
  PARTICIPANTS_KEY_SUFFIX,
  rosterHealthQueryKey,
  rosterQueryKey,
  teamEventsQueryKey,
} from './query-keys';

// Staff screens refresh these keys by value: they must stay equal to the owning feature's keys.
describe('shared query keys', () => {
  it('match the roster and the events list', () => {
    expect(rosterQueryKey('TEAM1')).toEqual(currentDisplayNamesQueryOptions('TEAM1').queryKey);
    expect(teamEventsQueryKey('TEAM1')).toEqual(teamEventsQueryOptions('TEAM1').queryKey);
    expect(rosterHealthQueryKey('TEAM1')).toEqual(rosterHealthQueryOptions('TEAM1').queryKey);
  });

  it('cover both leaderboards', () => {
    const times = {
      window: { start_time: '2025-01-01 00:00:00', end_time: '2025-01-02 00:00:00' },
      tz: 'America/Chicago',
    };
    expect([
      teamLeaderboardQueryOptions(times).queryKey[0],
      individualLeaderboardQueryOptions(times).queryKey[0],
    ]).toEqual([...LEADERBOARD_QUERY_ROOTS]);
  });

  it('cover every query of the event viewer', () => {
    for (const q of [participantsQueryOptions(1), squadSummaryQueryOptions(1), teamSummaryQueryOptions(1)]) {
      expect(q.queryKey[0].startsWith(EVENT_VIEWER_KEY_PREFIX)).toBe(true);
    }
    expect(teamEventsQueryKey('TEAM1')[0].startsWith(EVENT_VIEWER_KEY_PREFIX)).toBe(false);
  });

  it('find the participant lists of trackers and events by their suffix', () => {
    const keys = [
      trackerQueryOptions('TEAM1', 'daily', '2025-01-01'),
      trackerQueryOptions('TEAM1', 'weekly', '2025-01-05'),
      participantsQueryOptions(1),
    ].map((q) => q.queryKey[0]);
    expect(keys.every((k) => k.endsWith(PARTICIPANTS_KEY_SUFFIX))).toBe(true);
    expect(rosterQueryKey('TEAM1')[0].endsWith(PARTICIPANTS_KEY_SUFFIX)).toBe(false);
  });
});
