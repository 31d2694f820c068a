/**
 * Ranked boards through HTTP: Rank and PreviousRank (ties by name, flagged racers only with
 * showbot, a team filter keeps the whole board's Rank), pages sorted by the server, the rank call,
 * bad parameters, and the cache per data version. Every expected number is worked out by hand.
 *
 * Every batch types 500 characters per race without errors; at 60 s per race WPM is 100 and each
 * race scores 100 + 100 / 2 = 150 points; with no time raced WPM is null and a race scores 100.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IndividualLeaderboardPage,
  IndividualRankResponse,
  IndividualLeaderboardResponse,
  TeamLeaderboardResponse,
} from '../../contract/leaderboards.js';
import { bumpDataVersion } from '../../server/db/data-version.js';
import { addBatches, addRacer, addTeam, dbKinds, testApp, type TestContext } from './helpers.js';

const NOW = new Date('2026-04-22T18:00:00Z');
/** Wed Apr 15 2026 (CDT); the window before it is Tue Apr 14. */
const DAY = ['2026-04-15 00:00:00', '2026-04-15 23:59:59'] as const;
/** Mon Apr 20: 60 racers p01..p60, racer pNN with NN races (NN × 150 points). */
const BIG = ['2026-04-20 00:00:00', '2026-04-20 23:59:59'] as const;

const race = (userId: number, tag: string, endTime: string, races: number, secs = 60 * races) => ({
  userId,
  tag,
  endTime: new Date(endTime),
  races,
  typed: 500 * races,
  errs: 0,
  secs,
});

function url(path: string, [start, end]: readonly [string, string], extra = '') {
  return `/api/${path}?start_time=${encodeURIComponent(start)}&end_time=${encodeURIComponent(end)}${extra}`;
}

type Row = { Username: string; Rank: number | null; PreviousRank: number | null; Points: number };
const names = (rows: Row[]) => rows.map((r) => r.Username);
const ranks = (rows: Row[]) => rows.map((r) => [r.Username, r.Rank, r.PreviousRank]);
const pad = (n: number) => `p${String(n).padStart(2, '0')}`;

describe.each(dbKinds)('ranked boards on %s', (kind) => {
  let t: TestContext;
  const get = async (u: string) => {
    const res = await t.app.inject(u);
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    t = await testApp(kind, NOW);
    for (const tag of ['ALPHA', 'BRAVO', 'CHARLIE', 'PAGED']) await addTeam(t.db, tag);
    await addRacer(t.db, { userId: 1, username: 'amy', displayName: 'Amy', tag: 'ALPHA' });
    await addRacer(t.db, { userId: 2, username: 'ben', tag: 'ALPHA' });
    await addRacer(t.db, { userId: 3, username: 'cat', displayName: 'Cat', tag: 'BRAVO' });
    await addRacer(t.db, { userId: 4, username: 'dan', displayName: 'Dan', tag: 'BRAVO', bot: true });
    await addRacer(t.db, { userId: 5, username: 'eve', displayName: 'Zed', tag: 'CHARLIE' });
    await addRacer(t.db, { userId: 6, username: 'fay', tag: 'BRAVO' });
    await addRacer(t.db, { userId: 7, username: 'gus', displayName: 'Gus' });
    await addRacer(t.db, { userId: 8, username: 'hal', tag: 'ALPHA' });
    // Ids in the opposite order of the names, so ties are broken by name, not by id.
    for (let n = 1; n <= 60; n++) await addRacer(t.db, { userId: 1000 - n, username: pad(n), tag: 'PAGED' });
    await addBatches(t.db, [
      // Apr 15 (17:00Z = 12:00 CDT). Points: ben 900, fay 900, amy 600, cat 600, eve 300, gus 100, dan (bot) 1500.
      race(1, 'ALPHA', '2026-04-15T17:00:00Z', 4),
      race(2, 'ALPHA', '2026-04-15T17:00:00Z', 6),
      race(3, 'BRAVO', '2026-04-15T17:00:00Z', 4),
      race(4, 'BRAVO', '2026-04-15T17:00:00Z', 10),
      race(5, 'CHARLIE', '2026-04-15T17:00:00Z', 2),
      // fay's races split over two teams: one row, on her current team.
      race(6, 'ALPHA', '2026-04-15T16:00:00Z', 2),
      race(6, 'BRAVO', '2026-04-15T17:10:00Z', 4),
      race(7, 'ALPHA', '2026-04-15T17:00:00Z', 1, 0),
      // Apr 14. Points: amy 750, eve 750, dan (bot) 450, hal 300, cat 150.
      race(1, 'ALPHA', '2026-04-14T17:00:00Z', 5),
      race(5, 'CHARLIE', '2026-04-14T17:00:00Z', 5),
      race(4, 'BRAVO', '2026-04-14T17:00:00Z', 3),
      race(8, 'ALPHA', '2026-04-14T17:00:00Z', 2),
      race(3, 'BRAVO', '2026-04-14T17:00:00Z', 1),
      // Apr 20
      ...Array.from({ length: 60 }, (_, i) => race(1000 - (i + 1), 'PAGED', '2026-04-20T17:00:00Z', i + 1)),
    ]);
  });
  afterAll(() => t.close());

  describe('Rank and PreviousRank', () => {
    it('the whole list keeps every racer and its order; flagged racers unranked without showbot', async () => {
      const { status, body } = await get(url('individual-leaderboard', DAY));
      expect(status).toBe(200);
      expect(IndividualLeaderboardResponse.parse(body)).toEqual(body);
      // Without bots on Apr 14: amy 1, eve 2 (tie at 750, by name), hal 3, cat 4.
      expect(ranks(body)).toEqual([
        ['dan', null, null],
        ['ben', 1, null],
        ['fay', 2, null],
        ['amy', 3, 1],
        ['cat', 4, 4],
        ['eve', 5, 2],
        ['gus', 6, null],
      ]);
      expect(body[2]).toMatchObject({ TeamTag: 'BRAVO', Races: 6, Points: 900, WPM: 100, Accuracy: 1 });
      expect(body[6]).toMatchObject({ CurrentDisplayName: 'Gus', TeamTag: null, Points: 100, WPM: null });
    });

    it('showbot=TRUE ranks flagged racers too, now and before', async () => {
      const { body } = await get(url('individual-leaderboard', DAY, '&showbot=true'));
      // Apr 14 with dan: amy 1, eve 2, dan 3, hal 4, cat 5.
      expect(ranks(body)).toEqual([
        ['dan', 1, 3],
        ['ben', 2, null],
        ['fay', 3, null],
        ['amy', 4, 1],
        ['cat', 5, 5],
        ['eve', 6, 2],
        ['gus', 7, null],
      ]);
    });

    it('the team board ranks teams now and in the window before', async () => {
      const { body } = await get(url('team-leaderboard', DAY));
      expect(TeamLeaderboardResponse.parse(body)).toEqual(body);
      // Apr 15 by batch team: ALPHA amy 600 + ben 900 + fay 300 + gus 100 = 1900; BRAVO cat 600 + fay 600 = 1200;
      // CHARLIE 300. Apr 14: ALPHA 750 + 300 = 1050, CHARLIE 750, BRAVO 150.
      expect(
        body.map((r: { TeamTag: string; Points: number; Rank: number; PreviousRank: number | null }) => [
          r.TeamTag,
          r.Points,
          r.Rank,
          r.PreviousRank,
        ]),
      ).toEqual([
        ['ALPHA', 1900, 1, 1],
        ['BRAVO', 1200, 2, 3],
        ['CHARLIE', 300, 3, 2],
      ]);
      // With dan: BRAVO 1200 + 1500 = 2700 now, 150 + 450 = 600 before (CHARLIE 750 stays ahead).
      const bots = (await get(url('team-leaderboard', DAY, '&showbot=TRUE'))).body;
      expect(
        bots.map((r: { TeamTag: string; Rank: number; PreviousRank: number }) => [r.TeamTag, r.Rank, r.PreviousRank]),
      ).toEqual([
        ['BRAVO', 1, 3],
        ['ALPHA', 2, 1],
        ['CHARLIE', 3, 2],
      ]);
    });
  });

  describe('pages', () => {
    const page = async (extra: string, w = DAY) => {
      const { status, body } = await get(url('individual-leaderboard', w, `&page=1${extra}`));
      expect(status).toBe(200);
      expect(IndividualLeaderboardPage.parse(body)).toEqual(body);
      return body as { rows: Row[]; total: number; page: number; pageSize: number; pages: number; asOf: string };
    };

    it('by default: Points, highest first, without flagged racers, 50 a page', async () => {
      const p = await page('');
      expect(names(p.rows)).toEqual(['ben', 'fay', 'amy', 'cat', 'eve', 'gus']);
      expect(p).toMatchObject({ total: 6, page: 1, pageSize: 50, pages: 1 });
      // The newest stored batch: Apr 20 17:00Z.
      expect(p.asOf).toBe('2026-04-20T17:00:00.000Z');
      expect(names((await page('&showbot=TRUE')).rows)).toEqual(['dan', 'ben', 'fay', 'amy', 'cat', 'eve', 'gus']);
    });

    it.each([
      ['Points', 'asc', ['gus', 'eve', 'amy', 'cat', 'ben', 'fay']],
      ['Races', 'asc', ['gus', 'eve', 'amy', 'cat', 'ben', 'fay']],
      ['Races', 'desc', ['ben', 'fay', 'amy', 'cat', 'eve', 'gus']],
      // Equal WPM keep the standing; the missing one goes last both ways.
      ['WPM', 'asc', ['ben', 'fay', 'amy', 'cat', 'eve', 'gus']],
      ['WPM', 'desc', ['ben', 'fay', 'amy', 'cat', 'eve', 'gus']],
      ['Accuracy', 'asc', ['ben', 'fay', 'amy', 'cat', 'eve', 'gus']],
      // Amy, ben, Cat, fay, Gus, Zed (eve): letter case does not matter.
      ['CurrentDisplayName', 'asc', ['amy', 'ben', 'cat', 'fay', 'gus', 'eve']],
      ['CurrentDisplayName', 'desc', ['eve', 'gus', 'fay', 'cat', 'ben', 'amy']],
      ['Username', 'desc', ['gus', 'fay', 'eve', 'cat', 'ben', 'amy']],
      // ALPHA ben (1), amy (3); BRAVO fay (2), cat (4); CHARLIE eve; gus on no team, last.
      ['TeamTag', 'asc', ['ben', 'amy', 'fay', 'cat', 'eve', 'gus']],
      ['TeamTag', 'desc', ['eve', 'fay', 'cat', 'ben', 'amy', 'gus']],
    ])('sort=%s dir=%s', async (sort, dir, expected) => {
      const p = await page(`&sort=${sort}&dir=${dir}`);
      expect(names(p.rows)).toEqual(expected);
      // Rank stays the standing by Points whatever the sort.
      expect(p.rows.find((r) => r.Username === 'amy')?.Rank).toBe(3);
    });

    it('a team filter lists its racers with their Rank on the whole board', async () => {
      const p = await page('&team=bravo');
      expect(ranks(p.rows)).toEqual([
        ['fay', 2, null],
        ['cat', 4, 4],
      ]);
      expect(p).toMatchObject({ total: 2, pages: 1 });
      const bots = await page('&team=BRAVO&showbot=TRUE');
      expect(ranks(bots.rows)).toEqual([
        ['dan', 1, 3],
        ['fay', 3, null],
        ['cat', 5, 5],
      ]);
      expect((await page('&team=NOBODY')).rows).toEqual([]);
    });

    it('cuts pages of the asked size, total and pages counted', async () => {
      const at = async (n: number, size: number, extra = '') => {
        const { body } = await get(url('individual-leaderboard', BIG, `&page=${n}&pageSize=${size}${extra}`));
        return body as { rows: Row[]; total: number; page: number; pageSize: number; pages: number };
      };
      const first = await at(1, 25);
      expect(first).toMatchObject({ total: 60, page: 1, pageSize: 25, pages: 3 });
      expect(names(first.rows)).toEqual(Array.from({ length: 25 }, (_, i) => pad(60 - i)));
      expect(first.rows[0]).toMatchObject({ Rank: 1, PreviousRank: null, Points: 9000 });
      const last = await at(3, 25);
      expect(names(last.rows)).toEqual(Array.from({ length: 10 }, (_, i) => pad(10 - i)));
      expect(last.rows.map((r) => r.Rank)).toEqual([51, 52, 53, 54, 55, 56, 57, 58, 59, 60]);
      const asc = await at(2, 10, '&sort=Points&dir=asc');
      expect(names(asc.rows)).toEqual(Array.from({ length: 10 }, (_, i) => pad(11 + i)));
      expect(asc.pages).toBe(6);
      const past = await at(4, 25);
      expect(past).toMatchObject({ rows: [], total: 60, page: 4, pages: 3 });
      const empty = await get(url('individual-leaderboard', ['2026-01-01 00:00:00', '2026-01-01 23:59:59'], '&page=1'));
      expect(empty.body).toMatchObject({ rows: [], total: 0, page: 1, pageSize: 50, pages: 0 });
    });

    it('every page is the matching slice of the whole list sorted the same way', async () => {
      const whole = (await get(url('individual-leaderboard', DAY))).body as Array<Row & Record<string, unknown>>;
      const counted = whole.filter((r) => r.Rank !== null);
      const byPages = async (sort: string, dir: string, size: number) => {
        const out: Row[] = [];
        for (let n = 1; ; n++) {
          const { body } = await get(
            url('individual-leaderboard', DAY, `&page=${n}&pageSize=${size}&sort=${sort}&dir=${dir}`),
          );
          out.push(...body.rows);
          if (n >= body.pages) return out;
        }
      };
      // The whole list is in Rank order; a stable sort of it by one column is what the pages show.
      const expected = (key: string, dir: string) =>
        [...counted].sort((a, b) => {
          const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);
          const x = lower(a[key]) as string | number | null;
          const y = lower(b[key]) as string | number | null;
          if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
          return x === y ? 0 : (x < y ? -1 : 1) * (dir === 'asc' ? 1 : -1);
        });
      for (const key of ['Points', 'Races', 'WPM', 'Accuracy', 'CurrentDisplayName', 'Username', 'TeamTag'])
        for (const dir of ['asc', 'desc']) expect(await byPages(key, dir, 10)).toEqual(expected(key, dir));
    });
  });

  describe('the rank call', () => {
    const rank = (w: readonly [string, string], extra: string) => get(url('individual-leaderboard/rank', w, extra));

    it('answers the row, its page, the share of the board behind it and its neighbours', async () => {
      const { status, body } = await rank(DAY, '&username=AMY');
      expect(status).toBe(200);
      expect(IndividualRankResponse.parse(body)).toEqual(body);
      expect(body.row).toMatchObject({ Username: 'amy', Rank: 3, PreviousRank: 1, Points: 600 });
      // 3 of 6: 3 racers behind, 50 %.
      expect(body).toMatchObject({ page: 1, total: 6, percentile: 50 });
      expect(names(body.neighbours)).toEqual(['ben', 'fay', 'amy', 'cat', 'eve']);
    });

    it('stops at the top and bottom edges, pages of 50', async () => {
      const top = (await rank(BIG, '&username=p60')).body;
      // 59 of 60 behind: 98.33… rounded down.
      expect(top).toMatchObject({ page: 1, total: 60, percentile: 98.3 });
      expect(names(top.neighbours)).toEqual(['p60', 'p59', 'p58']);
      const bottom = (await rank(BIG, '&username=p01&radius=3')).body;
      expect(bottom).toMatchObject({ page: 2, percentile: 0 });
      expect(names(bottom.neighbours)).toEqual(['p04', 'p03', 'p02', 'p01']);
      const fiftieth = (await rank(BIG, '&username=p11&radius=0')).body;
      // Rank 50: the last of page 1; 10 of 60 behind, 16.66… rounded down.
      expect(fiftieth).toMatchObject({ page: 1, percentile: 16.6 });
      expect(names(fiftieth.neighbours)).toEqual(['p11']);
      expect((await rank(BIG, '&username=p10')).body.page).toBe(2);
    });

    it('ranks a flagged racer only with showbot=TRUE', async () => {
      expect((await rank(DAY, '&username=dan')).status).toBe(404);
      const { body } = await rank(DAY, '&username=dan&showbot=TRUE&radius=1');
      expect(body).toMatchObject({ page: 1, total: 7, percentile: 85.7 });
      expect(names(body.neighbours)).toEqual(['dan', 'ben']);
    });

    it('answers 404 with a JSON error for a racer without races in the window', async () => {
      for (const who of ['hal', 'nobody']) {
        const { status, body } = await rank(DAY, `&username=${who}`);
        expect(status).toBe(404);
        expect(body.error).toContain(who);
      }
    });
  });

  it.each([
    ['individual-leaderboard', '&page=0', 'page must be at least 1'],
    ['individual-leaderboard', '&page=two', 'page must be a whole number'],
    ['individual-leaderboard', '&page=1.5', 'page must be a whole number'],
    ['individual-leaderboard', '&page=1&pageSize=9', 'pageSize must be at least 10'],
    ['individual-leaderboard', '&page=1&pageSize=201', 'pageSize must be at most 200'],
    ['individual-leaderboard', '&page=1&sort=bot', 'sort must be one of'],
    ['individual-leaderboard', '&page=1&dir=up', 'dir must be asc or desc'],
    ['individual-leaderboard', '&page=1&team=A-B', 'tag must be letters and digits'],
    ['individual-leaderboard', '&page=1&showbot=yes', 'showbot must be TRUE or FALSE'],
    ['individual-leaderboard/rank', '', 'username is required'],
    ['individual-leaderboard/rank', '&username=amy&radius=11', 'radius must be at most 10'],
  ])('%s%s: 400 with a JSON error', async (path, extra, error) => {
    const { status, body } = await get(url(path, DAY, extra));
    expect(status).toBe(400);
    expect(body.error).toContain(error);
  });

  it('keeps each page per data version, and sends a new one after a change', async () => {
    const u = url('individual-leaderboard', DAY, '&page=1&pageSize=20&sort=Races&dir=asc');
    // Sizes of 20 are asked nowhere else in this file: the first answer is computed here.
    const first = await t.app.inject(u);
    const hitsBefore = t.app.publicCache.hits;
    const again = await t.app.inject(url('individual-leaderboard', DAY, '&dir=asc&sort=Races&pageSize=20&page=01'));
    expect(t.app.publicCache.hits).toBe(hitsBefore + 1);
    expect(again.headers.etag).toBe(first.headers.etag);
    // Another page of the same board is another answer.
    await t.app.inject(url('individual-leaderboard', DAY, '&page=1&pageSize=20&sort=Races&dir=desc'));
    expect(t.app.publicCache.hits).toBe(hitsBefore + 1);
    // gus's name changes: the cached page is kept until the data version moves.
    await t.db.query("UPDATE racers SET display_name = 'Aaron' WHERE user_id = 7");
    expect((await t.app.inject(u)).json().rows[0].CurrentDisplayName).toBe('Gus');
    t.db.dataChanges.notify(await t.db.transaction((tx) => bumpDataVersion(tx)));
    const after = await t.app.inject(u);
    expect(after.json().rows[0].CurrentDisplayName).toBe('Aaron');
    expect(after.headers.etag).not.toBe(first.headers.etag);
  });
});
