import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { differsFromBanner, oldestOnScreen } from './oldest-on-screen';
import { keys } from '../api/keys';

const T = Date.parse('2026-11-26T16:35:10Z');

function clientWith(saved: Array<{ key: unknown[]; at: number; watched: boolean }>) {
  const client = new QueryClient();
  for (const { key, at, watched } of saved) {
    client.setQueryData(key, ['row'], { updatedAt: at });
    if (watched) new QueryObserver(client, { queryKey: key, enabled: false }).subscribe(() => undefined);
  }
  return client;
}

describe('oldestOnScreen', () => {
  it('is the oldest data a watched query holds, leaving out unwatched queries and the login state', () => {
    const client = clientWith([
      { key: ['teams', 'KYS', 'roster'], at: T - 60_000, watched: true },
      { key: ['teams', 'KYS', 'stats'], at: T - 600_000, watched: true },
      { key: ['teams', 'OLD', 'roster'], at: T - 86_400_000, watched: false },
      { key: [...keys.me], at: T - 7 * 86_400_000, watched: true },
    ]);
    expect(oldestOnScreen(client)).toBe(T - 600_000);
  });

  it('is 0 when nothing on screen has data', () => {
    expect(oldestOnScreen(clientWith([{ key: ['site'], at: T, watched: false }]))).toBe(0);
  });
});

describe('differsFromBanner', () => {
  it('is false within the minute the banner names, so that time is not written twice', () => {
    expect(differsFromBanner(T, T)).toBe(false);
    expect(differsFromBanner(T + 30_000, T)).toBe(false);
  });

  it('is true for data of another minute, and when the banner names no time', () => {
    expect(differsFromBanner(T + 60_000, T)).toBe(true);
    expect(differsFromBanner(T + 3_600_000, T)).toBe(true);
    expect(differsFromBanner(T, 0)).toBe(true);
  });
});
