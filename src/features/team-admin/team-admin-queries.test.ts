import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { eventTeams, refreshEvents, refreshSquads } from './team-admin-queries';

type Key = readonly unknown[];

/** A client holding `keys` as fresh data; `stale(key)` tells whether a refresh invalidated it. */
function seeded(keys: Key[]) {
  const qc = new QueryClient();
  for (const key of keys) qc.setQueryData(key, []);
  return { qc, stale: (key: Key) => qc.getQueryState(key)?.isInvalidated ?? false };
}

describe('eventTeams', () => {
  it('joins the team on screen with the event teams before and after, once each', () => {
    expect(eventTeams('AAA')).toEqual(['AAA']);
    expect(eventTeams('AAA', 'AAA BBB', 'AAA  CCC')).toEqual(['AAA', 'BBB', 'CCC']);
    expect(eventTeams('AAA', null, undefined, '')).toEqual(['AAA']);
  });
});

describe('refreshEvents', () => {
  it('refreshes the staff and public events lists of the touched teams and every event viewer page', async () => {
    const touched = [
      ['staff', 'team-events', { tag: 'AAA' }],
      ['team-events', { tag: 'AAA' }],
      ['team-events', { tag: 'BBB' }],
      ['event-participants', { eventId: 7 }],
      ['event-squad-summary', { eventId: 7 }],
      ['event-team-summary', { eventId: 3 }],
    ];
    const untouched = [
      ['team-events', { tag: 'CCC' }],
      ['staff', 'team-events', { tag: 'CCC' }],
      ['current-display-names', { tag: 'AAA' }],
      ['team-leaderboard', { start_time: 'x' }],
    ];
    const { qc, stale } = seeded([...touched, ...untouched]);
    await refreshEvents(qc, ['AAA', 'BBB']);
    expect(touched.filter((k) => !stale(k))).toEqual([]);
    expect(untouched.filter(stale)).toEqual([]);
  });
});

describe('refreshSquads', () => {
  it("refreshes the board, the names, the team's roster and squad summaries, not other rosters", async () => {
    const touched = [
      ['staff', 'squad-members', { tag: 'AAA' }],
      ['staff', 'squad-names', { tag: 'AAA' }],
      ['current-display-names', { tag: 'AAA' }],
      ['event-squad-summary', { eventId: 7 }],
    ];
    const untouched = [
      ['current-display-names', { tag: 'BBB' }],
      ['team-events', { tag: 'AAA' }],
      ['event-participants', { eventId: 7 }],
    ];
    const { qc, stale } = seeded([...touched, ...untouched]);
    await refreshSquads(qc, 'AAA');
    expect(touched.filter((k) => !stale(k))).toEqual([]);
    expect(untouched.filter(stale)).toEqual([]);
  });
});
