import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { boardTimes, boardWindow } from './leaderboard-window';
import { racerBoardPageQueryOptions, racerPageParams, teamLeaderboardQueryOptions } from './leaderboards';

const TZ = 'America/Chicago';
// 2026-03-10 13:05 and 13:06 CDT (UTC-5).
const AT_1305 = new Date(Date.UTC(2026, 2, 10, 18, 5, 20));
const AT_1306 = new Date(Date.UTC(2026, 2, 10, 18, 6, 5));

const teamKey = (sel: Parameters<typeof boardWindow>[0], previous: boolean, now: Date) =>
  teamLeaderboardQueryOptions({ window: boardWindow(sel, previous, now, TZ), showbot: 'FALSE', tz: TZ }).queryKey;

describe('leaderboard query keys', () => {
  it('keep a rolling board under one key as the minutes pass, so its last answer is found offline', () => {
    expect(teamKey({ period: '24hour' }, false, AT_1305)).toEqual(teamKey({ period: '24hour' }, false, AT_1306));
    expect(teamKey({ period: '24hour' }, false, AT_1305)).toEqual([
      'leaderboards',
      'team',
      { rolling: '24hour', previous: false, showbot: 'FALSE', tz: TZ },
    ]);
    const individual = (now: Date) =>
      racerBoardPageQueryOptions({
        window: boardWindow({ period: '7day' }, false, now, TZ),
        tz: TZ,
        page: 2,
        sort: 'WPM',
        dir: 'asc',
        showbot: 'FALSE',
      }).queryKey;
    expect(individual(AT_1305)).toEqual(individual(AT_1306));
    expect(individual(AT_1305)).toEqual([
      'leaderboards',
      'individual',
      { rolling: '7day', previous: false, tz: TZ, page: 2, sort: 'WPM', dir: 'asc', showbot: 'FALSE', team: null },
    ]);
  });

  it('tell the 24 hour, 7 day and previous boards apart', () => {
    const keys = [
      teamKey({ period: '24hour' }, false, AT_1305),
      teamKey({ period: '24hour' }, true, AT_1305),
      teamKey({ period: '7day' }, false, AT_1305),
    ];
    expect(new Set(keys.map((k) => JSON.stringify(k))).size).toBe(3);
  });

  it('key a calendar board by its times', () => {
    expect(teamKey({ period: 'daily', day: '2026-03-09' }, false, AT_1305)).toEqual([
      'leaderboards',
      'team',
      { start_time: '2026-03-09 00:00:00', end_time: '2026-03-09 23:59:59', showbot: 'FALSE', tz: TZ },
    ]);
    expect(teamKey({ period: 'daily', day: '2026-03-09' }, true, AT_1305)[2]).toMatchObject({
      start_time: '2026-03-08 00:00:00',
      end_time: '2026-03-08 23:59:59',
    });
  });

  it('ask a rolling board for the window ending at the minute it is fetched', () => {
    const w = boardWindow({ period: '24hour' }, false, AT_1305, TZ);
    expect(boardTimes(w, AT_1305, TZ)).toEqual({ start_time: '2026-03-09 13:05:00', end_time: '2026-03-10 13:05:00' });
    expect(boardTimes(w, AT_1306, TZ)).toEqual({ start_time: '2026-03-09 13:06:00', end_time: '2026-03-10 13:06:00' });
    expect(boardTimes(boardWindow({ period: '24hour' }, true, AT_1305, TZ), AT_1305, TZ)).toEqual({
      start_time: '2026-03-08 13:05:00',
      end_time: '2026-03-09 13:04:59',
    });
  });

  it('refresh only rolling boards every minute', () => {
    expect(
      teamLeaderboardQueryOptions({ window: boardWindow({ period: '24hour' }, false, AT_1305, TZ), tz: TZ })
        .refetchInterval,
    ).toBe(60_000);
    expect(
      teamLeaderboardQueryOptions({
        window: boardWindow({ period: 'weekly', week: '2026-03-08' }, false, AT_1305, TZ),
        tz: TZ,
      }).refetchInterval,
    ).toBe(false);
  });
});

describe('a rolling board answer', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('carries the times it was fetched for, read from the clock at fetch time', async () => {
    const fetchMock = vi.fn(
      async () => new Response('[{"TeamTag":"T1"}]', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.useFakeTimers({ toFake: ['Date'] });
    const options = teamLeaderboardQueryOptions({
      window: boardWindow({ period: '24hour' }, false, AT_1305, TZ),
      showbot: 'FALSE',
      tz: TZ,
    });
    vi.setSystemTime(AT_1306);
    const answer = await new QueryClient().fetchQuery(options);
    expect(answer).toEqual({
      times: { start_time: '2026-03-09 13:06:00', end_time: '2026-03-10 13:06:00' },
      rows: [{ TeamTag: 'T1' }],
    });
    const url = new URL(String((fetchMock.mock.calls[0] as unknown[])[0]), 'http://x');
    expect([
      url.pathname,
      url.searchParams.get('start_time'),
      url.searchParams.get('end_time'),
      url.searchParams.get('showbot'),
    ]).toEqual(['/api/team-leaderboard', '2026-03-09 13:06:00', '2026-03-10 13:06:00', 'FALSE']);
  });
});

describe('a page of the individual board', () => {
  it('is asked with its params in the order the first page preload writes them', () => {
    const params = racerPageParams(
      { start_time: '2026-03-10 00:00:00', end_time: '2026-03-10 23:59:59' },
      { page: 1, sort: 'Points', dir: 'desc', showbot: 'FALSE' },
    );
    expect(Object.keys(params)).toEqual([
      'start_time',
      'end_time',
      'page',
      'pageSize',
      'sort',
      'dir',
      'showbot',
      'team',
    ]);
    expect(params).toMatchObject({ page: '1', pageSize: '50', team: undefined });
  });
});
