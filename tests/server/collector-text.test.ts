/**
 * Text from the game that PostgreSQL or JSON refuse (NUL, other control characters, lone
 * surrogates) is stripped by the collector's reader, so one member's odd display name never stops
 * the team's write: every member is recorded, on both databases. Bidi controls (U+202E...) are
 * stripped too, so no name reverses the text shown after it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePoll, recordFailure } from '../../server/collector/write-poll.js';
import type { Database } from '../../server/db/database.js';
import { teamBody, type MemberSpec } from './collector-helpers.js';
import { dbKinds, freshDatabase, TEST_TZ } from './helpers.js';

const J = 1_767_225_600; // 2026-01-01T00:00:00Z

const ivy: MemberSpec = { userID: 31, username: 'ivy', displayName: 'Ivy', played: 10, racesPlayed: 100, joinStamp: J };
const jon: MemberSpec = {
  userID: 32,
  username: 'jon',
  // NUL, BEL, ESC, DEL, a C1 control (U+0085 NEL is a line break: a space), U+009B, a lone surrogate.
  displayName: 'J\u0000o\u0007n\u001b \u007fthe\u0085great\u009b\ud800',
  played: 20,
  racesPlayed: 200,
  joinStamp: J,
  role: 'officer',
};
const kim: MemberSpec = { userID: 33, username: 'kim', displayName: 'Kim', played: 30, racesPlayed: 300, joinStamp: J };

describe.each(dbKinds)('collector text on %s', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await freshDatabase(kind);
  });
  afterAll(() => db.close());

  it('records every member when one display name holds NUL and other control characters', async () => {
    const body = teamBody('TXT', [ivy, jon, kim], {
      name: 'Team\u0000 Text',
      otherRequirements: 'Race\u0000 daily\u0001',
      username: 'ivy',
      displayName: 'Ivy\u0000',
    });
    const r = await writePoll(db, { tag: 'TXT', at: new Date('2026-03-10T18:00:20Z'), httpStatus: 200, body }, TEST_TZ);
    expect(r).toMatchObject({ ok: true, stale: false, members: 3, firstSightings: 3, skipped: 0 });

    const racers = await db.query<{ user_id: number; username: string; display_name: string }>(
      'SELECT user_id, username, display_name FROM racers ORDER BY user_id',
    );
    expect(racers.rows.map((x) => [Number(x.user_id), x.username, x.display_name])).toEqual([
      [31, 'ivy', 'Ivy'],
      [32, 'jon', 'Jon the great'],
      [33, 'kim', 'Kim'],
    ]);
    const snaps = await db.query<{ user_id: number; display_name: string }>(
      'SELECT user_id, display_name FROM member_snapshots ORDER BY user_id',
    );
    expect(snaps.rows.map((x) => [Number(x.user_id), x.display_name])).toEqual([
      [31, 'Ivy'],
      [32, 'Jon the great'],
      [33, 'Kim'],
    ]);
    const open = await db.query<{ user_id: number; role: string }>(
      'SELECT user_id, role FROM memberships WHERE left_at IS NULL ORDER BY user_id',
    );
    expect(open.rows.map((x) => [Number(x.user_id), x.role])).toEqual([
      [31, 'member'],
      [32, 'officer'],
      [33, 'member'],
    ]);
    const team = await db.query('SELECT name, other_requirements, captain_display_name FROM teams WHERE tag = $1', [
      'TXT',
    ]);
    expect(team.rows).toEqual([{ name: 'Team Text', other_requirements: 'Race daily', captain_display_name: 'Ivy' }]);
  });

  it('counts the next poll’s races of every member, the cleaned name on the batch', async () => {
    const body = teamBody('TXT', [
      { ...ivy, played: 11, racesPlayed: 101 },
      { ...jon, played: 22, racesPlayed: 202 },
      kim,
    ]);
    const r = await writePoll(db, { tag: 'TXT', at: new Date('2026-03-10T18:10:20Z'), httpStatus: 200, body }, TEST_TZ);
    expect(r).toMatchObject({ ok: true, batches: 2, skipped: 0 });
    const b = await db.query<{ user_id: number; races: number; display_name: string }>(
      'SELECT user_id, races, display_name FROM batches ORDER BY user_id',
    );
    expect(b.rows.map((x) => [Number(x.user_id), x.races, x.display_name])).toEqual([
      [31, 1, 'Ivy'],
      [32, 2, 'Jon the great'],
    ]);
  });

  it('keeps a failed answer holding a raw NUL for diagnosis, the NUL replaced', async () => {
    await recordFailure(db, {
      tag: 'TXT',
      at: new Date('2026-03-10T18:20:20Z'),
      httpStatus: 200,
      error: 'json: Bad control character \u0000 in string literal',
      body: '{"status":"OK","x":"a\u0000b"}',
    });
    const f = await db.query('SELECT error, body FROM failed_responses WHERE tag = $1', ['TXT']);
    expect(f.rows).toEqual([
      {
        error: 'json: Bad control character \ufffd in string literal',
        body: '{"status":"OK","x":"a\ufffdb"}',
      },
    ]);
  });

  it('strips bidi controls from display names and team texts, keeping emoji joiners', async () => {
    const J2 = J + 86_400;
    const eve: MemberSpec = {
      userID: 41,
      username: 'eve',
      // RLO: "Eve‮gnp.exe" would show as "Eveexe.png"; then every other kind of bidi control.
      displayName: 'Eve\u202egnp.exe \u202aL\u202bR\u202cP\u202dO\u2066i\u2067r\u2068f\u2069\u200e\u200f\u061c',
      played: 5,
      racesPlayed: 50,
      joinStamp: J2,
    };
    const dev: MemberSpec = {
      userID: 42,
      username: 'dev',
      displayName: '👩‍💻 Dev',
      played: 6,
      racesPlayed: 60,
      joinStamp: J2,
    };
    const body = teamBody('BIDI', [eve, dev], { name: 'Team \u202eBidi', otherRequirements: '\u2067Race\u2069 daily' });
    const r = await writePoll(
      db,
      { tag: 'BIDI', at: new Date('2026-03-10T18:30:20Z'), httpStatus: 200, body },
      TEST_TZ,
    );
    expect(r).toMatchObject({ ok: true, members: 2, firstSightings: 2, skipped: 0 });
    const racers = await db.query<{ user_id: number; display_name: string }>(
      'SELECT user_id, display_name FROM racers WHERE user_id IN (41, 42) ORDER BY user_id',
    );
    expect(racers.rows.map((x) => [Number(x.user_id), x.display_name])).toEqual([
      [41, 'Evegnp.exe LRPOirf'],
      [42, '👩‍💻 Dev'],
    ]);
    const team = await db.query('SELECT name, other_requirements, captain_display_name FROM teams WHERE tag = $1', [
      'BIDI',
    ]);
    expect(team.rows).toEqual([
      { name: 'Team Bidi', other_requirements: 'Race daily', captain_display_name: 'Evegnp.exe LRPOirf' },
    ]);
  });
});
