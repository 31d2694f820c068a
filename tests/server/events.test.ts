/**
 * The events read API on an event of two teams (ALPHA, BRAVO) with a racer (bob) who moved from
 * ALPHA through CHARLIE (not in the event) to BRAVO while it ran. Every number is worked out by
 * hand in the comments; batch times straddle the event's edges and the hourly-rollup boundaries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpDataVersion } from '../../server/db/data-version.js';
import { addBatches, addRacer, addTeam, dbKinds, testApp, type TestContext } from './helpers.js';

const at = (iso: string) => new Date(iso);

async function seed(t: TestContext) {
  for (const tag of ['ALPHA', 'BRAVO', 'CHARLIE']) await addTeam(t.db, tag);
  await addRacer(t.db, { userId: 1, username: 'ann', displayName: 'Ann A', tag: 'ALPHA' });
  await addRacer(t.db, { userId: 2, username: 'bob', displayName: 'Bobby', tag: 'BRAVO' });
  await addRacer(t.db, { userId: 3, username: 'cat', displayName: null, tag: 'BRAVO', bot: true });
  await addRacer(t.db, { userId: 4, username: 'dan', displayName: 'Dan', tag: 'CHARLIE' });
  await addRacer(t.db, { userId: 5, username: 'eve', displayName: 'Eve', tag: 'ALPHA' });
  await t.db.query(
    `INSERT INTO squad_assignments (tag, user_id, squad) VALUES
       ('ALPHA', 1, 'Avocado'), ('ALPHA', 2, 'Coconut'), ('BRAVO', 2, 'Blueberry'), ('ALPHA', 5, 'Avocado')`,
  );
  await t.db.query(
    `INSERT INTO squad_names (tag, squad, custom_name) VALUES ('ALPHA', 'Avocado', 'Green Machines'), ('CHARLIE', 'Blueberry', 'Not ours')`,
  );

  // Event 1: ALPHA BRAVO, 2026-03-02 12:00 to 15:00 CST (18:00Z to 21:00Z), pay-to-play.
  await t.db.query(
    `INSERT INTO events (event_id, title, description, start_time, end_time, default_sort, min_races, qualifying_races,
                         race_increment, payout_increment, cap, acc_bonus96, acc_bonus98) VALUES
       (1, 'Sprint', 'Two teams', '2026-03-02T18:00:00Z', '2026-03-02T21:00:00Z', 'Points', 2, 6, 2, 1000, 5000, 1.5, 2),
       (2, 'Later', '', '2026-03-12T17:00:00Z', '2026-03-13T17:00:00Z', 'WPM', NULL, NULL, NULL, NULL, NULL, NULL, NULL),
       (3, 'Others', '', '2026-03-01T00:00:00Z', '2026-03-05T00:00:00Z', 'Races', NULL, NULL, NULL, NULL, NULL, NULL, NULL),
       (4, 'Same start', '', '2026-03-02T18:00:00Z', '2026-03-20T00:00:00Z', 'Accuracy', NULL, NULL, NULL, 0, NULL, NULL, NULL)`,
  );
  await t.db.query(
    `INSERT INTO event_teams (event_id, tag, position) VALUES
       (1, 'ALPHA', 0), (1, 'BRAVO', 1), (2, 'ALPHA', 0), (3, 'CHARLIE', 0), (3, 'BRAVO', 1), (4, 'DELTA', 0), (4, 'ALPHA', 1)`,
  );
  // WPM = (typed / 5) / (secs / 60); accuracy = 1 − errs / typed; points = races × (100 + WPM/2) × accuracy.
  await addBatches(t.db, [
    // ann (ALPHA): 18:00 is the batch before the start and 21:10 the one after the end: both out.
    { userId: 1, tag: 'ALPHA', endTime: at('2026-03-02T18:00:00Z'), races: 5, typed: 1000, errs: 0, secs: 120 },
    { userId: 1, tag: 'ALPHA', endTime: at('2026-03-02T18:10:00Z'), races: 3, typed: 1000, errs: 20, secs: 120 }, // 100 WPM, .98 → 441
    { userId: 1, tag: 'ALPHA', endTime: at('2026-03-02T19:30:00Z'), races: 2, typed: 500, errs: 10, secs: 60 }, // 100, .98 → 294
    { userId: 1, tag: 'ALPHA', endTime: at('2026-03-02T21:00:00Z'), races: 1, typed: 250, errs: 5, secs: 30 }, // 100, .98 → 147
    { userId: 1, tag: 'ALPHA', endTime: at('2026-03-02T21:10:00Z'), races: 7, typed: 1000, errs: 0, secs: 120 },
    // bob: ALPHA, then CHARLIE (not in event 1), then BRAVO.
    { userId: 2, tag: 'ALPHA', endTime: at('2026-03-02T18:20:00Z'), races: 4, typed: 2000, errs: 100, secs: 300 }, // 80, .95 → 532
    { userId: 2, tag: 'CHARLIE', endTime: at('2026-03-02T19:00:00Z'), races: 10, typed: 3000, errs: 0, secs: 300 },
    { userId: 2, tag: 'BRAVO', endTime: at('2026-03-02T20:00:00Z'), races: 6, typed: 3000, errs: 30, secs: 300 }, // 120, .99 → 950.4
    { userId: 2, tag: 'BRAVO', endTime: at('2026-03-02T20:50:00Z'), races: 2, typed: 1000, errs: 10, secs: 100 }, // 120, .99 → 316.8
    // cat (BRAVO, unassigned, bot).
    { userId: 3, tag: 'BRAVO', endTime: at('2026-03-02T19:10:00Z'), races: 4, typed: 1000, errs: 50, secs: 150 }, // 80, .95 → 532
    // dan races only for CHARLIE; eve only before the start.
    { userId: 4, tag: 'CHARLIE', endTime: at('2026-03-02T19:10:00Z'), races: 9, typed: 2000, errs: 0, secs: 200 },
    { userId: 5, tag: 'ALPHA', endTime: at('2026-03-02T17:50:00Z'), races: 8, typed: 2000, errs: 0, secs: 200 },
  ]);
}

describe.each(dbKinds)('event routes on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp(kind, new Date('2026-03-10T18:00:00Z'));
    await seed(t);
  });
  afterAll(() => t.close());

  it('lists a team’s events, latest start first, ties by higher EventID, times in CT', async () => {
    const res = await t.app.inject('/api/team-events?tag=alpha');
    expect(res.statusCode).toBe(200);
    const events = res.json();
    expect(events.map((e: { EventID: number }) => e.EventID)).toEqual([2, 4, 1]);
    expect(events[2]).toEqual({
      EventID: 1,
      Title: 'Sprint',
      Description: 'Two teams',
      Status: 'Concluded',
      StartTime: '2026-03-02 12:00:00',
      EndTime: '2026-03-02 15:00:00',
      TeamTag: 'ALPHA BRAVO',
      DefaultSort: 'Points',
      MinRaces: 2,
      QualifyingRaces: 6,
      RaceIncrement: 2,
      PayoutIncrement: 1000,
      Cap: 5000,
      AccBonus96: 1.5,
      AccBonus98: 2,
      // The first team of its list owns it; flagged racers are not paid unless the event says so.
      OwnerTag: 'ALPHA',
      PayFlagged: false,
    });
    // After the switch to daylight time (2026-03-08) CT is UTC−5.
    expect(events[0]).toMatchObject({
      Status: 'Pending',
      StartTime: '2026-03-12 12:00:00',
      EndTime: '2026-03-13 12:00:00',
      PayoutIncrement: null,
    });
    expect(events[1]).toMatchObject({
      Status: 'Active',
      TeamTag: 'DELTA ALPHA',
      PayoutIncrement: 0,
      OwnerTag: 'DELTA',
    });
  });

  it('gives an empty list for a team without events and 400 for a bad tag', async () => {
    expect((await t.app.inject('/api/team-events?tag=NOPE')).json()).toEqual([]);
    const bad = await t.app.inject('/api/team-events');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBeTruthy();
    expect((await t.app.inject('/api/team-events?tag=a;b')).statusCode).toBe(400);
  });

  it('sums each participant over the event’s teams only, inside (start, end]', async () => {
    const res = await t.app.inject('/api/event-participants/1');
    expect(res.statusCode).toBe(200);
    const { participants } = res.json();
    expect(participants.map((p: { Username: string }) => p.Username)).toEqual(['bob', 'ann', 'cat']);
    const [bob, ann, cat] = participants;
    // bob: ALPHA 4 races + BRAVO 6 + 2; CHARLIE's 10 do not count. typed 6000, errs 140, secs 700.
    expect(bob).toMatchObject({
      CurrentDisplayName: 'Bobby',
      TeamTag: 'BRAVO',
      Squad: 'Blueberry',
      SquadName: null,
      TotalRaces: 12,
      bot: 0,
    });
    expect(bob.WPM).toBeCloseTo(1200 / (700 / 60), 9); // 102.857…
    expect(bob.Accuracy).toBeCloseTo(1 - 140 / 6000, 12); // 0.97666…
    expect(bob.Points).toBeCloseTo(532 + 950.4 + 316.8, 9); // 1799.2
    // 12 − 2 = 10 beyond MinRaces → 5 increments × 1000 = 5000, × 1.5 (≥ .96) = 7500, capped at 5000.
    expect(bob.Winnings).toBe(5000);
    // ann: 3 + 2 + 1 races (18:00 and 21:10 are outside). typed 1750, errs 35, secs 210.
    expect(ann).toMatchObject({
      CurrentDisplayName: 'Ann A',
      TeamTag: 'ALPHA',
      Squad: 'Avocado',
      SquadName: 'Green Machines',
      TotalRaces: 6,
      bot: 0,
    });
    expect(ann.WPM).toBeCloseTo(100, 9);
    expect(ann.Accuracy).toBeCloseTo(0.98, 12);
    expect(ann.Points).toBeCloseTo(441 + 294 + 147, 9); // 882
    // 6 − 2 = 4 → 2 × 1000 = 2000, × 2 (≥ .98) = 4000.
    expect(ann.Winnings).toBe(4000);
    // cat: 4 races is below QualifyingRaces 6 → blank.
    expect(cat).toMatchObject({
      CurrentDisplayName: null,
      TeamTag: 'BRAVO',
      Squad: '',
      SquadName: null,
      TotalRaces: 4,
      bot: 1,
      Winnings: null,
    });
    expect(cat.WPM).toBeCloseTo(80, 9);
    expect(cat.Accuracy).toBeCloseTo(0.95, 12);
    expect(cat.Points).toBeCloseTo(532, 9);
  });

  it('sums squads per team from the squad assignments', async () => {
    const res = await t.app.inject('/api/event-squad-summary/1');
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(
      rows.map((r: { Tag: string; Squad: string; SquadName: string | null; sum: number }) => [
        r.Tag,
        r.Squad,
        r.SquadName,
        r.sum,
      ]),
    ).toEqual([
      ['ALPHA', 'Avocado', 'Green Machines', 6], // ann
      ['ALPHA', 'Coconut', null, 4], // bob while on ALPHA
      ['BRAVO', 'Blueberry', null, 8], // bob while on BRAVO
      ['BRAVO', '', null, 4], // cat, unassigned
    ]);
    expect(rows[2].WPM).toBeCloseTo(800 / (400 / 60), 9); // 120
    expect(rows[2].Accuracy).toBeCloseTo(0.99, 12);
    expect(rows[2].Points).toBeCloseTo(1267.2, 9);
    expect(rows[1].WPM).toBeCloseTo(80, 9);
    expect(rows[1].Points).toBeCloseTo(532, 9);
  });

  it('sums each team of the event, and the three tables agree', async () => {
    const res = await t.app.inject('/api/event-team-summary/1');
    expect(res.statusCode).toBe(200);
    const [alpha, bravo, ...rest] = res.json();
    expect(rest).toEqual([]);
    // ALPHA: ann (6, 1750, 35, 210, 882) + bob on ALPHA (4, 2000, 100, 300, 532).
    expect(alpha.Tag).toBe('ALPHA');
    expect(alpha.Races).toBe(10);
    expect(alpha.WPM).toBeCloseTo(750 / (510 / 60), 9); // 88.235…
    expect(alpha.Accuracy).toBeCloseTo(1 - 135 / 3750, 12); // 0.964
    expect(alpha.Points).toBeCloseTo(1414, 9);
    // BRAVO: bob on BRAVO (8, 4000, 40, 400, 1267.2) + cat (4, 1000, 50, 150, 532).
    expect(bravo.Tag).toBe('BRAVO');
    expect(bravo.Races).toBe(12);
    expect(bravo.WPM).toBeCloseTo(1000 / (550 / 60), 9); // 109.09…
    expect(bravo.Accuracy).toBeCloseTo(0.982, 12);
    expect(bravo.Points).toBeCloseTo(1799.2, 9);

    const { participants } = (await t.app.inject('/api/event-participants/1')).json();
    const squads = (await t.app.inject('/api/event-squad-summary/1')).json();
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(participants.map((p: { TotalRaces: number }) => p.TotalRaces))).toBe(22);
    expect(sum(squads.map((s: { sum: number }) => s.sum))).toBe(22);
    expect(sum(participants.map((p: { Points: number }) => p.Points))).toBeCloseTo(alpha.Points + bravo.Points, 9);
  });

  it('lists a team that raced nothing with zero races, and no winnings when PayoutIncrement is 0', async () => {
    const teams = (await t.app.inject('/api/event-team-summary/4')).json();
    expect(teams[0]).toEqual({ Tag: 'DELTA', Races: 0, WPM: null, Accuracy: null, Points: 0 });
    // Event 4 runs on past 21:10, so ann's 7 later races count too: 6 + 7 + bob's 4.
    expect(teams[1]).toMatchObject({ Tag: 'ALPHA', Races: 17 });
    const { participants } = (await t.app.inject('/api/event-participants/4')).json();
    expect(participants.map((p: { Username: string; Winnings: number | null }) => [p.Username, p.Winnings])).toEqual([
      ['ann', null],
      ['bob', null],
    ]);
  });

  it('gives an event without batches empty participants and squads', async () => {
    expect((await t.app.inject('/api/event-participants/2')).json()).toEqual({ participants: [] });
    expect((await t.app.inject('/api/event-squad-summary/2')).json()).toEqual([]);
    expect((await t.app.inject('/api/event-team-summary/2')).json()).toEqual([
      { Tag: 'ALPHA', Races: 0, WPM: null, Accuracy: null, Points: 0 },
    ]);
  });

  it('answers an unknown event id with 404 and a non-numeric one with 400, both as JSON', async () => {
    for (const path of ['event-participants', 'event-squad-summary', 'event-team-summary']) {
      for (const id of ['99', '99999999999']) {
        const res = await t.app.inject(`/api/${path}/${id}`);
        expect(res.statusCode, `${path}/${id}`).toBe(404);
        expect(res.json().error).toMatch(/not found/);
      }
      for (const id of ['abc', '1.5', '-1', '1e3', '%20']) {
        const res = await t.app.inject(`/api/${path}/${id}`);
        expect(res.statusCode, `${path}/${id}`).toBe(400);
        expect(res.json().error).toMatch(/event id must be a number/);
      }
    }
  });

  it('reads whole days and hours from the rollups and still counts exactly, across the DST change', async () => {
    // Event 5 (ECHO): 2026-03-06 12:00 CST to 2026-03-10 10:00 CDT. Races are powers of two, so the
    // total shows exactly which batches counted.
    await t.db.query(
      `INSERT INTO events (event_id, title, start_time, end_time) VALUES (5, 'Long', '2026-03-06T18:00:00Z', '2026-03-10T15:00:00Z')`,
    );
    await t.db.query(`INSERT INTO event_teams (event_id, tag, position) VALUES (5, 'ECHO', 0)`);
    const b = (iso: string, races: number) => ({
      userId: 1,
      tag: 'ECHO',
      endTime: at(iso),
      races,
      typed: 500 * races,
      errs: 0,
      secs: 60 * races,
    });
    await addBatches(t.db, [
      b('2026-03-06T18:00:00Z', 128), // at the start: out
      b('2026-03-07T12:00:00Z', 1), // inside a whole day (daily rollup)
      b('2026-03-08T05:30:00Z', 2), // 23:30 CST on 03-07
      b('2026-03-09T04:50:00Z', 4), // 23:50 CDT on 03-08, the 23-hour day
      b('2026-03-09T05:00:00Z', 8), // 00:00 CDT on 03-09
      b('2026-03-10T14:50:00Z', 16), // last whole hour (hourly rollup)
      b('2026-03-10T15:00:00Z', 32), // at the end: in (raw batch)
      b('2026-03-10T15:10:00Z', 64), // after the end: out
    ]);
    const teams = (await t.app.inject('/api/event-team-summary/5')).json();
    expect(teams).toEqual([{ Tag: 'ECHO', Races: 63, WPM: 100, Accuracy: 1, Points: 63 * 150 }]);
    const { rows } = await t.db.query<{ races: number }>(
      `SELECT sum(races)::int AS races FROM batches WHERE tag = 'ECHO' AND end_time > '2026-03-06T18:00:00Z' AND end_time <= '2026-03-10T15:00:00Z'`,
    );
    expect(rows[0].races).toBe(63);
  });

  // Last: it adds a batch.
  it('answers 304 to a current ETag and recomputes after the data version moves', async () => {
    const first = await t.app.inject('/api/event-participants/1');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(
      (await t.app.inject({ url: '/api/event-participants/1', headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(304);
    await addBatches(t.db, [
      { userId: 1, tag: 'ALPHA', endTime: at('2026-03-02T20:40:00Z'), races: 5, typed: 1000, errs: 0, secs: 100 },
    ]);
    t.db.dataChanges.notify(await bumpDataVersion(t.db));
    const again = await t.app.inject({ url: '/api/event-participants/1', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(200);
    const ann = again.json().participants.find((p: { Username: string }) => p.Username === 'ann');
    expect(ann.TotalRaces).toBe(11);
  });
});
