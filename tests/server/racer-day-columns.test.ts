/**
 * The racer page's history (format=columns) is read from packed days where it can: whatever was
 * packed, and whatever was written after, the answer must equal the racer's batches read one by one
 * in history order (end_time, tag). Covers the day edges (midnight, the 25-hour day of 2026-11-01
 * in the site zone), two teams in one slot, renames and missing names, a batch added today, a late
 * batch into a day already packed, a second write to a packed slot, and days closing as time goes on;
 * and the spec's rows shape, read from the same packs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpDataVersion } from '../../server/db/data-version.js';
import { racerBatchColumnsJson } from '../../server/db/racer-repo.js';
import { formatSiteDateTime } from '../../rules/site-time.js';
import { addBatches, addRacer, addTeam, dbKinds, TEST_TZ, testApp, type TestContext } from './helpers.js';

const USER = 301;
const at = (iso: string) => new Date(iso);

/** The history as the racer page receives it, built from the batches one by one. */
async function oracle(t: TestContext) {
  const { rows } = await t.db.query<{
    t: number;
    tag: string;
    name: string | null;
    races: number;
    lifetime: number;
    typed: string | number;
    errs: string | number;
    secs: string | number;
  }>(
    `SELECT date_part('epoch', end_time)::int AS t, tag, display_name AS name, races, lifetime_races AS lifetime, typed, errs, secs
       FROM batches WHERE user_id = $1 ORDER BY end_time, tag`,
    [USER],
  );
  const displayNames = [...new Set(rows.map((r) => r.name).filter((n): n is string => n !== null))];
  const teamTags = [...new Set(rows.map((r) => r.tag))];
  return {
    columns: {
      endTime: rows.map((r) => r.t),
      name: rows.map((r) => (r.name === null ? -1 : displayNames.indexOf(r.name))),
      displayNames,
      tag: rows.map((r) => teamTags.indexOf(r.tag)),
      teamTags,
      races: rows.map((r) => r.races),
      lifetimeRaces: rows.map((r) => r.lifetime),
      typed: rows.map((r) => Number(r.typed)),
      errs: rows.map((r) => Number(r.errs)),
      secs: rows.map((r) => Number(r.secs)),
    },
  };
}

async function history(t: TestContext, today: string) {
  return JSON.parse(await racerBatchColumnsJson(t.db, USER, today)) as unknown;
}

describe.each(dbKinds)('racer history from packed days on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp(kind);
    await addTeam(t.db, 'TEST');
    await addTeam(t.db, 'OTHER');
    await addRacer(t.db, { userId: USER, username: 'packer', displayName: 'Packer', tag: 'TEST' });
    await addBatches(t.db, [
      // 2026-10-30 (CDT): the day's first slot is midnight local, 05:00Z.
      { userId: USER, tag: 'TEST', endTime: at('2026-10-30T05:00:00Z'), races: 2, typed: 500, errs: 5, secs: 60 },
      { userId: USER, tag: 'TEST', endTime: at('2026-10-30T17:20:00Z'), races: 1, typed: 250, errs: 0, secs: 30 },
      // The same slot on two teams (a move mid-slot), and a racer without a name yet.
      {
        userId: USER,
        tag: 'TEST',
        endTime: at('2026-10-31T04:50:00Z'),
        races: 3,
        typed: 700,
        errs: 7,
        secs: 90,
        displayName: 'Packer',
      },
      {
        userId: USER,
        tag: 'OTHER',
        endTime: at('2026-10-31T04:50:00Z'),
        races: 1,
        typed: 200,
        errs: 1,
        secs: 25,
        displayName: null,
      },
      // 2026-11-01 is 25 hours long in Chicago: 05:00Z to 06:00Z the next day.
      { userId: USER, tag: 'OTHER', endTime: at('2026-11-01T05:00:00Z'), races: 4, typed: 900, errs: 9, secs: 100 },
      {
        userId: USER,
        tag: 'OTHER',
        endTime: at('2026-11-02T05:50:00Z'),
        races: 2,
        typed: 400,
        errs: 2,
        secs: 50,
        displayName: 'Renamed "P"',
      },
      // 2026-11-02 (CST) starts at 06:00Z.
      { userId: USER, tag: 'OTHER', endTime: at('2026-11-02T06:00:00Z'), races: 1, typed: 220, errs: 2, secs: 24 },
      { userId: USER, tag: 'TEST', endTime: at('2026-11-03T15:00:00Z'), races: 5, typed: 1200, errs: 12, secs: 140 },
    ]);
  });
  afterAll(() => t.close());

  it('reads the whole history as the batches one by one, packing the days that are over', async () => {
    const expected = await oracle(t);
    expect(expected.columns.endTime).toHaveLength(8);
    // Today is 2026-11-03: the days before it are packed by this read and read from packs by the next.
    expect(await history(t, '2026-11-03')).toEqual(expected);
    expect(await history(t, '2026-11-03')).toEqual(expected);
  });

  it('keeps the hand-computed order and values across the day edges', async () => {
    const h = (await history(t, '2026-11-03')) as { columns: Record<string, unknown[]> };
    expect(h.columns.endTime).toEqual(
      [
        '2026-10-30T05:00:00Z',
        '2026-10-30T17:20:00Z',
        '2026-10-31T04:50:00Z',
        '2026-10-31T04:50:00Z',
        '2026-11-01T05:00:00Z',
        '2026-11-02T05:50:00Z',
        '2026-11-02T06:00:00Z',
        '2026-11-03T15:00:00Z',
      ].map((iso) => Date.parse(iso) / 1000),
    );
    // OTHER sorts before TEST in the shared slot.
    expect(h.columns.teamTags).toEqual(['TEST', 'OTHER']);
    expect(h.columns.tag).toEqual([0, 0, 1, 0, 1, 1, 1, 0]);
    expect(h.columns.displayNames).toEqual(['Packer', 'Renamed "P"']);
    expect(h.columns.name).toEqual([-1, -1, -1, 0, -1, 1, -1, -1]);
    expect(h.columns.races).toEqual([2, 1, 1, 3, 4, 2, 1, 5]);
  });

  it('adds batches written today and late batches written into packed days', async () => {
    await history(t, '2026-11-04');
    await addBatches(t.db, [
      // Today.
      { userId: USER, tag: 'TEST', endTime: at('2026-11-04T16:00:00Z'), races: 2, typed: 480, errs: 4, secs: 55 },
      // A late slot inside a packed day, between two of its batches.
      { userId: USER, tag: 'TEST', endTime: at('2026-10-30T10:00:00Z'), races: 1, typed: 260, errs: 3, secs: 31 },
      // A second write to a packed slot: added to the batch already there.
      { userId: USER, tag: 'OTHER', endTime: at('2026-11-01T05:00:00Z'), races: 1, typed: 100, errs: 0, secs: 20 },
    ]);
    const h = (await history(t, '2026-11-04')) as { columns: Record<string, unknown[]> };
    expect(h).toEqual(await oracle(t));
    expect(h.columns.races).toEqual([2, 1, 1, 1, 3, 5, 2, 1, 5, 2]);
    expect(h.columns.typed).toEqual([500, 260, 250, 200, 700, 1000, 400, 220, 1200, 480]);
    // Read again once those days are packed anew.
    expect(await history(t, '2026-11-05')).toEqual(h);
  });

  it('answers the same through the API', async () => {
    t.db.dataChanges.notify(await t.db.transaction((tx) => bumpDataVersion(tx)));
    t.setNow(at('2026-11-05T18:00:00Z'));
    const res = await t.app.inject('/api/racer-batches?username=packer&format=columns');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(await oracle(t));
    // The spec's rows shape reads the same packs.
    const { columns: c } = await oracle(t);
    const rows = (await t.app.inject('/api/racer-batches?username=packer')).json().batches as Array<
      Record<string, unknown>
    >;
    expect(rows.map((r) => r.batchEndTime)).toEqual(c.endTime.map((s) => formatSiteDateTime(s * 1000, TEST_TZ)));
    expect(rows.map((r) => [r.teamTag, r.CurrentDisplayName, r.sum])).toEqual(
      c.tag.map((k, i) => [c.teamTags[k], c.name[i] < 0 ? null : c.displayNames[c.name[i]], c.races[i]]),
    );
  });
});
