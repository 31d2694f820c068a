/**
 * Web push end to end against a local push service: what a device saves (endpoints only on known
 * push services or the test's origin, browser-made keys, no secret in any answer), the messages
 * queued after a poll (someone passed me, an event ended, the weekly requirement at risk, the
 * staff summary), each sent once with a VAPID signature the receiver verifies and a payload it
 * decrypts with the keys the test made, the badge count, the daily cap, and 404/410 removing the
 * device.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueuePush } from '../../server/db/push-repo.js';
import { deliverDuePush } from '../../server/push/deliver-push.js';
import { enqueuePushDue } from '../../server/push/enqueue-push.js';
import { addBatches, addRacer, addTeam, dbKinds, testApp, TEST_TZ, type TestContext } from './helpers.js';
import {
  decryptPush,
  deviceKeys,
  startPushReceiver,
  verifyVapid,
  type DeviceKeys,
  type PushReceiver,
} from './push-receiver.js';
import { addUser, json, login } from './staff-helpers.js';

const SITE = 'https://stats.example.org';
const CONTACT = 'mailto:captain@example.org';
// Saturday 14 March 2026, 11:00 in Chicago (CDT): the last day of the site week that began on Sunday the 8th.
const T0 = new Date('2026-03-14T16:00:00Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);
/** 65 bytes starting 0x04, as a P-256 key is, but not a point on the curve. */
const OFF_CURVE = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url');

describe.each(dbKinds)('web push on %s', (kind) => {
  let t: TestContext;
  let receiver: PushReceiver;
  let publicKey = '';
  let clock = T0;
  const logged: unknown[] = [];
  const log = { info: (o: object) => logged.push(o), warn: (o: object) => logged.push(o) };
  const alf = deviceKeys();
  const admin = deviceKeys();
  const gone = deviceKeys();

  const endpointOf = (name: string) => `${receiver.origin}/push/${name}-device-3f9a2c`;
  const save = (name: string, keys: DeviceKeys, choices: object, cookie?: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/push/subscription',
      headers: json(cookie),
      payload: {
        username: null,
        passedBoard: null,
        passedScope: 'individual',
        eventEnded: false,
        requirementRisk: false,
        staffSummary: false,
        ...choices,
        subscription: { endpoint: endpointOf(name), keys: { p256dh: keys.p256dh, auth: keys.auth } },
      },
    });
  const poll = async (at: Date) => {
    clock = at;
    return enqueuePushDue(t.db, { now: at, tz: TEST_TZ });
  };
  const deliver = () => deliverDuePush(t.db, { now: () => clock, log, subject: CONTACT });
  /** The decrypted payloads of the posts received since `from`, for `device`. */
  const opened = (from: number, keys: DeviceKeys) =>
    receiver.posts.slice(from).map((p) => {
      const claims = verifyVapid(p.headers.authorization, publicKey);
      expect(claims.aud).toBe(receiver.origin);
      expect(claims.sub).toBe(CONTACT);
      expect(claims.exp * 1000).toBeGreaterThan(Date.now());
      expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
      expect(p.headers['content-encoding']).toBe('aes128gcm');
      expect(p.headers.ttl).toBe('86400');
      return JSON.parse(decryptPush(p.body, keys)) as {
        web_push: number;
        notification: { title: string; body: string; navigate: string };
        app_badge: string;
      };
    });

  beforeAll(async () => {
    receiver = await startPushReceiver();
    t = await testApp(kind, T0, { siteUrl: SITE, pushServiceOrigins: [receiver.origin], pushContact: CONTACT });
    await addTeam(t.db, 'ALPHA', { weekly_requirement: 50 });
    await addTeam(t.db, 'BRAVO');
    await addRacer(t.db, { userId: 1, username: 'alf', tag: 'ALPHA' });
    await addRacer(t.db, { userId: 2, username: 'bea', tag: 'ALPHA' });
    await addRacer(t.db, { userId: 3, username: 'cat', tag: 'BRAVO' });
    // An ALPHA event paying $5 a race from the first race; alf raced 3, bea 1.
    await t.db.query(
      `INSERT INTO events (event_id, title, start_time, end_time, qualifying_races, payout_increment)
       VALUES (7, 'Spring Cup', '2026-03-13T12:00:00Z', '2026-03-14T12:00:00Z', 1, 5)`,
    );
    await t.db.query("INSERT INTO event_teams (event_id, tag, position) VALUES (7, 'ALPHA', 0)");
    const batch = (userId: number, endTime: string, races: number) => ({
      userId,
      tag: 'ALPHA',
      endTime: new Date(endTime),
      races,
      typed: races * 250,
      errs: races * 2,
      secs: races * 60,
    });
    await addBatches(t.db, [
      batch(1, '2026-03-13T18:00:00Z', 3),
      batch(2, '2026-03-13T18:00:00Z', 1),
      batch(1, '2026-03-14T14:00:00Z', 17),
      batch(2, '2026-03-14T14:00:00Z', 4),
    ]);
    await addUser(t.db, { username: 'root', password: 'pw-root-123', role: 'admin' });
    publicKey = (await t.app.inject({ url: '/api/push/key' })).json<{ publicKey: string }>().publicKey;
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('makes one VAPID key pair, keeps it, and gives out only its public half', async () => {
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect((await t.app.inject({ url: '/api/push/key' })).json()).toEqual({ publicKey });
    const { rows } = await t.db.query<{ secret: string }>(
      "SELECT secret FROM server_secrets WHERE name = 'vapid-keys'",
    );
    const stored = JSON.parse(rows[0].secret) as { publicKey: string; privateKey: string };
    expect(stored.publicKey).toBe(publicKey);
    expect((await t.app.inject({ url: '/api/push/key' })).body).not.toContain(stored.privateKey);
  });

  it('refuses endpoints outside the push services, bad keys and missing choices, storing nothing', async () => {
    const base = {
      username: 'alf',
      passedBoard: '24hour',
      passedScope: 'individual',
      eventEnded: false,
      requirementRisk: false,
      staffSummary: false,
    };
    const keys = { p256dh: alf.p256dh, auth: alf.auth };
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/push/subscription', headers: json(), payload });
    for (const endpoint of [
      'https://evil.example.com/push/1',
      'https://fcm.googleapis.com.evil.org/fcm/send/1',
      'http://fcm.googleapis.com/fcm/send/1',
      'https://fcm.googleapis.com:8443/fcm/send/1',
      'https://push.apple.com.evil.org/3/device/1',
      'http://127.0.0.1:9/push/1',
      'not a url',
    ]) {
      const res = await put({ ...base, subscription: { endpoint, keys } });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().error).toMatch(/endpoint/);
    }
    const ok = { endpoint: endpointOf('x'), keys };
    expect((await put({ ...base, subscription: { ...ok, keys: { ...keys, p256dh: 'AAAA' } } })).statusCode).toBe(400);
    // The right length and first byte, but not a point on the curve: no message could be encrypted for it.
    const offCurve = await put({ ...base, subscription: { ...ok, keys: { ...keys, p256dh: OFF_CURVE } } });
    expect(offCurve.statusCode).toBe(400);
    expect(offCurve.json()).toEqual({ error: 'keys.p256dh must be a P-256 public key (base64url)' });
    expect((await put({ ...base, subscription: { ...ok, keys: { ...keys, auth: 'short' } } })).statusCode).toBe(400);
    expect((await put({ ...base, passedBoard: null, subscription: ok })).json().error).toBe(
      'Choose at least one kind of message',
    );
    expect((await put({ ...base, username: null, subscription: ok })).statusCode).toBe(400);
    expect((await put({ ...base, username: 'nobody', subscription: ok })).statusCode).toBe(404);
    expect((await put({ ...base, passedBoard: null, staffSummary: true, subscription: ok })).statusCode).toBe(401);
    expect((await t.db.query('SELECT id FROM push_subscriptions')).rows).toEqual([]);
    // A real push service's address is taken.
    const fcm = await put({ ...base, subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc123', keys } });
    expect(fcm.statusCode).toBe(200);
    expect(fcm.body).not.toContain('abc123');
    const removed = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscription/remove',
      headers: json(),
      payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc123' },
    });
    expect(removed.json()).toEqual({ success: true });
  });

  it('saves a device and answers its choices without its endpoint or keys', async () => {
    const res = await save('alf', alf, {
      username: 'ALF',
      passedBoard: '24hour',
      eventEnded: true,
      requirementRisk: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      subscribed: true,
      choices: {
        username: 'alf',
        passedBoard: '24hour',
        passedScope: 'individual',
        eventEnded: true,
        requirementRisk: true,
        staffSummary: false,
      },
    };
    expect(res.json()).toEqual(expected);
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscription/read',
      headers: json(),
      payload: { endpoint: endpointOf('alf') },
    });
    expect(read.json()).toEqual(expected);
    for (const body of [res.body, read.body]) {
      expect(body).not.toContain('3f9a2c');
      expect(body).not.toContain(alf.auth);
    }
  });

  it('sends the event result and the requirement warning once, then a pass, counting the badge', async () => {
    expect(await poll(T0)).toBe(2);
    expect(await poll(minutes(1))).toBe(0);
    expect(await deliver()).toMatchObject({ sent: 2 });
    const [first, second] = opened(0, alf);
    // Queued in this order: the requirement, then the event.
    expect(first).toEqual({
      web_push: 8030,
      notification: expect.objectContaining({
        title: '30 races to go for ALPHA this week',
        body: 'You have 20 of the 50 races ALPHA asks of you this week. The week ends tonight at midnight CT.',
        navigate: `${SITE}/health?tag=ALPHA`,
      }),
      app_badge: '1',
      mutable: true,
    });
    expect(second.notification).toMatchObject({
      title: 'Spring Cup has ended',
      body: 'You finished #1 of 2 with 3 races · won $15.',
      navigate: `${SITE}/eventviewer?tag=ALPHA&event=7`,
    });
    expect(second.app_badge).toBe('2');

    // bea races 100 in the next poll: alf drops from #1 to #2 on the 24-hour board.
    await addBatches(t.db, [
      { userId: 2, tag: 'ALPHA', endTime: minutes(0), races: 100, typed: 25000, errs: 200, secs: 6000 },
    ]);
    expect(await poll(minutes(10))).toBe(1);
    await deliver();
    const [pass] = opened(2, alf);
    expect(pass.notification).toMatchObject({
      title: 'Someone passed you',
      body: 'You are now #2 on the 24-hour board (was #1); bea is just ahead.',
      navigate: `${SITE}/leaderboards?view=individuals&period=24hour`,
    });
    expect(pass.app_badge).toBe('3');
  });

  it('never sends the same pass twice in a day, and counts the badge from when the app was opened', async () => {
    await addBatches(t.db, [
      { userId: 1, tag: 'ALPHA', endTime: minutes(10), races: 200, typed: 50000, errs: 400, secs: 12000 },
    ]);
    expect(await poll(minutes(20))).toBe(0); // back to #1
    await addBatches(t.db, [
      { userId: 2, tag: 'ALPHA', endTime: minutes(20), races: 300, typed: 75000, errs: 600, secs: 18000 },
    ]);
    expect(await poll(minutes(30))).toBe(0); // #2 again: already told today
    t.setNow(minutes(30));
    const seen = await t.app.inject({
      method: 'POST',
      url: '/api/push/seen',
      headers: json(),
      payload: { endpoint: endpointOf('alf') },
    });
    expect(seen.json()).toEqual({ success: true });
    const sub = (await t.db.query<{ id: string }>('SELECT id FROM push_subscriptions')).rows[0];
    const id = Number(sub.id);
    const message = { title: 't', body: 'b', path: '/' };
    const add = (period: string) =>
      enqueuePush(t.db, { subscriptionId: id, kind: 'x', period, day: '2026-03-14', message, at: clock, cap: 4 });
    // 3 queued today; the cap is 4 a day.
    expect(await add('a')).toEqual(expect.any(Number));
    expect(await add('b')).toBeNull();
    expect(await add('c')).toBeNull();
    clock = minutes(31);
    const before = receiver.posts.length;
    await deliver();
    expect(opened(before, alf).map((p) => p.app_badge)).toEqual(['1']);
  });

  it("sends a staff member's daily summary of members needing attention", async () => {
    const cookie = await login(t.app, 'root', 'pw-root-123');
    expect((await save('admin', admin, { staffSummary: true }, cookie)).statusCode).toBe(200);
    const before = receiver.posts.length;
    expect(await poll(minutes(40))).toBe(1);
    expect(await poll(minutes(50))).toBe(0);
    await deliver();
    // ALPHA: alf and bea raced nothing last week (50 required); BRAVO: cat never raced.
    expect(opened(before, admin)[0].notification).toMatchObject({
      title: '3 members need attention',
      body: 'ALPHA: 2 · BRAVO: 1',
      navigate: `${SITE}/health?tag=ALPHA`,
    });
  });

  it('removes a device the push service says is gone (410, 404)', async () => {
    for (const status of [410, 404]) {
      expect((await save('gone', gone, { username: 'bea', eventEnded: true })).statusCode).toBe(200);
      const id = Number(
        (
          await t.db.query<{ id: string }>('SELECT id FROM push_subscriptions WHERE endpoint = $1', [
            endpointOf('gone'),
          ])
        ).rows[0].id,
      );
      const message = { title: 't', body: 'b', path: '/' };
      await enqueuePush(t.db, {
        subscriptionId: id,
        kind: 'x',
        period: 'p',
        day: '2026-03-14',
        message,
        at: clock,
        cap: 4,
      });
      receiver.script(status);
      expect(await deliver()).toMatchObject({ gone: 1 });
      expect((await t.db.query('SELECT id FROM push_subscriptions WHERE id = $1', [id])).rows).toEqual([]);
      expect((await t.db.query('SELECT id FROM push_outbox WHERE subscription_id = $1', [id])).rows).toEqual([]);
    }
  });

  it('fails a message whose device keys cannot encrypt it, alone: the pass sends the others', async () => {
    const fine = deviceKeys();
    // Saved before keys were checked as a point on the curve.
    expect((await save('poisoned', deviceKeys(), { username: 'bea', eventEnded: true })).statusCode).toBe(200);
    await t.db.query('UPDATE push_subscriptions SET p256dh = $1 WHERE endpoint = $2', [
      OFF_CURVE,
      endpointOf('poisoned'),
    ]);
    expect((await save('fine', fine, { username: 'bea', eventEnded: true })).statusCode).toBe(200);
    const idOf = async (name: string) =>
      Number(
        (await t.db.query<{ id: string }>('SELECT id FROM push_subscriptions WHERE endpoint = $1', [endpointOf(name)]))
          .rows[0].id,
      );
    const message = { title: 'Spring Cup ended', body: 'b', path: '/' };
    const queue = (name: string, at: Date) =>
      idOf(name).then((subscriptionId) =>
        enqueuePush(t.db, { subscriptionId, kind: 'poison', period: 'p', day: '2026-03-14', message, at, cap: 9 }),
      );
    // The poisoned message is due first.
    const poisoned = await queue('poisoned', new Date(clock.getTime() - 60_000));
    await queue('fine', clock);
    const from = receiver.posts.length;
    expect(await deliver()).toMatchObject({ sent: 1, failed: 1, retrying: 0 });
    expect(receiver.posts.slice(from).map((p) => p.path)).toEqual([new URL(endpointOf('fine')).pathname]);
    expect(opened(from, fine)[0].notification.title).toBe('Spring Cup ended');
    const { rows } = await t.db.query<{ status: string; last_error: string }>(
      'SELECT status, last_error FROM push_outbox WHERE id = $1',
      [poisoned],
    );
    expect(rows).toEqual([{ status: 'failed', last_error: "the device's keys cannot encrypt a message" }]);
    // Given up for good: the next pass sends nothing to it.
    expect(await deliver()).toMatchObject({ sent: 0, failed: 0 });
  });

  it('keeps at most 40 devices per address (an IPv6 /64) and 20,000 in all; a device saved again is an update', async () => {
    const keys = deviceKeys();
    const put = (name: string, from: string, choices: object = {}) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/push/subscription',
        headers: { ...json(), 'x-forwarded-for': from },
        payload: {
          username: 'cat',
          passedBoard: '24hour',
          passedScope: 'individual',
          eventEnded: false,
          requirementRisk: false,
          staffSummary: false,
          ...choices,
          subscription: { endpoint: endpointOf(name), keys: { p256dh: keys.p256dh, auth: keys.auth } },
        },
      });
    const stored = async () =>
      Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM push_subscriptions')).rows[0].n);
    const before = await stored();
    // 40 phones behind one school's IPv6 /64, each with an address of its own in it.
    for (let i = 1; i <= 40; i++)
      expect((await put(`cap-${i}`, `2001:db8:7:1::${i.toString(16)}`)).statusCode).toBe(200);
    const refused = await put('cap-41', '2001:db8:7:1:ffff:ffff:ffff:1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'Too many devices get notifications from this address (40); turn one off first',
    });
    expect(await stored()).toBe(before + 40);
    // Saved again from the full address: an update, not a new device.
    const again = await put('cap-1', '2001:db8:7:1::99', { passedBoard: '7day' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().choices.passedBoard).toBe('7day');
    // Another /64, and an IPv4 address, are other addresses.
    expect((await put('cap-41', '2001:db8:7:2::1')).statusCode).toBe(200);
    expect((await put('cap-42', '198.51.100.7')).statusCode).toBe(200);
    expect(await stored()).toBe(before + 42);

    // The site full: 20,000 devices in all.
    const filler = 20_000 - (await stored());
    await t.db.query(
      `INSERT INTO push_subscriptions (endpoint, p256dh, auth, app_origin, username, passed_board, created_at, updated_at, seen_at)
       SELECT 'https://fcm.googleapis.com/fcm/send/filler-' || i, 'k', 'a', $1, 'cat', '24hour', $2, $2, $2
         FROM generate_series(1, $3::int) AS i`,
      [SITE, clock, filler],
    );
    const full = await put('cap-43', '203.0.113.50');
    expect(full.statusCode).toBe(503);
    expect(full.json()).toEqual({ error: 'This site takes no more devices for notifications; try again later' });
    expect(await stored()).toBe(20_000);
    expect((await put('cap-42', '203.0.113.50', { eventEnded: true })).statusCode).toBe(200);
    await t.db.query("DELETE FROM push_subscriptions WHERE endpoint LIKE '%filler-%' OR endpoint LIKE '%/cap-%'");
  });

  it('ends the staff summary a session chose on its logout; the device keeps its own messages', async () => {
    const mine = deviceKeys();
    const other = deviceKeys();
    const first = await login(t.app, 'root', 'pw-root-123');
    const second = await login(t.app, 'root', 'pw-root-123');
    expect(
      (await save('desk', mine, { username: 'bea', eventEnded: true, staffSummary: true }, first)).statusCode,
    ).toBe(200);
    expect((await save('office', other, { staffSummary: true }, second)).statusCode).toBe(200);
    const choices = async (name: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/push/subscription/read',
          headers: json(),
          payload: { endpoint: endpointOf(name) },
        })
      ).json().choices as { username: string | null; eventEnded: boolean; staffSummary: boolean };
    expect(await choices('desk')).toMatchObject({ staffSummary: true });

    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: json(first), payload: {} });
    expect(out.statusCode, out.body).toBe(200);
    expect(await choices('desk')).toMatchObject({ username: 'bea', eventEnded: true, staffSummary: false });
    // Another session's choice, on another device, stays.
    expect(await choices('office')).toMatchObject({ staffSummary: true });

    // The next morning's pass: the summary goes to the device still logged in only.
    const ids = async (name: string) =>
      (
        await t.db.query<{ kind: string }>(
          `SELECT o.kind FROM push_outbox o JOIN push_subscriptions s ON s.id = o.subscription_id
            WHERE s.endpoint = $1 ORDER BY o.id`,
          [endpointOf(name)],
        )
      ).rows.map((r) => r.kind);
    await poll(new Date('2026-03-15T15:00:00Z'));
    expect(await ids('desk')).not.toContain('staff-summary');
    expect(await ids('office')).toEqual(['staff-summary']);
  });

  it('logs no endpoint nor key', () => {
    const text = JSON.stringify(logged);
    expect(logged.length).toBeGreaterThan(0);
    expect(text).not.toContain('3f9a2c');
    expect(text).not.toContain(alf.auth);
  });
});
