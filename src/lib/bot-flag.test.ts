import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { racerInfoQueryOptions } from '../features/racers/racer-queries';
import { botFlagErrorText, botToggleLabel, racerInfoQueryKey, refreshAfterBotFlag } from './bot-flag';

const stale = (qc: QueryClient) => (key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated ?? false;

function clientWith(keys: (readonly unknown[])[]): QueryClient {
  const qc = new QueryClient();
  for (const key of keys) qc.setQueryData(key, []);
  return qc;
}

describe('bot flag', () => {
  it('names the toggle after what a press does', () => {
    expect(botToggleLabel('speedy', false)).toBe('Flag speedy as bot');
    expect(botToggleLabel('speedy', true)).toBe('Unflag speedy as bot');
  });

  it('says which write failed and why', () => {
    expect(botFlagErrorText('speedy', true, new Error('Racer speedy not found'))).toBe(
      'Failed to flag speedy as bot: Racer speedy not found',
    );
    expect(botFlagErrorText('speedy', false, 'x')).toBe('Failed to unflag speedy');
  });

  it('refreshes the roster, leaderboards, participant lists and the admin list of flags', async () => {
    const touched = [
      ['current-display-names', { tag: 'AAA' }],
      ['team-leaderboard', { start_time: 'a', showbot: null }],
      ['individual-leaderboard', { start_time: 'b' }],
      ['daily-participants', { tag: 'AAA', period: 'd' }],
      ['event-participants', { eventId: 2 }],
      ['staff', 'bot-flags'],
      ['racer-info', { username: 'speedy' }],
    ];
    const untouched = [
      ['current-display-names', { tag: 'BBB' }],
      ['team-info', { tag: 'AAA' }],
      ['team-events', { tag: 'AAA' }],
      ['staff', 'users'],
      ['racer-info', { username: 'other' }],
      ['racer-batches', { username: 'speedy', format: 'columns' }],
    ];
    const qc = clientWith([...touched, ...untouched]);
    await refreshAfterBotFlag(qc, 'AAA', 'speedy');
    expect(touched.filter((k) => !stale(qc)(k))).toEqual([]);
    expect(untouched.filter(stale(qc))).toEqual([]);
  });

  it('leaves every roster alone for a racer without a team', async () => {
    const qc = clientWith([
      ['current-display-names', { tag: 'AAA' }],
      ['racer-info', { username: 'loner' }],
    ]);
    await refreshAfterBotFlag(qc, null, 'loner');
    expect(stale(qc)(['current-display-names', { tag: 'AAA' }])).toBe(false);
    expect(stale(qc)(['racer-info', { username: 'loner' }])).toBe(true);
  });

  it('uses the racer inspector’s own info key', () => {
    expect(racerInfoQueryKey('speedy')).toEqual(racerInfoQueryOptions('speedy').queryKey);
  });
});
