import { describe, expect, it } from 'vitest';
import type { ParsedMember, ParsedTeam } from './parse.js';
import { applyPoll, type TeamState } from './team-state.js';

const JOIN = new Date('2026-01-01T00:00:00Z');

function m(userId: number, over: Partial<ParsedMember> = {}): ParsedMember {
  return {
    userId,
    username: `user${userId}`,
    displayName: `User ${userId}`,
    played: 10,
    racesPlayed: 100,
    typed: 3_000,
    errs: 30,
    secs: 600,
    avgSpeed: 60,
    highestSpeed: 80,
    joinStamp: JOIN,
    role: 'member',
    gameStatus: null,
    ...over,
  };
}

function team(members: ParsedMember[], skipped: ParsedTeam['skipped'] = []): ParsedTeam {
  return {
    info: {
      teamId: 1,
      tag: 'ALPHA',
      name: 'Alpha',
      tagColor: null,
      captainUsername: 'user1',
      captainDisplayName: null,
      minRaces: null,
      minSpeed: null,
      otherRequirements: null,
      createdStamp: null,
    },
    members,
    skipped,
    duplicates: [],
  };
}

const empty = (): TeamState => ({ tag: 'ALPHA', lastPolledAt: null, snapshots: new Map(), current: new Map() });
const t = (hhmm: string) => new Date(`2026-03-10T${hhmm}:00Z`);

describe('applyPoll', () => {
  it('opens memberships and baselines on first sighting, with no batch', () => {
    const s = empty();
    const c = applyPoll(s, team([m(1), m(2)]), t('18:00'))!;
    expect(c.batches).toEqual([]);
    expect(c.counts).toMatchObject({ members: 2, firstSightings: 2, joined: 2, left: 0, batches: 0 });
    expect(c.memberships.map((x) => [x.userId, x.id, x.firstSeen, x.leftAt])).toEqual([
      [1, null, t('18:00'), null],
      [2, null, t('18:00'), null],
    ]);
    expect([...s.snapshots.keys()]).toEqual([1, 2]);
    expect(c.racers.map((r) => r.username)).toEqual(['user1', 'user2']);
  });

  it('writes one batch per racing member, with the member’s display name', () => {
    const s = empty();
    applyPoll(s, team([m(1), m(2)]), t('18:00'));
    const c = applyPoll(
      s,
      team([m(1, { played: 12, racesPlayed: 102, typed: 3_600, errs: 36, secs: 720, displayName: null }), m(2)]),
      t('18:10'),
    )!;
    expect(c.batches).toEqual([
      {
        userId: 1,
        tag: 'ALPHA',
        endTime: t('18:10'),
        races: 2,
        lifetimeRaces: 2,
        typed: 600,
        errs: 6,
        secs: 120,
        displayName: null,
      },
    ]);
    expect(c.memberships.every((x) => x.lastSeen.getTime() === t('18:10').getTime())).toBe(true);
    expect([...c.snapshotsWritten.keys()]).toEqual([1]);
  });

  it('writes nothing new for a duplicate poll', () => {
    const s = empty();
    applyPoll(s, team([m(1)]), t('18:00'));
    const c = applyPoll(s, team([m(1)]), t('18:00'))!;
    expect(c.changed).toBe(false);
    expect(c.batches).toEqual([]);
    expect(c.snapshotsWritten.size).toBe(0);
    expect(c.counts).toMatchObject({ joined: 0, left: 0, firstSightings: 0 });
  });

  it('closes the membership and drops the baseline of a member who left; a return is a first sighting', () => {
    const s = empty();
    applyPoll(s, team([m(1), m(2)]), t('18:00'));
    const gone = applyPoll(s, team([m(1)]), t('18:10'))!;
    expect(gone.counts.left).toBe(1);
    expect(gone.memberships.find((x) => x.userId === 2)).toMatchObject({ leftAt: t('18:10'), lastSeen: t('18:00') });
    expect(gone.snapshotsDeleted).toEqual([2]);
    expect(s.current.has(2)).toBe(false);
    // Back later with more races: a new membership and a new baseline, no batch for the absence.
    const back = applyPoll(s, team([m(1), m(2, { played: 50, typed: 9_000, secs: 1_800 })]), t('18:30'))!;
    expect(back.batches).toEqual([]);
    expect(back.counts).toMatchObject({ joined: 1, firstSightings: 1 });
    expect(s.current.get(2)).toMatchObject({ id: null, firstSeen: t('18:30'), leftAt: null });
  });

  it('counts a rejoin (join stamp moved after the previous poll) from zero in a new membership', () => {
    const s = empty();
    applyPoll(s, team([m(1)]), t('18:00'));
    const first = s.current.get(1)!;
    // Rejoined at 18:05; 11 races since: all of them are races of the gap 18:00–18:10.
    const c = applyPoll(
      s,
      team([
        m(1, {
          played: 11,
          racesPlayed: 112,
          typed: 3_300,
          errs: 33,
          secs: 660,
          joinStamp: new Date('2026-03-10T18:05:00Z'),
        }),
      ]),
      t('18:10'),
    )!;
    expect(c.batches).toEqual([
      {
        userId: 1,
        tag: 'ALPHA',
        endTime: t('18:10'),
        races: 11,
        lifetimeRaces: 12,
        typed: 3_300,
        errs: 33,
        secs: 660,
        displayName: 'User 1',
      },
    ]);
    expect(c.counts).toMatchObject({ resets: 1, joined: 1, left: 1, batches: 1 });
    expect(first.leftAt).toEqual(t('18:10'));
    expect(s.current.get(1)).not.toBe(first);
    expect(c.memberships).toHaveLength(2);
  });

  it('counts the races of a member who joined since the previous poll, in this poll’s slot', () => {
    const s = empty();
    applyPoll(s, team([m(1)]), t('18:00'));
    const joined = new Date('2026-03-10T18:04:10Z');
    const c = applyPoll(
      s,
      team([m(1), m(2, { played: 3, racesPlayed: 400, typed: 900, errs: 18, secs: 180, joinStamp: joined })]),
      t('18:12'),
    )!;
    // Team races since the join: 3 (lifetime races before the join are unknown, so at least the 3).
    expect(c.batches).toEqual([
      {
        userId: 2,
        tag: 'ALPHA',
        endTime: t('18:10'),
        races: 3,
        lifetimeRaces: 3,
        typed: 900,
        errs: 18,
        secs: 180,
        displayName: 'User 2',
      },
    ]);
    expect(c.counts).toMatchObject({ joined: 1, firstSightings: 1, batches: 1 });
    // Next poll diffs against the counters seen: +1 race.
    const next = applyPoll(
      s,
      team([m(1), m(2, { played: 4, racesPlayed: 401, typed: 1_200, errs: 24, secs: 240, joinStamp: joined })]),
      t('18:20'),
    )!;
    expect(next.batches.map((b) => [b.userId, b.races, b.typed])).toEqual([[2, 1, 300]]);
  });

  it('takes a member first seen with an older join as a baseline only, and the first poll of a team too', () => {
    const s = empty();
    const first = applyPoll(s, team([m(1, { joinStamp: new Date('2026-03-10T17:59:00Z') })]), t('18:00'))!;
    expect(first.batches).toEqual([]);
    // Joined 17:40, before the 18:00 poll's slot: those races may predate any baseline we could have had.
    const c = applyPoll(
      s,
      team([
        m(1, { joinStamp: new Date('2026-03-10T17:59:00Z') }),
        m(2, { played: 30, joinStamp: new Date('2026-03-10T17:40:00Z') }),
      ]),
      t('18:10'),
    )!;
    expect(c.batches).toEqual([]);
    expect(c.counts).toMatchObject({ firstSightings: 1, joined: 1 });
  });

  it('keeps the baseline through a dip that recovers (201 → 150 → 205: 4 races)', () => {
    const s = empty();
    applyPoll(s, team([m(1, { played: 201, typed: 60_300, secs: 12_060 })]), t('18:00'));
    const dip = applyPoll(s, team([m(1, { played: 150, typed: 45_000, secs: 9_000 })]), t('18:10'))!;
    expect(dip.batches).toEqual([]);
    // Only the low reading is written with the baseline: nothing a reader sees changed.
    expect([...dip.snapshotsWritten.values()].map((x) => [x.played, x.low?.played])).toEqual([[201, 150]]);
    expect(dip.memberships).toEqual([]);
    expect(dip.changed).toBe(false);
    expect(dip.anomalies).toEqual([{ userId: 1, kind: 'bad-reading', detail: 'played 201 → 150' }]);
    expect(s.snapshots.get(1)!.played).toBe(201);
    const back = applyPoll(s, team([m(1, { played: 205, typed: 61_500, secs: 12_300 })]), t('18:20'))!;
    expect(back.batches.map((b) => [b.races, b.typed, b.secs])).toEqual([[4, 1_200, 240]]);
    expect(back.anomalies).toEqual([]);
  });

  it('re-bases a restart of the team counters and says so: 1010 → 3 → 7 with lifetime races rising', () => {
    const s = empty();
    applyPoll(
      s,
      team([m(1, { played: 1_010, racesPlayed: 5_000, typed: 303_000, errs: 3_030, secs: 60_600 })]),
      t('18:00'),
    );
    const reset = applyPoll(
      s,
      team([m(1, { played: 3, racesPlayed: 5_003, typed: 900, errs: 9, secs: 180 })]),
      t('18:10'),
    )!;
    expect(reset.batches.map((b) => [b.races, b.lifetimeRaces, b.typed, b.errs, b.secs])).toEqual([
      [3, 3, 900, 9, 180],
    ]);
    expect(reset.anomalies).toEqual([
      { userId: 1, kind: 'counter-reset', detail: 'played 1010 → 3, racesPlayed +3: counted from the restart' },
    ]);
    expect(reset.counts).toMatchObject({ batches: 1, skipped: 0, resets: 0, joined: 0, left: 0 });
    expect(reset.memberships.map((x) => [x.userId, x.leftAt])).toEqual([[1, null]]);
    const next = applyPoll(
      s,
      team([m(1, { played: 7, racesPlayed: 5_007, typed: 2_100, errs: 21, secs: 420 })]),
      t('18:20'),
    )!;
    expect(next.batches.map((b) => [b.races, b.typed])).toEqual([[4, 1_200]]);
    expect(next.anomalies).toEqual([]);
  });

  it('treats a join stamp moved to before the previous poll as a bad reading', () => {
    const s = empty();
    applyPoll(s, team([m(1), m(2)]), t('18:00'));
    const c = applyPoll(s, team([m(1), m(2, { played: 0, joinStamp: new Date('2026-02-01T00:00:00Z') })]), t('18:10'))!;
    expect(c.counts).toMatchObject({ resets: 0, joined: 0, left: 0, skipped: 1 });
    expect(c.anomalies[0]).toMatchObject({ userId: 2, kind: 'bad-reading' });
    expect(s.current.get(2)!.joinStamp).toEqual(JOIN);
    expect(s.snapshots.get(2)!.played).toBe(10);
  });

  it('skips a member with an absurd jump for that poll and writes the rest of the team', () => {
    const s = empty();
    applyPoll(s, team([m(1), m(2)]), t('18:00'));
    const c = applyPoll(
      s,
      team([m(1, { played: 3_000_000_010 }), m(2, { played: 12, typed: 3_600, secs: 720 })]),
      t('18:10'),
    )!;
    expect(c.batches.map((b) => [b.userId, b.races])).toEqual([[2, 2]]);
    expect(c.anomalies).toEqual([{ userId: 1, kind: 'absurd', detail: 'played 10 → 3000000010' }]);
    expect(c.counts).toMatchObject({ skipped: 1, left: 0 });
    expect(s.snapshots.get(1)!.played).toBe(10);
    // Once the reading is sane again, the races since the baseline count.
    const next = applyPoll(
      s,
      team([m(1, { played: 13, typed: 3_900, secs: 780 }), m(2, { played: 12, typed: 3_600, secs: 720 })]),
      t('18:20'),
    )!;
    expect(next.batches.map((b) => [b.userId, b.races])).toEqual([[1, 3]]);
  });

  it('leaves a listed but unreadable member untouched', () => {
    const s = empty();
    applyPoll(s, team([m(1), m(2)]), t('18:00'));
    const c = applyPoll(s, team([m(1)], [{ index: 1, userId: 2, reason: 'played: bad' }]), t('18:10'))!;
    expect(c.counts.left).toBe(0);
    expect(c.snapshotsDeleted).toEqual([]);
    expect(s.current.has(2)).toBe(true);
  });

  it('ignores a poll older than the latest one applied', () => {
    const s = empty();
    applyPoll(s, team([m(1)]), t('18:20'));
    expect(applyPoll(s, team([m(1, { played: 1 })]), t('18:10'))).toBeNull();
    expect(s.snapshots.get(1)!.played).toBe(10);
  });

  it('records a role change as a change', () => {
    const s = empty();
    applyPoll(s, team([m(1)]), t('18:00'));
    const c = applyPoll(s, team([m(1, { role: 'officer' })]), t('18:10'))!;
    expect(c.changed).toBe(true);
    expect(s.current.get(1)!.role).toBe('officer');
  });
});
