/**
 * The permission matrix: every mutating staff endpoint (and the admin-only reads) called by an
 * anonymous visitor, the teamadmin of the team concerned (ALPHA), the teamadmin of another team
 * (BRAVO) and an admin. Every case starts from fresh records; a refused call must leave every
 * staff table exactly as it was, an allowed one must change something.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.js';
import { addBatches, addRacer, addTeam, dbKinds, testApp, type TestContext } from './helpers.js';
import { deviceKeys } from './push-receiver.js';
import { addUser, json, login } from './staff-helpers.js';

type Caller = 'anonymous' | 'teamadminOwn' | 'teamadminOther' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'teamadminOwn', 'teamadminOther', 'admin'];

interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
}

interface Case {
  name: string;
  /** Creates what the call works on; returns the request to send. */
  request: (db: Database) => Promise<Request>;
  expected: Record<Caller, number>;
  /** A read that changes nothing. */
  read?: boolean;
}

const ADMIN_ONLY = { anonymous: 401, teamadminOwn: 403, teamadminOther: 403, admin: 200 };
const OWN_TEAM = { anonymous: 401, teamadminOwn: 200, teamadminOther: 403, admin: 200 };
/** Calls that BRAVO's teamadmin (the other caller) may make and ALPHA's may not. */
const OTHER_TEAM = { anonymous: 401, teamadminOwn: 403, teamadminOther: 200, admin: 200 };
const BOTH_TEAMS = { anonymous: 401, teamadminOwn: 200, teamadminOther: 200, admin: 200 };
/** Public reads: everyone reads them, nobody changes anything. */
const PUBLIC_READ = { anonymous: 200, teamadminOwn: 200, teamadminOther: 200, admin: 200 };

/** Writes anyone may make for their own device (push subscriptions). */
const PUBLIC_WRITE = { anonymous: 200, teamadminOwn: 200, teamadminOther: 200, admin: 200 };

/** A browser's subscription keys (a point on P-256, a 16-byte secret). */
const DEVICE = deviceKeys();

/** A push subscription body for a fresh device on a real push service's address. */
function pushBody(choices: object) {
  return {
    username: null,
    passedBoard: null,
    passedScope: 'individual',
    eventEnded: false,
    requirementRisk: false,
    staffSummary: false,
    ...choices,
    subscription: {
      endpoint: `https://fcm.googleapis.com/fcm/send/${fresh('device')}`,
      keys: { p256dh: DEVICE.p256dh, auth: DEVICE.auth },
    },
  };
}

/** A device already subscribed (seen long ago); returns its endpoint. */
async function addPushDevice(db: Database): Promise<string> {
  const endpoint = `https://fcm.googleapis.com/fcm/send/${fresh('device')}`;
  await db.query(
    `INSERT INTO push_subscriptions (endpoint, p256dh, auth, app_origin, created_at, updated_at, seen_at)
     VALUES ($1, 'k', 'a', 'http://localhost', '2020-01-01', '2020-01-01', '2020-01-01')`,
    [endpoint],
  );
  return endpoint;
}

const FORM = {
  Title: 'E',
  Description: '',
  StartTime: '2026-03-01T00:00',
  EndTime: '2026-03-02T00:00',
  DefaultSort: 'Races',
};
const SETTINGS = {
  MinRaces: 1,
  QualifyingRaces: 2,
  RaceIncrement: 3,
  PayoutIncrement: 4,
  Cap: 5,
  AccBonus96: 1,
  AccBonus98: 1,
};

/** An event of `tags` owned by `owner` (the first tag unless given). */
async function addEvent(db: Database, tags: string[], owner = tags[0]): Promise<number> {
  const { rows } = await db.query<{ event_id: number }>(
    `INSERT INTO events (title, start_time, end_time, owner_tag) VALUES ('Fixture', '2026-03-01T06:00:00Z', '2026-03-02T06:00:00Z', $1) RETURNING event_id`,
    [owner],
  );
  for (const [i, tag] of tags.entries()) {
    await db.query('INSERT INTO event_teams (event_id, tag, position) VALUES ($1, $2, $3)', [rows[0].event_id, tag, i]);
  }
  return rows[0].event_id;
}

/**
 * An event of `tags` paying $5 a race, in which alf (ALPHA) raced 3 races: $15 of winnings. Alf
 * is unflagged first (the bot flag case flags him): a flagged racer has nothing to mark.
 */
const withPayoutBatch = new WeakSet<Database>();
async function addPaidEvent(db: Database, tags: string[], owner = tags[0]): Promise<number> {
  await db.query('DELETE FROM bot_flags WHERE user_id = 1');
  const id = await addEvent(db, tags, owner);
  await db.query('UPDATE events SET qualifying_races = 1, payout_increment = 5 WHERE event_id = $1', [id]);
  if (!withPayoutBatch.has(db)) {
    withPayoutBatch.add(db);
    await addBatches(db, [
      { userId: 1, tag: 'ALPHA', endTime: new Date('2026-03-01T12:00:00Z'), races: 3, typed: 900, errs: 9, secs: 90 },
    ]);
  }
  return id;
}

/** A webhook for ALPHA pointing at a closed local port: a test message fails at once, offline. */
async function addWebhook(db: Database): Promise<void> {
  await db.query(
    `INSERT INTO discord_webhooks (tag, url, updated_at, updated_by) VALUES ('ALPHA', 'http://127.0.0.1:9/api/webhooks/1/closed-port', now(), 'fixture')
     ON CONFLICT (tag) DO NOTHING`,
  );
}

let serial = 0;
const fresh = (prefix: string) => `${prefix}${++serial}`;

const CASES: Case[] = [
  {
    name: 'POST /api/users',
    expected: ADMIN_ONLY,
    request: async () => ({
      method: 'POST',
      url: '/api/users',
      payload: { username: fresh('new'), password: 'new-password-12' },
    }),
  },
  {
    name: 'PUT /api/users/{id} (edit)',
    expected: ADMIN_ONLY,
    request: async (db) => ({
      method: 'PUT',
      url: `/api/users/${await addUser(db, { username: fresh('u'), password: 'pw', role: 'teamadmin' })}`,
      payload: { username: fresh('renamed'), role: 'admin' },
    }),
  },
  {
    name: 'PUT /api/users/{id} (password)',
    expected: ADMIN_ONLY,
    request: async (db) => ({
      method: 'PUT',
      url: `/api/users/${await addUser(db, { username: fresh('u'), password: 'pw', role: 'teamadmin' })}`,
      payload: { password: 'changed-password' },
    }),
  },
  {
    name: 'DELETE /api/users/{id}',
    expected: ADMIN_ONLY,
    request: async (db) => ({
      method: 'DELETE',
      url: `/api/users/${await addUser(db, { username: fresh('u'), password: 'pw', role: 'teamadmin' })}`,
    }),
  },
  {
    name: 'POST /api/admin/events (own team)',
    expected: OWN_TEAM,
    request: async () => ({ method: 'POST', url: '/api/admin/events', payload: { ...FORM, TeamTag: 'alpha' } }),
  },
  {
    // Either teamadmin may create a shared event: their own team owns it.
    name: 'POST /api/admin/events (shared event, owned by the creator)',
    expected: BOTH_TEAMS,
    request: async () => ({ method: 'POST', url: '/api/admin/events', payload: { ...FORM, TeamTag: 'ALPHA BRAVO' } }),
  },
  {
    name: 'POST /api/admin/events (choosing BRAVO as owner)',
    expected: OTHER_TEAM,
    request: async () => ({
      method: 'POST',
      url: '/api/admin/events',
      payload: { ...FORM, TeamTag: 'ALPHA BRAVO', OwnerTag: 'BRAVO' },
    }),
  },
  {
    name: 'PUT /api/admin/events/{id} (form)',
    expected: OWN_TEAM,
    request: async (db) => ({
      method: 'PUT',
      url: `/api/admin/events/${await addEvent(db, ['ALPHA'])}`,
      payload: { ...FORM, Title: 'Changed', TeamTag: 'ALPHA' },
    }),
  },
  {
    name: 'PUT /api/admin/events/{id} (moving it to another team)',
    expected: ADMIN_ONLY,
    request: async (db) => ({
      method: 'PUT',
      url: `/api/admin/events/${await addEvent(db, ['ALPHA'])}`,
      payload: { ...FORM, TeamTag: 'BRAVO' },
    }),
  },
  {
    name: 'PUT /api/admin/events/{id} (form of a shared event owned by ALPHA)',
    expected: OWN_TEAM,
    request: async (db) => ({
      method: 'PUT',
      url: `/api/admin/events/${await addEvent(db, ['ALPHA', 'BRAVO'])}`,
      payload: { ...FORM, Title: 'Changed', TeamTag: 'ALPHA BRAVO' },
    }),
  },
  {
    name: 'PUT /api/admin/events/{id} (handing a shared event to BRAVO)',
    expected: ADMIN_ONLY,
    request: async (db) => ({
      method: 'PUT',
      url: `/api/admin/events/${await addEvent(db, ['ALPHA', 'BRAVO'])}`,
      payload: { ...FORM, TeamTag: 'ALPHA BRAVO', OwnerTag: 'BRAVO' },
    }),
  },
  {
    name: 'PUT /api/admin/events/{id} (pay-to-play of a shared event owned by ALPHA)',
    expected: OWN_TEAM,
    request: async (db) => ({
      method: 'PUT',
      url: `/api/admin/events/${await addEvent(db, ['ALPHA', 'BRAVO'])}`,
      payload: SETTINGS,
    }),
  },
  {
    name: 'PUT /api/admin/events/{id} (pay-to-play of a shared event owned by BRAVO)',
    expected: OTHER_TEAM,
    request: async (db) => ({
      method: 'PUT',
      url: `/api/admin/events/${await addEvent(db, ['ALPHA', 'BRAVO'], 'BRAVO')}`,
      payload: SETTINGS,
    }),
  },
  {
    name: 'PUT /api/admin/events/{id} (pay-to-play)',
    expected: OWN_TEAM,
    request: async (db) => ({
      method: 'PUT',
      url: `/api/admin/events/${await addEvent(db, ['ALPHA'])}`,
      payload: SETTINGS,
    }),
  },
  {
    name: 'PUT /api/admin/events/{id} (pay flagged racers, shared event owned by ALPHA)',
    expected: OWN_TEAM,
    request: async (db) => ({
      method: 'PUT',
      url: `/api/admin/events/${await addEvent(db, ['ALPHA', 'BRAVO'])}`,
      payload: { PayFlagged: true },
    }),
  },
  {
    name: 'DELETE /api/admin/events/{id}',
    expected: OWN_TEAM,
    request: async (db) => ({ method: 'DELETE', url: `/api/admin/events/${await addEvent(db, ['ALPHA'])}` }),
  },
  {
    name: 'DELETE /api/admin/events/{id} (shared event owned by ALPHA)',
    expected: OWN_TEAM,
    request: async (db) => ({ method: 'DELETE', url: `/api/admin/events/${await addEvent(db, ['ALPHA', 'BRAVO'])}` }),
  },
  {
    name: 'DELETE /api/admin/events/{id} (shared event owned by BRAVO)',
    expected: OTHER_TEAM,
    request: async (db) => ({
      method: 'DELETE',
      url: `/api/admin/events/${await addEvent(db, ['ALPHA', 'BRAVO'], 'BRAVO')}`,
    }),
  },
  {
    name: 'POST /api/update-member-squad (tag from the member)',
    expected: OWN_TEAM,
    request: async (db) => {
      await db.query('DELETE FROM squad_assignments');
      return { method: 'POST', url: '/api/update-member-squad', payload: { username: 'alf', squad: 'Mango' } };
    },
  },
  {
    name: 'POST /api/update-member-squad (tag sent)',
    expected: OWN_TEAM,
    request: async (db) => {
      await db.query(
        "INSERT INTO squad_assignments (tag, user_id, squad) VALUES ('ALPHA', 1, 'Fig') ON CONFLICT (tag, user_id) DO UPDATE SET squad = 'Fig'",
      );
      return {
        method: 'POST',
        url: '/api/update-member-squad',
        payload: { username: 'alf', squad: 'Unassigned', tag: 'ALPHA' },
      };
    },
  },
  {
    name: 'POST /api/update-custom-squad-name',
    expected: OWN_TEAM,
    request: async () => ({
      method: 'POST',
      url: '/api/update-custom-squad-name',
      payload: { tag: 'ALPHA', squad: 'Fig', customName: fresh('Figs') },
    }),
  },
  {
    name: 'POST /api/update-custom-squad-name (removing it)',
    expected: OWN_TEAM,
    request: async (db) => {
      await db.query(
        "INSERT INTO squad_names (tag, squad, custom_name) VALUES ('ALPHA', 'Peach', 'Peaches') ON CONFLICT (tag, squad) DO NOTHING",
      );
      return {
        method: 'POST',
        url: '/api/update-custom-squad-name',
        payload: { tag: 'ALPHA', squad: 'Peach', customName: '' },
      };
    },
  },
  {
    name: 'PUT /api/admin/bot-flags/{username}',
    expected: ADMIN_ONLY,
    request: async (db) => {
      await db.query('DELETE FROM bot_flags');
      return { method: 'PUT', url: '/api/admin/bot-flags/alf', payload: { bot: true } };
    },
  },
  {
    name: 'POST /api/admin/tracked-teams',
    expected: ADMIN_ONLY,
    request: async () => ({ method: 'POST', url: '/api/admin/tracked-teams', payload: { tag: fresh('NEW') } }),
  },
  {
    name: 'DELETE /api/admin/tracked-teams/{tag}',
    expected: ADMIN_ONLY,
    request: async (db) => {
      const tag = fresh('OLD');
      await addTeam(db, tag);
      return { method: 'DELETE', url: `/api/admin/tracked-teams/${tag}` };
    },
  },
  {
    name: 'POST /api/event-payouts/{id}/mark (paid)',
    expected: OWN_TEAM,
    request: async (db) => ({
      method: 'POST',
      url: `/api/event-payouts/${await addPaidEvent(db, ['ALPHA'])}/mark`,
      payload: { Username: 'alf', Paid: true, Amount: 15 },
    }),
  },
  {
    name: 'POST /api/event-payouts/{id}/mark (unpaid)',
    expected: OWN_TEAM,
    request: async (db) => {
      const id = await addPaidEvent(db, ['ALPHA']);
      await db.query(
        "INSERT INTO payout_marks (event_id, user_id, amount_cents, paid_at, paid_by) VALUES ($1, 1, 1500, now(), 'x')",
        [id],
      );
      return { method: 'POST', url: `/api/event-payouts/${id}/mark`, payload: { Username: 'alf', Paid: false } };
    },
  },
  {
    // alf races for ALPHA: in an event of both teams, BRAVO's teamadmin may not mark him.
    name: 'POST /api/event-payouts/{id}/mark (event of both teams)',
    expected: OWN_TEAM,
    request: async (db) => ({
      method: 'POST',
      url: `/api/event-payouts/${await addPaidEvent(db, ['ALPHA', 'BRAVO'])}/mark`,
      payload: { Username: 'alf', Paid: true, Amount: 15 },
    }),
  },
  {
    // The owner's teamadmin marks only their own racers too: alf is ALPHA's, the event BRAVO's.
    name: 'POST /api/event-payouts/{id}/mark (event of both teams owned by BRAVO)',
    expected: OWN_TEAM,
    request: async (db) => ({
      method: 'POST',
      url: `/api/event-payouts/${await addPaidEvent(db, ['ALPHA', 'BRAVO'], 'BRAVO')}/mark`,
      payload: { Username: 'alf', Paid: true, Amount: 15 },
    }),
  },
  {
    name: 'POST /api/event-payouts/{id}/mark (event of both teams, unpaid)',
    expected: OWN_TEAM,
    request: async (db) => {
      const id = await addPaidEvent(db, ['ALPHA', 'BRAVO']);
      await db.query(
        "INSERT INTO payout_marks (event_id, user_id, amount_cents, paid_at, paid_by) VALUES ($1, 1, 1500, now(), 'x')",
        [id],
      );
      return { method: 'POST', url: `/api/event-payouts/${id}/mark`, payload: { Username: 'alf', Paid: false } };
    },
  },
  {
    name: 'PUT /api/admin/discord',
    expected: OWN_TEAM,
    request: async () => ({
      method: 'PUT',
      url: '/api/admin/discord',
      payload: {
        tag: 'ALPHA',
        url: `https://discord.com/api/webhooks/123456789012/${fresh('token-abcdefgh')}`,
        eventStandings: true,
        dailyTop: false,
      },
    }),
  },
  {
    name: 'DELETE /api/admin/discord/{tag}',
    expected: OWN_TEAM,
    request: async (db) => {
      await addWebhook(db);
      return { method: 'DELETE', url: '/api/admin/discord/ALPHA' };
    },
  },
  {
    name: 'POST /api/admin/discord/test',
    expected: OWN_TEAM,
    request: async (db) => {
      await addWebhook(db);
      return { method: 'POST', url: '/api/admin/discord/test', payload: { tag: 'ALPHA' } };
    },
  },
  {
    name: 'GET /api/admin/discord',
    expected: OWN_TEAM,
    read: true,
    request: async () => ({ method: 'GET', url: '/api/admin/discord?tag=ALPHA' }),
  },
  {
    // Anyone may opt a device in; the staff summary needs a staff session (any team).
    name: 'PUT /api/push/subscription (staff summary)',
    expected: { anonymous: 401, teamadminOwn: 200, teamadminOther: 200, admin: 200 },
    request: async () => ({ method: 'PUT', url: '/api/push/subscription', payload: pushBody({ staffSummary: true }) }),
  },
  {
    name: 'PUT /api/push/subscription (personal)',
    expected: PUBLIC_WRITE,
    request: async () => ({
      method: 'PUT',
      url: '/api/push/subscription',
      payload: pushBody({ username: 'alf', eventEnded: true }),
    }),
  },
  {
    name: 'POST /api/push/subscription/remove',
    expected: PUBLIC_WRITE,
    request: async (db) => {
      const endpoint = await addPushDevice(db);
      return { method: 'POST', url: '/api/push/subscription/remove', payload: { endpoint } };
    },
  },
  {
    name: 'POST /api/push/seen',
    expected: PUBLIC_WRITE,
    request: async (db) => {
      const endpoint = await addPushDevice(db);
      return { method: 'POST', url: '/api/push/seen', payload: { endpoint } };
    },
  },
  {
    name: 'PUT /api/admin/requirement-settings',
    expected: OWN_TEAM,
    request: async () => ({
      method: 'PUT',
      url: '/api/admin/requirement-settings',
      payload: { tag: 'ALPHA', override: 100 + Number(fresh('')), strikeWeeks: 6, atRiskWeekday: 4 },
    }),
  },
  {
    name: 'GET /api/admin/requirement-settings',
    expected: OWN_TEAM,
    read: true,
    request: async () => ({ method: 'GET', url: '/api/admin/requirement-settings?tag=ALPHA' }),
  },
  {
    name: 'GET /api/requirement-strikes',
    expected: PUBLIC_READ,
    read: true,
    request: async () => ({ method: 'GET', url: '/api/requirement-strikes?tag=ALPHA' }),
  },
  {
    name: 'GET /api/users',
    expected: ADMIN_ONLY,
    read: true,
    request: async () => ({ method: 'GET', url: '/api/users' }),
  },
  {
    name: 'GET /api/admin/bot-flags',
    expected: ADMIN_ONLY,
    read: true,
    request: async () => ({ method: 'GET', url: '/api/admin/bot-flags' }),
  },
  {
    name: 'GET /api/admin/tracked-teams',
    expected: ADMIN_ONLY,
    read: true,
    request: async () => ({ method: 'GET', url: '/api/admin/tracked-teams' }),
  },
  // Public reads of team data (the Health view): the same answer for everyone, nothing written.
  {
    name: 'GET /api/roster-health',
    expected: PUBLIC_READ,
    read: true,
    request: async () => ({ method: 'GET', url: '/api/roster-health?tag=ALPHA' }),
  },
  {
    name: 'GET /api/membership-log',
    expected: PUBLIC_READ,
    read: true,
    request: async () => ({ method: 'GET', url: '/api/membership-log?tag=ALPHA' }),
  },
  {
    name: 'GET /api/admin/audit-log',
    expected: ADMIN_ONLY,
    read: true,
    request: async () => ({ method: 'GET', url: '/api/admin/audit-log' }),
  },
  {
    name: 'GET /api/racer-bests',
    expected: PUBLIC_READ,
    read: true,
    request: async () => ({ method: 'GET', url: '/api/racer-bests?username=alf' }),
  },
  {
    name: 'GET /api/racer-compare',
    expected: PUBLIC_READ,
    read: true,
    request: async () => ({ method: 'GET', url: '/api/racer-compare?a=alf&b=bea&from=2026-03-01&to=2026-03-07' }),
  },
  {
    name: 'GET /api/hall-of-fame',
    expected: PUBLIC_READ,
    read: true,
    request: async () => ({ method: 'GET', url: '/api/hall-of-fame?period=week' }),
  },
  {
    name: 'GET /api/racer-awards',
    expected: PUBLIC_READ,
    read: true,
    request: async () => ({ method: 'GET', url: '/api/racer-awards?username=alf' }),
  },
  {
    name: 'GET /api/free-agents',
    expected: PUBLIC_READ,
    read: true,
    request: async () => ({ method: 'GET', url: '/api/free-agents' }),
  },
];

/** Every staff-managed table, as text, to compare before and after a call. */
async function snapshot(db: Database): Promise<string> {
  const parts = await Promise.all([
    db.query('SELECT id, username, role, user_id, team_tag, password_hash FROM users ORDER BY id'),
    db.query('SELECT id_hash, user_id FROM sessions ORDER BY id_hash'),
    db.query('SELECT * FROM events ORDER BY event_id'),
    db.query('SELECT * FROM event_teams ORDER BY event_id, tag'),
    db.query('SELECT * FROM squad_assignments ORDER BY tag, user_id'),
    db.query('SELECT * FROM squad_names ORDER BY tag, squad'),
    db.query('SELECT user_id FROM bot_flags ORDER BY user_id'),
    db.query('SELECT tag, tracked FROM teams ORDER BY tag'),
    db.query('SELECT id FROM audit_log ORDER BY id'),
    db.query('SELECT * FROM payout_marks ORDER BY event_id, user_id'),
    db.query('SELECT tag, url, event_standings, daily_top FROM discord_webhooks ORDER BY tag'),
    db.query('SELECT id, status FROM discord_outbox ORDER BY id'),
    db.query('SELECT id, endpoint, staff_user, seen_at FROM push_subscriptions ORDER BY id'),
    db.query('SELECT * FROM team_requirement_settings ORDER BY tag'),
  ]);
  return JSON.stringify(parts.map((p) => p.rows));
}

describe.each(dbKinds)('permission matrix on %s', (kind) => {
  let t: TestContext;
  const cookies: Partial<Record<Caller, string>> = {};

  beforeAll(async () => {
    t = await testApp(kind);
    await addTeam(t.db, 'ALPHA');
    await addTeam(t.db, 'BRAVO');
    await addRacer(t.db, { userId: 1, username: 'alf', tag: 'ALPHA' });
    await addRacer(t.db, { userId: 2, username: 'bea', tag: 'BRAVO' });
    // A teamadmin's team is the admin's grant (users.team_tag), whatever team their racer is on.
    await addUser(t.db, { username: 'captA', password: 'pw-captA', role: 'teamadmin', teamTag: 'ALPHA', userID: '2' });
    await addUser(t.db, { username: 'captB', password: 'pw-captB', role: 'teamadmin', teamTag: 'BRAVO', userID: '1' });
    await addUser(t.db, { username: 'root', password: 'pw-root', role: 'admin' });
    cookies.teamadminOwn = await login(t.app, 'captA', 'pw-captA');
    cookies.teamadminOther = await login(t.app, 'captB', 'pw-captB');
    cookies.admin = await login(t.app, 'root', 'pw-root');
  });
  afterAll(() => t.close());

  it("knows each teamadmin's team", async () => {
    const team = async (c: Caller) =>
      (await t.app.inject({ url: '/api/my-team-tag', headers: { cookie: cookies[c]! } })).json().teamTag;
    expect(await team('teamadminOwn')).toBe('ALPHA');
    expect(await team('teamadminOther')).toBe('BRAVO');
  });

  describe.each(CASES)('$name', (c) => {
    it.each(CALLERS)('as %s', async (caller) => {
      const req = await c.request(t.db);
      const before = await snapshot(t.db);
      const cookie = cookies[caller];
      const res = await t.app.inject({
        method: req.method,
        url: req.url,
        headers: { ...(req.payload ? json(cookie) : cookie ? { cookie } : {}) },
        ...(req.payload ? { payload: req.payload } : {}),
      });
      expect(res.statusCode, res.body).toBe(c.expected[caller]);
      const after = await snapshot(t.db);
      if (res.statusCode >= 400) {
        expect(res.json().error).toEqual(expect.any(String));
        expect(after).toBe(before);
      } else if (!c.read) {
        expect(after).not.toBe(before);
      }
    });
  });

  it('refuses an anonymous caller before looking at the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/events',
      headers: json(),
      payload: { nonsense: true },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Login required' });
  });

  it('a demoted admin loses admin rights at once, without logging in again', async () => {
    const id = await addUser(t.db, { username: 'temp', password: 'pw-temp', role: 'admin' });
    const cookie = await login(t.app, 'temp', 'pw-temp');
    expect((await t.app.inject({ url: '/api/users', headers: { cookie } })).statusCode).toBe(200);
    await t.db.query("UPDATE users SET role = 'teamadmin' WHERE id = $1", [id]);
    expect((await t.app.inject({ url: '/api/users', headers: { cookie } })).statusCode).toBe(403);
  });
});
