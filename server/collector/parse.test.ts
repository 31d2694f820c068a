import { describe, expect, it } from 'vitest';
import { parseTeamBody } from './parse.js';

function member(over: Record<string, unknown> = {}) {
  return {
    userID: 101,
    username: 'speedy',
    displayName: 'Speedy',
    played: 120,
    racesPlayed: 5000,
    typed: 60_000,
    errs: 900,
    secs: 12_000,
    avgSpeed: 61.5,
    highestSpeed: 90,
    joinStamp: 1_767_225_600,
    lastActivity: 0,
    lastLogin: 0,
    role: 'member',
    membership: 'gold',
    title: '',
    carID: 1,
    carHueAngle: 0,
    status: 'active',
    ...over,
  };
}

function body(members: unknown[], info: Record<string, unknown> = {}) {
  return JSON.stringify({
    status: 'OK',
    results: {
      info: {
        teamID: 77,
        userID: 101,
        username: 'speedy',
        displayName: 'Speedy',
        tag: 'ALPHA',
        tagColor: '#ff0000',
        name: 'Alpha Team',
        minLevel: 1,
        minRaces: 100,
        minSpeed: 40,
        autoRemove: 0,
        otherRequirements: 'Be nice',
        members: members.length,
        createdStamp: 1_700_000_000,
        lastActivity: 0,
        profileViews: 3,
        enrollment: 'open',
        ...info,
      },
      counts: { pending: 0, member: members.length, invite: 0 },
      members,
      stats: [],
      motd: null,
    },
  });
}

describe('parseTeamBody', () => {
  it('parses team info and members', () => {
    const r = parseTeamBody(body([member()]), 'alpha');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.team.info).toEqual({
      teamId: 77,
      tag: 'ALPHA',
      name: 'Alpha Team',
      tagColor: '#ff0000',
      captainUsername: 'speedy',
      captainDisplayName: 'Speedy',
      minRaces: 100,
      minSpeed: 40,
      otherRequirements: 'Be nice',
      createdStamp: new Date(1_700_000_000_000),
    });
    expect(r.team.members).toEqual([
      {
        userId: 101,
        username: 'speedy',
        displayName: 'Speedy',
        played: 120,
        racesPlayed: 5000,
        typed: 60_000,
        errs: 900,
        secs: 12_000,
        avgSpeed: 61.5,
        highestSpeed: 90,
        joinStamp: new Date(1_767_225_600_000),
        role: 'member',
        gameStatus: null,
      },
    ]);
    expect(r.team.skipped).toEqual([]);
    expect(r.team.duplicates).toEqual([]);
  });

  it('accepts numbers sent as strings', () => {
    const r = parseTeamBody(
      body([member({ userID: '101', played: '120', typed: ' 60000 ', avgSpeed: '61.5', joinStamp: '1767225600' })], {
        teamID: '77',
        createdStamp: '1700000000',
      }),
      'ALPHA',
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.team.members[0]).toMatchObject({
      userId: 101,
      played: 120,
      typed: 60_000,
      avgSpeed: 61.5,
      joinStamp: new Date(1_767_225_600_000),
    });
    expect(r.team.info.teamId).toBe(77);
    expect(r.team.info.createdStamp).toEqual(new Date(1_700_000_000_000));
  });

  it('treats an empty, blank or null display name as null', () => {
    const r = parseTeamBody(
      body(
        [
          member({ displayName: '' }),
          member({ userID: 2, username: 'b', displayName: null }),
          member({ userID: 3, username: 'c', displayName: '   ' }),
          member({ userID: 4, username: 'd', displayName: undefined }),
        ],
        { displayName: '' },
      ),
      'ALPHA',
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.team.members.map((m) => m.displayName)).toEqual([null, null, null, null]);
    expect(r.team.info.captainDisplayName).toBeNull();
  });

  it('strips control characters and lone surrogates from every text it keeps', () => {
    const r = parseTeamBody(
      body(
        [
          member({
            username: 'spee\u0000dy\u007f',
            displayName: '\u0000Sp\u0001ee\u009fdy\tthe\r\nfast\udc00',
            role: 'offi\u0000cer',
            status: 'ban\u0000ned',
          }),
          // Nothing left once cleaned: a blank display name is null; a blank username skips the member.
          member({ userID: 2, username: 'two', displayName: '\u0000\u0008\u001f' }),
          member({ userID: 3, username: '\u0000\u0007' }),
          // A surrogate pair (an emoji) is kept whole.
          member({ userID: 4, username: 'four', displayName: 'Go \ud83d\ude80\ud83d' }),
        ],
        {
          username: 'spee\u0000dy',
          displayName: 'Sp\u0000eedy',
          tag: 'AL\u0000PHA',
          tagColor: '#ff\u00000000',
          name: 'Alpha\u0000 Team\u009b',
          otherRequirements: 'Be\u0000 nice\u0085please',
        },
      ),
      'ALPHA',
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.team.members.map((m) => [m.userId, m.username, m.displayName, m.role, m.gameStatus])).toEqual([
      [101, 'speedy', 'Speedy the fast', 'officer', 'banned'],
      [2, 'two', null, 'member', null],
      [4, 'four', 'Go \ud83d\ude80', 'member', null],
    ]);
    expect(r.team.skipped).toEqual([
      { index: 2, userId: 3, reason: 'username: Too small: expected string to have >=1 characters' },
    ]);
    expect(r.team.info).toMatchObject({
      tag: 'ALPHA',
      tagColor: '#ff0000',
      name: 'Alpha Team',
      captainUsername: 'speedy',
      captainDisplayName: 'Speedy',
      otherRequirements: 'Be nice please',
    });
  });

  it('skips members missing a required field, keeping the id when it is readable', () => {
    const r = parseTeamBody(
      body([
        member(),
        member({ userID: undefined, username: 'noid' }),
        member({ userID: 5, username: '' }),
        member({ userID: 6, username: 'x', played: 'lots' }),
        member({ userID: 7, username: 'neg', typed: -1 }),
      ]),
      'ALPHA',
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.team.members.map((m) => m.userId)).toEqual([101]);
    expect(r.team.skipped.map((s) => [s.index, s.userId])).toEqual([
      [1, null],
      [2, 5],
      [3, 6],
      [4, 7],
    ]);
    expect(r.team.skipped[0].reason).toMatch(/userID/);
    expect(r.team.skipped[2].reason).toMatch(/played/);
  });

  it('keeps one copy of a member listed twice: the most advanced, whatever the order', () => {
    const old = member({ played: 118, racesPlayed: 4_990, typed: 59_400 });
    const cur = member({ played: 120, racesPlayed: 5_000 });
    for (const list of [
      [old, cur],
      [cur, old],
    ]) {
      const r = parseTeamBody(body([...list, member({ userID: 102, username: 'other' })]), 'ALPHA');
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.team.members.map((m) => [m.userId, m.played])).toEqual([
        [101, 120],
        [102, 120],
      ]);
      expect(r.team.duplicates).toEqual([{ userId: 101, copies: 2 }]);
      expect(r.team.skipped).toEqual([]);
    }
    // After a rejoin the old copy has more team races, the current one the later join and more lifetime races.
    const before = member({ played: 300, racesPlayed: 5_000, joinStamp: 1_767_225_600 });
    const after = member({ played: 2, racesPlayed: 5_002, joinStamp: 1_773_000_000 });
    const r = parseTeamBody(body([after, before]), 'ALPHA');
    expect(r.ok && r.team.members.map((m) => m.played)).toEqual([2]);
  });

  it('skips a second member with a username already held by another id', () => {
    const r = parseTeamBody(body([member(), member({ userID: 555 })]), 'ALPHA');
    expect(r.ok && r.team.members.map((m) => m.userId)).toEqual([101]);
    expect(r.ok && r.team.skipped).toEqual([{ index: 1, userId: 555, reason: 'duplicate username' }]);
  });

  it('skips a member with an absurd counter and keeps the rest', () => {
    const r = parseTeamBody(body([member({ typed: 1e19 }), member({ userID: 102, username: 'other' })]), 'ALPHA');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.team.members.map((m) => m.userId)).toEqual([102]);
    expect(r.team.skipped).toEqual([{ index: 0, userId: 101, reason: 'absurd counter typed: 10000000000000000000' }]);
  });

  it('reads the game status: banned and warned kept, active or unknown as null', () => {
    const statuses = ['banned', 'WARNED', 'active', 'zzz', undefined];
    const r = parseTeamBody(
      body(statuses.map((status, i) => member({ userID: 200 + i, username: `u${i}`, status }))),
      'ALPHA',
    );
    expect(r.ok && r.team.members.map((m) => m.gameStatus)).toEqual(['banned', 'warned', null, null, null]);
  });

  it('rounds a fractional counter and keeps a missing speed as null', () => {
    const r = parseTeamBody(
      body([member({ secs: 12_000.4, avgSpeed: null, highestSpeed: 'n/a', joinStamp: 0, role: null })]),
      'ALPHA',
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.team.members[0]).toMatchObject({
      secs: 12_000,
      avgSpeed: null,
      highestSpeed: null,
      joinStamp: null,
      role: null,
    });
  });

  it('fails on an HTML challenge page', () => {
    expect(parseTeamBody('<!DOCTYPE html><html><title>Just a moment...</title></html>', 'ALPHA')).toMatchObject({
      ok: false,
      reason: 'html',
    });
  });

  it('fails on truncated JSON', () => {
    const text = body([member()]);
    expect(parseTeamBody(text.slice(0, text.length / 2), 'ALPHA')).toMatchObject({ ok: false, reason: 'json' });
    expect(parseTeamBody('', 'ALPHA')).toMatchObject({ ok: false, reason: 'json' });
  });

  it('fails on a FAIL status with the game’s message', () => {
    const r = parseTeamBody(JSON.stringify({ status: 'FAIL', data: { message: 'Team not found' } }), 'ALPHA');
    expect(r).toEqual({ ok: false, reason: 'status', message: 'Status FAIL: Team not found' });
    expect(parseTeamBody('{"results":{}}', 'ALPHA')).toMatchObject({ ok: false, reason: 'status' });
    expect(parseTeamBody('null', 'ALPHA')).toMatchObject({ ok: false, reason: 'status' });
  });

  it('fails when the members list is missing, empty or wholly unusable', () => {
    expect(parseTeamBody(JSON.stringify({ status: 'OK', results: { info: {} } }), 'ALPHA')).toMatchObject({
      ok: false,
      reason: 'shape',
    });
    expect(parseTeamBody(body([]), 'ALPHA')).toMatchObject({
      ok: false,
      reason: 'shape',
      message: 'Empty member list',
    });
    expect(parseTeamBody(body([{ foo: 1 }, 'x']), 'ALPHA')).toMatchObject({ ok: false, reason: 'shape' });
  });

  it('fails when the answer is for another team', () => {
    expect(parseTeamBody(body([member()], { tag: 'BETA' }), 'ALPHA')).toMatchObject({ ok: false, reason: 'tag' });
  });
});
