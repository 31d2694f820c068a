import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePoll } from '../../server/collector/write-poll.js';
import type { Database } from '../../server/db/database.js';
import { readDataVersion } from '../../server/db/data-version.js';
import { count, dumpCollectorTables, teamBody, type MemberSpec } from './collector-helpers.js';
import { dbKinds, freshDatabase, TEST_TZ } from './helpers.js';

const at = (iso: string) => new Date(iso);
const J = 1_767_225_600; // 2026-01-01T00:00:00Z

const alice0: MemberSpec = {
  userID: 1,
  username: 'alice',
  displayName: 'Alice',
  played: 100,
  racesPlayed: 500,
  typed: 50_000,
  errs: 1_000,
  secs: 10_000,
  joinStamp: J,
  role: 'captain',
};
const bob0: MemberSpec = {
  userID: 2,
  username: 'bob',
  displayName: 'Bob',
  played: 40,
  racesPlayed: 900,
  typed: 20_000,
  errs: 400,
  secs: 4_000,
  joinStamp: J,
};
// +3 races: Δtyped 900, Δerrs 18, Δsecs 180 → 60 WPM, 0.98 accuracy, 3 × 130 × 0.98 = 382.2 points
const alice1: MemberSpec = { ...alice0, played: 103, racesPlayed: 504, typed: 50_900, errs: 1_018, secs: 10_180 };
// +1 race: Δtyped 250, Δerrs 5, Δsecs 50 → (250/5)/(50/60) = 60 WPM, 0.98, 1 × 130 × 0.98 = 127.4 points
const bob1: MemberSpec = { ...bob0, played: 41, racesPlayed: 901, typed: 20_250, errs: 405, secs: 4_050 };
// +12 races over a 40-minute gap: Δtyped 3000, Δerrs 60, Δsecs 600 → 60 WPM, 0.98, 12 × 130 × 0.98 = 1528.8 points
const alice2: MemberSpec = { ...alice1, played: 115, racesPlayed: 519, typed: 53_900, errs: 1_078, secs: 10_780 };
const rejoined: MemberSpec = {
  ...alice2,
  played: 5,
  racesPlayed: 530,
  typed: 1_500,
  errs: 30,
  secs: 300,
  joinStamp: Date.parse('2026-03-10T19:00:00Z') / 1000,
};
const carol: MemberSpec = {
  userID: 3,
  username: 'carol',
  displayName: '',
  played: 0,
  racesPlayed: 20,
  typed: 0,
  errs: 0,
  secs: 0,
  joinStamp: J + 86_400 * 60,
};

describe.each(dbKinds)('writePoll on %s', (kind) => {
  let db: Database;
  const poll = (tag: string, iso: string, body: string, httpStatus = 200) =>
    writePoll(db, { tag, at: at(iso), httpStatus, body }, TEST_TZ);

  beforeAll(async () => {
    db = await freshDatabase(kind);
    await db.query("INSERT INTO teams (tag, tracked, weekly_requirement) VALUES ('ALPHA', false, 250)");
  });
  afterAll(() => db.close());

  it('takes a first poll as the baseline: team info, racers, memberships, snapshots, no batch', async () => {
    const before = await readDataVersion(db);
    const seen: number[] = [];
    const off = db.dataChanges.subscribe((v) => seen.push(v));
    const r = await poll('ALPHA', '2026-03-10T18:03:00Z', teamBody('ALPHA', [alice0, bob0]));
    off();
    expect(r).toMatchObject({ ok: true, stale: false, members: 2, batches: 0, firstSightings: 2, joined: 2, left: 0 });
    expect(await readDataVersion(db)).toBe(before + 1);
    expect(seen).toEqual([before + 1]);
    const d = await dumpCollectorTables(db);
    expect(d.teams).toEqual([
      {
        tag: 'ALPHA',
        tracked: false,
        team_id: 900,
        name: 'Team ALPHA',
        tag_color: '#3366ff',
        created_stamp: '2023-11-14T22:13:20.000Z',
        captain_username: 'alice',
        captain_display_name: 'Alice',
        min_races: 100,
        min_speed: 40,
        weekly_requirement: 250,
        other_requirements: 'Race daily',
        last_polled_at: '2026-03-10T18:03:00.000Z',
      },
    ]);
    expect(d.racers).toEqual([
      {
        user_id: 1,
        username: 'alice',
        display_name: 'Alice',
        first_seen: '2026-03-10T18:03:00.000Z',
        last_seen: '2026-03-10T18:03:00.000Z',
      },
      {
        user_id: 2,
        username: 'bob',
        display_name: 'Bob',
        first_seen: '2026-03-10T18:03:00.000Z',
        last_seen: '2026-03-10T18:03:00.000Z',
      },
    ]);
    expect(d.memberships).toEqual([
      {
        tag: 'ALPHA',
        user_id: 1,
        join_stamp: '2026-01-01T00:00:00.000Z',
        role: 'captain',
        first_seen: '2026-03-10T18:03:00.000Z',
        last_seen: '2026-03-10T18:03:00.000Z',
        left_at: null,
      },
      {
        tag: 'ALPHA',
        user_id: 2,
        join_stamp: '2026-01-01T00:00:00.000Z',
        role: 'member',
        first_seen: '2026-03-10T18:03:00.000Z',
        last_seen: '2026-03-10T18:03:00.000Z',
        left_at: null,
      },
    ]);
    expect(d.member_snapshots).toEqual([
      {
        tag: 'ALPHA',
        user_id: 1,
        taken_at: '2026-03-10T18:03:00.000Z',
        played: 100,
        races_played: 500,
        typed: 50_000,
        errs: 1_000,
        secs: 10_000,
        avg_speed: 60,
        highest_speed: 80,
        display_name: 'Alice',
      },
      {
        tag: 'ALPHA',
        user_id: 2,
        taken_at: '2026-03-10T18:03:00.000Z',
        played: 40,
        races_played: 900,
        typed: 20_000,
        errs: 400,
        secs: 4_000,
        avg_speed: 60,
        highest_speed: 80,
        display_name: 'Bob',
      },
    ]);
    expect(d.batches).toEqual([]);
    expect(d.raw_responses).toEqual([
      {
        tag: 'ALPHA',
        fetched_at: '2026-03-10T18:03:00.000Z',
        http_status: 200,
        body: teamBody('ALPHA', [alice0, bob0]),
      },
    ]);
  });

  it('turns the next poll into batches at the floored slot, with rollups', async () => {
    const r = await poll('ALPHA', '2026-03-10T18:13:00Z', teamBody('ALPHA', [alice1, bob1]));
    expect(r).toMatchObject({ ok: true, batches: 2, firstSightings: 0, joined: 0, left: 0 });
    const d = await dumpCollectorTables(db);
    expect(d.batches).toEqual([
      {
        user_id: 1,
        tag: 'ALPHA',
        end_time: '2026-03-10T18:10:00.000Z',
        races: 3,
        lifetime_races: 4,
        typed: 900,
        errs: 18,
        secs: 180,
        points: expect.closeTo(382.2, 9),
        display_name: 'Alice',
      },
      {
        user_id: 2,
        tag: 'ALPHA',
        end_time: '2026-03-10T18:10:00.000Z',
        races: 1,
        lifetime_races: 1,
        typed: 250,
        errs: 5,
        secs: 50,
        points: expect.closeTo(127.4, 9),
        display_name: 'Bob',
      },
    ]);
    expect(d.hourly_rollups).toHaveLength(2);
    expect(d.member_snapshots[0]).toMatchObject({ taken_at: '2026-03-10T18:13:00.000Z', played: 103, typed: 50_900 });
  });

  it('writes nothing twice when the same poll comes again', async () => {
    const before = await dumpCollectorTables(db);
    const version = await readDataVersion(db);
    const r = await poll('ALPHA', '2026-03-10T18:13:00Z', teamBody('ALPHA', [alice1, bob1]));
    expect(r).toMatchObject({ ok: true, stale: false, batches: 0, changed: false, dataVersion: null });
    expect(await dumpCollectorTables(db)).toEqual(before);
    expect(await readDataVersion(db)).toBe(version);
  });

  it('writes no batch for unchanged counters polled later', async () => {
    const r = await poll('ALPHA', '2026-03-10T18:23:00Z', teamBody('ALPHA', [alice1, bob1]));
    expect(r).toMatchObject({ ok: true, batches: 0 });
    expect(await count(db, 'batches')).toBe(2);
    const { rows } = await db.query<{ last_seen: Date }>('SELECT last_seen FROM memberships WHERE user_id = 1');
    expect(rows[0].last_seen.toISOString()).toBe('2026-03-10T18:23:00.000Z');
  });

  it('covers a gap with one batch, closes the membership of a member who left and opens one for a newcomer', async () => {
    const r = await poll('ALPHA', '2026-03-10T18:53:30Z', teamBody('ALPHA', [alice2, carol]));
    expect(r).toMatchObject({ ok: true, batches: 1, firstSightings: 1, joined: 1, left: 1 });
    const d = await dumpCollectorTables(db);
    expect(d.batches.filter((b) => (b as { end_time: string }).end_time === '2026-03-10T18:50:00.000Z')).toEqual([
      {
        user_id: 1,
        tag: 'ALPHA',
        end_time: '2026-03-10T18:50:00.000Z',
        races: 12,
        lifetime_races: 15,
        typed: 3_000,
        errs: 60,
        secs: 600,
        points: expect.closeTo(1528.8, 9),
        display_name: 'Alice',
      },
    ]);
    // Hour 18:00 UTC and site day 2026-03-10 (13:xx CDT) for alice: 382.2 + 1528.8 = 1911
    expect(d.hourly_rollups.filter((h) => (h as { user_id: number }).user_id === 1)).toEqual([
      {
        user_id: 1,
        tag: 'ALPHA',
        hour: '2026-03-10T18:00:00.000Z',
        races: 15,
        lifetime_races: 19,
        typed: 3_900,
        errs: 78,
        secs: 780,
        points: expect.closeTo(1911, 9),
      },
    ]);
    expect(d.daily_rollups.filter((h) => (h as { user_id: number }).user_id === 1)).toEqual([
      {
        user_id: 1,
        tag: 'ALPHA',
        day: '2026-03-10',
        day_start: '2026-03-10T05:00:00.000Z',
        races: 15,
        lifetime_races: 19,
        typed: 3_900,
        errs: 78,
        secs: 780,
        points: expect.closeTo(1911, 9),
      },
    ]);
    expect(d.memberships.find((m) => (m as { user_id: number }).user_id === 2)).toMatchObject({
      last_seen: '2026-03-10T18:23:00.000Z',
      left_at: '2026-03-10T18:53:30.000Z',
    });
    expect(d.memberships.find((m) => (m as { user_id: number }).user_id === 3)).toMatchObject({
      first_seen: '2026-03-10T18:53:30.000Z',
      left_at: null,
    });
    expect(d.member_snapshots.map((s) => (s as { user_id: number }).user_id)).toEqual([1, 3]);
    expect(d.racers.find((x) => (x as { user_id: number }).user_id === 3)).toMatchObject({
      username: 'carol',
      display_name: null,
    });
  });

  it('counts a rejoin from zero in a new membership and gives a racer who moved a membership on the new team', async () => {
    // alice left and was let back in at 19:00 (after the 18:53:30 poll): her team counters restarted.
    // Since then: 5 races, 1500 chars, 30 errors, 300 s → 60 WPM, 0.98, 5 × 130 × 0.98 = 637 points;
    // lifetime 530 − 519 = 11 races (some raced while away).
    const r = await poll('ALPHA', '2026-03-10T19:04:00Z', teamBody('ALPHA', [rejoined, carol]));
    expect(r).toMatchObject({ ok: true, batches: 1, resets: 1, joined: 1, left: 1 });
    const moved = await poll(
      'BETA',
      '2026-03-10T19:04:00Z',
      teamBody('BETA', [{ ...bob1, played: 0, typed: 0, errs: 0, secs: 0, joinStamp: J + 86_400 * 68 }]),
    );
    expect(moved).toMatchObject({ ok: true, joined: 1, firstSightings: 1 });
    const d = await dumpCollectorTables(db);
    expect(d.batches).toHaveLength(4);
    expect(d.batches.find((b) => (b as { end_time: string }).end_time === '2026-03-10T19:00:00.000Z')).toEqual({
      user_id: 1,
      tag: 'ALPHA',
      end_time: '2026-03-10T19:00:00.000Z',
      races: 5,
      lifetime_races: 11,
      typed: 1_500,
      errs: 30,
      secs: 300,
      points: expect.closeTo(637, 9),
      display_name: 'Alice',
    });
    expect(d.member_snapshots.find((s) => (s as { user_id: number }).user_id === 1)).toMatchObject({
      played: 5,
      typed: 1_500,
    });
    expect(
      d.memberships
        .filter((m) => (m as { user_id: number }).user_id === 1)
        .map((m) => [(m as { join_stamp: string }).join_stamp, (m as { left_at: string | null }).left_at]),
    ).toEqual([
      ['2026-01-01T00:00:00.000Z', '2026-03-10T19:04:00.000Z'],
      ['2026-03-10T19:00:00.000Z', null],
    ]);
    expect(
      d.memberships
        .filter((m) => (m as { user_id: number }).user_id === 2)
        .map((m) => [(m as { tag: string }).tag, (m as { left_at: string | null }).left_at]),
    ).toEqual([
      ['ALPHA', '2026-03-10T18:53:30.000Z'],
      ['BETA', null],
    ]);
    // The next alice race counts from the new baseline: +1 race, 250 chars, 5 errors, 50 s.
    const next = await poll(
      'ALPHA',
      '2026-03-10T19:14:00Z',
      teamBody('ALPHA', [{ ...rejoined, played: 6, racesPlayed: 531, typed: 1_750, errs: 35, secs: 350 }, carol]),
    );
    expect(next).toMatchObject({ batches: 1 });
    const { rows } = await db.query(
      'SELECT races, lifetime_races, typed, errs, secs FROM batches WHERE user_id = 1 AND end_time = $1',
      ['2026-03-10T19:10:00Z'],
    );
    expect(rows).toEqual([{ races: 1, lifetime_races: 1, typed: 250, errs: 5, secs: 50 }]);
  });

  it('follows a username and display name change', async () => {
    await poll(
      'ALPHA',
      '2026-03-10T19:24:00Z',
      teamBody('ALPHA', [
        {
          ...rejoined,
          username: 'alice_new',
          displayName: null,
          played: 6,
          racesPlayed: 531,
          typed: 1_750,
          errs: 35,
          secs: 350,
        },
        carol,
      ]),
    );
    const { rows } = await db.query('SELECT username, display_name FROM racers WHERE user_id = 1');
    expect(rows).toEqual([{ username: 'alice_new', display_name: null }]);
  });

  it('ignores a poll older than the latest one written', async () => {
    const before = await dumpCollectorTables(db);
    const r = await poll('ALPHA', '2026-03-10T18:00:00Z', teamBody('ALPHA', [alice0, bob0]));
    expect(r).toEqual({ ok: true, stale: true });
    expect(await dumpCollectorTables(db)).toEqual(before);
  });

  it('records an unparseable body in failed_responses and changes nothing else', async () => {
    const before = await dumpCollectorTables(db);
    const version = await readDataVersion(db);
    const html = '<!DOCTYPE html><html><title>Just a moment...</title></html>';
    const truncated = teamBody('ALPHA', [alice2]).slice(0, 200);
    expect(await poll('ALPHA', '2026-03-10T19:34:00Z', html)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^html:/),
    });
    expect(await poll('ALPHA', '2026-03-10T19:35:00Z', truncated)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^json:/),
    });
    const after = await dumpCollectorTables(db);
    expect(after.failed_responses).toEqual([
      {
        tag: 'ALPHA',
        fetched_at: '2026-03-10T19:34:00.000Z',
        http_status: 200,
        error: 'html: HTML page instead of JSON',
        body: html,
      },
      {
        tag: 'ALPHA',
        fetched_at: '2026-03-10T19:35:00.000Z',
        http_status: 200,
        error: expect.stringMatching(/^json: Invalid JSON/),
        body: truncated,
      },
    ]);
    expect({ ...after, failed_responses: [] }).toEqual({ ...before, failed_responses: [] });
    expect(await readDataVersion(db)).toBe(version);
  });
});
