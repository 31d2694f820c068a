import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { botToggleLabel, refreshAfterBotFlag } from './bot-flag';

describe('bot flag from the roster', () => {
  it('names the toggle after what a press does', () => {
    expect(botToggleLabel('speedy', false)).toBe('Flag speedy as bot');
    expect(botToggleLabel('speedy', true)).toBe('Unflag speedy as bot');
  });

  it('refreshes the roster, leaderboards, participant lists and the admin list of flags', async () => {
    const touched = [['current-display-names', { tag: 'AAA' }], ['team-leaderboard', { start_time: 'a', showbot: null }],
      ['individual-leaderboard', { start_time: 'b' }], ['daily-participants', { tag: 'AAA', period: 'd' }],
      ['event-participants', { eventId: 2 }], ['staff', 'bot-flags']];
    const untouched = [['current-display-names', { tag: 'BBB' }], ['team-info', { tag: 'AAA' }], ['team-events', { tag: 'AAA' }], ['staff', 'users']];
    const qc = new QueryClient();
    for (const key of [...touched, ...untouched]) qc.setQueryData(key, []);
    await refreshAfterBotFlag(qc, 'AAA');
    const stale = (key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated ?? false;
    expect(touched.filter((k) => !stale(k))).toEqual([]);
    expect(untouched.filter(stale)).toEqual([]);
  });
});
