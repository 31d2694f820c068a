import { describe, expect, it } from 'vitest';
import type { ParsedMember, ParsedTeam } from './parse.js';
import { applyPoll, type TeamState } from './team-state.js';

const JOIN = new Date('2026-01-01T00:00:00Z');

function m(userId: number, over: Partial<ParsedMember> = {}): ParsedMember {
  return {
    userId, username: `user${userId}`, displayName: `User ${userId}`, played: 10, racesPlayed: 100, typed: 3_000, errs: 30, secs: 600,
    avgSpeed: 60, highestSpeed: 80, joinStamp: JOIN, role: 'member', ...over,
  };
}

function team(members: ParsedMember[], skipped: ParsedTeam['skipped'] = []): ParsedTeam {
  return {
    info: { teamId: 1, tag: 'ALPHA', name: 'Alpha', tagColor: null, captainUsername: 'user1', captainDisplayName: null, minRaces: null, minSpeed: null, otherRequirements: null, createdStamp: null },
    members,
    skipped,
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
    expect(c.memberships.map((x) => [x.userId, x.id, x.firstSeen, x.leftAt])).toEqual([[1, null, t('18:00'), null], [2, null, t('18:00'), null]]);
    expect([...s.snapshots.keys()]).toEqual([1, 2]);
    expect(c.racers.map((r) => r.username)).toEqual(['user1', 'user2']);
  });

  it('writes one batch per racing member, with the member’s display name', () => {
    const s = empty();
    applyPoll(s, team([m(1), m(2)]), t('18:00'));
    const c = applyPoll(s, team([m(1, { played: 12, racesPlayed: 102, typed: 3_600, errs: 36, secs: 720, displayName: null }), m(2)]), t('18:10'))!;
    expect(c.batches).toEqual([
      { userId: 1, tag: 'ALPHA', endTime: t('18:10'), races: 2, lifetimeRaces: 2, typed: 600, errs: 6, secs: 120, displayName: null },
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

  it('starts a new membership and baseline when the join stamp changed (left and rejoined between polls)', () => {
    const s = empty();
    applyPoll(s, team([m(1)]), t('18:00'));
    const first = s.current.get(1)!;
    const c = applyPoll(s, team([m(1, { played: 11, joinStamp: new Date('2026-03-10T18:05:00Z') })]), t('18:10'))!;
    expect(c.batches).toEqual([]);
    expect(c.counts).toMatchObject({ resets: 1, joined: 1, left: 1 });
    expect(first.leftAt).toEqual(t('18:10'));
    expect(s.current.get(1)).not.toBe(first);
    expect(c.memberships).toHaveLength(2);
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
