/**
 * The weekly requirement, pro rata, strikes and the at-risk post, against a hand-built team. Site
 * zone America/Chicago, CST (UTC−6) throughout. Requirement 100 races a week. The judged week is
 * Sun 2026-11-15 .. Sat 11-21 (06:00Z 11-15 to 06:00Z 11-22); the clock is Mon 11-23 12:00 CST.
 *
 * Hand-computed: alice (joined in October) raced 60 + 50 = 110 ≥ 100: met. bob raced 90 + 9
 * (Sat 23:50) = 99 < 100: strike (his 5 at Sun 00:00 belong to the next week). carol and dave
 * joined Tue 11-17 (day 3 of 7, 5 days left): owe floor(100 × 5 / 7) = floor(71.43) = 71; carol
 * raced 71: met; dave 70: strike. frank left Wed 11-18: not judged. erin joined Mon 11-23: owes
 * nothing for that week; this week she owes floor(100 × 6 / 7) = 85 and raced 85.
 * This week (from Sun 11-22) so far: alice 100 (met), bob 5, carol 0, dave 0 (each owes 100): at risk.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/http/app.js';
import type { App } from '../../server/http/context.js';
import type { Database } from '../../server/db/database.js';
import { loadConfig } from '../../server/config.js';
import { startDiscordService, type DiscordService } from '../../server/discord/discord-service.js';
import { atRiskMembersThisWeek, judgeClosedWeek, judgeClosedWeeks } from '../../server/db/requirements-repo.js';
import { addBatches, addRacer, addTeam, dbKinds, freshDatabase, TEST_TZ } from './helpers.js';
import { addUser, json, login } from './staff-helpers.js';
import { startReceiver, type Receiver } from './discord-receiver.js';

const TOKEN = 'SECRETtokenABCDEFGHIJ_wxyz';
const MONDAY_NOON = new Date('2026-11-23T18:00:00Z');

const batch = (userId: number, iso: string, races: number) => ({
  userId,
  tag: 'TEST',
  endTime: new Date(iso),
  races,
  typed: races * 250,
  errs: races * 5,
  secs: races * 40,
});

async function seed(db: Database) {
  await addTeam(db, 'TEST', { weekly_requirement: 100 });
  await addTeam(db, 'OTHER', { weekly_requirement: 100 });
  const october = new Date('2026-10-01T12:00:00Z');
  await addRacer(db, { userId: 1, username: 'alice', displayName: 'Alice', tag: 'TEST', joined: october });
  await addRacer(db, { userId: 2, username: 'bob', displayName: 'Bob', tag: 'TEST', joined: october });
  const tuesday = new Date('2026-11-17T16:00:00Z'); // Tue 10:00 CST
  await addRacer(db, { userId: 3, username: 'carol', displayName: 'Carol', tag: 'TEST', joined: tuesday });
  await addRacer(db, { userId: 4, username: 'dave', displayName: 'Dave', tag: 'TEST', joined: tuesday });
  await addRacer(db, {
    userId: 5,
    username: 'erin',
    displayName: 'Erin',
    tag: 'TEST',
    joined: new Date('2026-11-23T14:00:00Z'),
  });
  await addRacer(db, { userId: 6, username: 'frank', displayName: 'Frank', tag: 'TEST', joined: october });
  await db.query(`UPDATE memberships SET left_at = '2026-11-18T18:00:00Z' WHERE user_id = 6`);
  await addRacer(db, { userId: 7, username: 'olga', displayName: 'Olga', tag: 'OTHER', joined: october });
  await addBatches(db, [
    batch(1, '2026-11-16T18:00:00Z', 60),
    batch(1, '2026-11-20T18:00:00Z', 50),
    batch(2, '2026-11-16T18:00:00Z', 90),
    batch(2, '2026-11-22T05:50:00Z', 9), // Sat 23:50 CST
    batch(2, '2026-11-22T06:00:00Z', 5), // Sun 00:00 CST: next week
    batch(3, '2026-11-19T18:00:00Z', 71),
    batch(4, '2026-11-19T18:00:00Z', 70),
    batch(1, '2026-11-23T16:00:00Z', 100),
    batch(5, '2026-11-23T16:00:00Z', 85),
  ]);
}

const strikeRows = async (db: Database) =>
  (
    await db.query<{ tag: string; week: string; user_id: string; owed: number; races: number }>(
      `SELECT tag, to_char(week_start, 'YYYY-MM-DD') AS week, user_id::text, owed, races
         FROM requirement_strikes ORDER BY tag, week_start, user_id`,
    )
  ).rows;

describe.each(dbKinds)('weekly requirement and strikes on %s', (kind) => {
  let db: Database;
  let app: App;
  let receiver: Receiver;
  let service: DiscordService;
  let current = MONDAY_NOON;
  let capt = '';
  let other = '';

  const config = () => ({
    ...loadConfig({}),
    siteTimezone: TEST_TZ,
    trackedTeams: ['TEST'],
    demo: false,
    discordWebhookOrigins: [receiver.origin],
    discordTimeoutMs: 2000,
  });
  const startApp = async () => {
    app = await buildApp({ db, config: config(), now: () => current });
    await app.ready();
  };
  const get = async (url: string, cookie?: string) => {
    const res = await app.inject({ url, headers: cookie ? { cookie } : {} });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const putSettings = (cookie: string, payload: object) =>
    app.inject({ method: 'PUT', url: '/api/admin/requirement-settings', headers: json(cookie), payload });

  beforeAll(async () => {
    receiver = await startReceiver();
    db = await freshDatabase(kind);
    await startApp();
    service = startDiscordService({
      db,
      tz: TEST_TZ,
      now: () => current,
      log: app.log,
      timeoutMs: 2000,
      intervalMs: 3_600_000,
    });
    await seed(db);
    await addUser(db, { username: 'capt', password: 'pw-capt-1', role: 'teamadmin', teamTag: 'TEST' });
    await addUser(db, { username: 'othercapt', password: 'pw-other-1', role: 'teamadmin', teamTag: 'OTHER' });
    capt = await login(app, 'capt', 'pw-capt-1');
    other = await login(app, 'othercapt', 'pw-other-1');
  });
  afterAll(async () => {
    await service.stop();
    await app.close();
    await db.close();
    await receiver.close();
  });

  it('gives no strike before the closed week has settled', async () => {
    expect(await judgeClosedWeek(db, 'TEST', new Date('2026-11-22T06:05:00Z'), TEST_TZ)).toBeNull();
    expect(await strikeRows(db)).toEqual([]);
  });

  it('strikes the members below their pro-rated requirement once the week has closed', async () => {
    expect(await judgeClosedWeek(db, 'TEST', new Date('2026-11-22T06:10:00Z'), TEST_TZ)).toBe(2);
    expect((await strikeRows(db)).filter((r) => r.tag === 'TEST')).toEqual([
      { tag: 'TEST', week: '2026-11-15', user_id: '2', owed: 100, races: 99 },
      { tag: 'TEST', week: '2026-11-15', user_id: '4', owed: 71, races: 70 },
    ]);
  });

  it('gives no second strike on a repeated run, in parallel, or after a restart', async () => {
    expect(await judgeClosedWeek(db, 'TEST', MONDAY_NOON, TEST_TZ)).toBeNull();
    const parallel = await Promise.all([
      judgeClosedWeek(db, 'OTHER', MONDAY_NOON, TEST_TZ),
      judgeClosedWeek(db, 'OTHER', MONDAY_NOON, TEST_TZ),
    ]);
    expect(parallel.filter((n) => n !== null)).toEqual([1]);
    await app.close();
    await startApp();
    expect(await judgeClosedWeeks(db, MONDAY_NOON, TEST_TZ)).toBe(0);
    expect(await strikeRows(db)).toEqual([
      { tag: 'OTHER', week: '2026-11-15', user_id: '7', owed: 100, races: 0 },
      { tag: 'TEST', week: '2026-11-15', user_id: '2', owed: 100, races: 99 },
      { tag: 'TEST', week: '2026-11-15', user_id: '4', owed: 71, races: 70 },
    ]);
  });

  it('gives the roster and the Health view the same verdict, naming the week judged', async () => {
    current = MONDAY_NOON;
    const roster: Array<Record<string, unknown>> = await get('/api/current-display-names?tag=TEST');
    const health = await get('/api/roster-health?tag=TEST');
    expect(health).toMatchObject({
      WeeklyRequirement: 100,
      JudgedWeek: '2026-11-15',
      WeekStart: '2026-11-22',
      StrikeWeeks: 4,
    });
    const fromRoster = Object.fromEntries(
      roster.map((r) => [
        r.Username,
        [r.RequirementWeek, r.WeeklyOwed, r.RacesRequirementWeek, r.MeetsWeeklyRequirement],
      ]),
    );
    expect(fromRoster).toEqual({
      alice: ['2026-11-15', 100, 110, true],
      bob: ['2026-11-15', 100, 99, false],
      carol: ['2026-11-15', 71, 71, true],
      dave: ['2026-11-15', 71, 70, false],
      erin: ['2026-11-15', null, 0, null],
    });
    const fromHealth = Object.fromEntries(
      (health.members as Array<Record<string, unknown>>).map((m) => [
        m.Username,
        [m.OwedLastWeek, m.RacesLastWeek, m.MeetsWeekly, m.OwedThisWeek, m.RacesThisWeek, m.AtRisk, m.Strikes],
      ]),
    );
    expect(fromHealth).toEqual({
      alice: [100, 110, true, 100, 100, false, 0],
      bob: [100, 99, false, 100, 5, true, 1],
      carol: [71, 71, true, 100, 0, true, 0],
      dave: [71, 70, false, 100, 0, true, 1],
      erin: [null, 0, null, 85, 85, false, 0],
    });
  });

  it("lists this week's members at risk with what they owe and have raced", async () => {
    const risk = await atRiskMembersThisWeek(db, 'TEST', MONDAY_NOON, TEST_TZ);
    expect(risk).toEqual({
      tag: 'TEST',
      week: '2026-11-22',
      requirement: 100,
      daysLeft: 6,
      members: [
        { userId: 2, username: 'bob', displayName: 'Bob', owed: 100, races: 5 },
        { userId: 3, username: 'carol', displayName: 'Carol', owed: 100, races: 0 },
        { userId: 4, username: 'dave', displayName: 'Dave', owed: 100, races: 0 },
      ],
    });
    expect(await atRiskMembersThisWeek(db, 'NOPE', MONDAY_NOON, TEST_TZ)).toBeUndefined();
  });

  it('lets strikes expire after the number of weeks the captain sets', async () => {
    const activeOn = async (iso: string) => {
      current = new Date(iso);
      const h = await get('/api/requirement-strikes?tag=TEST');
      return (h.strikes as Array<{ Username: string; Active: boolean; ExpiresOn: string }>).map(
        (s) => `${s.Username}:${s.Active}:${s.ExpiresOn}`,
      );
    };
    // Default 4 weeks: counts in the weeks of 11-22, 11-29, 12-06 and 12-13; gone from Sun 12-20.
    expect(await activeOn('2026-12-19T18:00:00Z')).toEqual(['bob:true:2026-12-20', 'dave:true:2026-12-20']);
    expect(await activeOn('2026-12-20T18:00:00Z')).toEqual(['bob:false:2026-12-20', 'dave:false:2026-12-20']);
    current = MONDAY_NOON;
    const res = await putSettings(capt, { tag: 'TEST', override: null, strikeWeeks: 1, atRiskWeekday: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(await activeOn('2026-11-28T18:00:00Z')).toEqual(['bob:true:2026-11-29', 'dave:true:2026-11-29']);
    expect(await activeOn('2026-11-29T18:00:00Z')).toEqual(['bob:false:2026-11-29', 'dave:false:2026-11-29']);
    expect((await get('/api/roster-health?tag=TEST')).members.map((m: { Strikes: number }) => m.Strikes)).toEqual([
      0, 0, 0, 0, 0,
    ]);
  });

  it("refuses bad settings and another team's captain, changing nothing", async () => {
    current = MONDAY_NOON;
    const before = await get('/api/admin/requirement-settings?tag=TEST', capt);
    for (const payload of [
      { tag: 'TEST', override: null, strikeWeeks: 0, atRiskWeekday: null },
      { tag: 'TEST', override: null, strikeWeeks: 53, atRiskWeekday: null },
      { tag: 'TEST', override: null, strikeWeeks: 2.5, atRiskWeekday: null },
      { tag: 'TEST', override: -1, strikeWeeks: 4, atRiskWeekday: null },
      { tag: 'TEST', override: null, strikeWeeks: 4, atRiskWeekday: 7 },
      { tag: 'TEST', override: 'many', strikeWeeks: 4, atRiskWeekday: null },
    ]) {
      const res = await putSettings(capt, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    const refused = await putSettings(other, { tag: 'TEST', override: 5, strikeWeeks: 4, atRiskWeekday: null });
    expect(refused.statusCode).toBe(403);
    const unknown = await putSettings(capt, { tag: 'NOPE', override: 5, strikeWeeks: 4, atRiskWeekday: null });
    expect(unknown.statusCode).toBe(403);
    expect(await get('/api/admin/requirement-settings?tag=TEST', capt)).toEqual(before);
  });

  it("applies the staff's override to the verdict; a strike keeps what it was given with", async () => {
    const res = await putSettings(capt, { tag: 'TEST', override: 99, strikeWeeks: 4, atRiskWeekday: null });
    expect(res.json()).toEqual({
      tag: 'TEST',
      gameWeekly: 100,
      override: 99,
      requirement: 99,
      strikeWeeks: 4,
      atRiskWeekday: null,
      discordConnected: false,
    });
    const health = await get('/api/roster-health?tag=TEST');
    const bob = health.members.find((m: { Username: string }) => m.Username === 'bob');
    // 99 of 99: met now; dave owes floor(99 × 5 / 7) = floor(70.71) = 70 and raced 70.
    expect(health.WeeklyRequirement).toBe(99);
    expect([bob.OwedLastWeek, bob.MeetsWeekly, bob.Strikes]).toEqual([99, true, 2 - 1]);
    const dave = health.members.find((m: { Username: string }) => m.Username === 'dave');
    expect([dave.OwedLastWeek, dave.MeetsWeekly]).toEqual([70, true]);
    expect((await get('/api/requirement-strikes?tag=TEST')).strikes.map((s: { Owed: number }) => s.Owed)).toEqual([
      100, 71,
    ]);
    await putSettings(capt, { tag: 'TEST', override: null, strikeWeeks: 4, atRiskWeekday: null });
  });

  it('posts the members at risk once, on the chosen weekday, to the Discord receiver', async () => {
    const hook = `${receiver.origin}/api/webhooks/123456789012/${TOKEN}`;
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/admin/discord',
      headers: json(capt),
      payload: { tag: 'TEST', url: hook, eventStandings: false, dailyTop: false, memberLog: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Chosen day Tuesday: nothing on Monday.
    await putSettings(capt, { tag: 'TEST', override: null, strikeWeeks: 4, atRiskWeekday: 2 });
    current = MONDAY_NOON;
    await service.runOnce();
    expect(receiver.posts).toHaveLength(0);
    current = new Date('2026-11-24T18:00:00Z'); // Tue noon
    await service.runOnce();
    await service.runOnce();
    current = new Date('2026-11-24T22:00:00Z');
    await service.runOnce();
    expect(receiver.posts).toHaveLength(1);
    const embed = (
      receiver.posts[0].body as { embeds: Array<{ title: string; description: string; footer: { text: string } }> }
    ).embeds[0];
    expect(embed.title).toBe('TEST: 3 members at risk this week');
    expect(embed.description.split('\n')).toEqual([
      'Carol: 0 of 100 races',
      'Dave: 0 of 100 races',
      'Bob: 5 of 100 races',
    ]);
    expect(embed.footer.text).toBe('Week of 2026-11-22: 100 races a week, pro rata for new members; 5 days left');
  });
});
