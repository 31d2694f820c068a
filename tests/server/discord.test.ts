/**
 * Discord posts end to end against a local receiver: the settings calls (the webhook URL never in
 * an answer or a log line), the queued posts with hand-computed numbers, a 429 with retry_after
 * then success (posted exactly once), a 500 retried after the backoff, the join/leave log, a post
 * with no answer in time (shown to staff as unconfirmed, never re-sent unless staff ask), the
 * test message (and its words for a timeout) and removal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, LOG_REDACT } from '../../server/http/app.js';
import type { App } from '../../server/http/context.js';
import type { Database } from '../../server/db/database.js';
import { loadConfig } from '../../server/config.js';
import { startDiscordService, type DiscordService } from '../../server/discord/discord-service.js';
import { addBatches, addRacer, addTeam, dbKinds, freshDatabase, TEST_TZ } from './helpers.js';
import { addUser, json, login } from './staff-helpers.js';
import { startReceiver, type Receiver } from './discord-receiver.js';

const TOKEN = 'SECRETtokenABCDEFGHIJ_wxyz';
const SITE = 'https://stats.example.org';
/** The POST timeout here: a receiver answering later than this leaves the outcome unknown. */
const TIMEOUT_MS = 1000;

interface OutboxRow {
  kind: string;
  period: string;
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
}

describe.each(dbKinds)('Discord posts on %s', (kind) => {
  let db: Database;
  let app: App;
  let receiver: Receiver;
  let service: DiscordService;
  let current = new Date('2026-03-10T18:00:00Z');
  const logLines: string[] = [];
  let captA = '';
  let captB = '';
  let hookUrl = '';
  let eventId = 0;

  const outbox = async () =>
    (
      await db.query<OutboxRow>(
        'SELECT kind, period, status, attempts, last_error, next_attempt_at FROM discord_outbox ORDER BY id',
      )
    ).rows;
  const at = (iso: string) => {
    current = new Date(iso);
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    hookUrl = `${receiver.origin}/api/webhooks/123456789012/${TOKEN}`;
    db = await freshDatabase(kind);
    const config = {
      ...loadConfig({}),
      siteTimezone: TEST_TZ,
      trackedTeams: ['ALPHA'],
      demo: false,
      siteUrl: SITE,
      discordWebhookOrigins: [receiver.origin],
      discordTimeoutMs: TIMEOUT_MS,
    };
    app = await buildApp(
      { db, config, now: () => current },
      { logger: { level: 'debug', redact: LOG_REDACT, stream: { write: (line: string) => void logLines.push(line) } } },
    );
    await app.ready();
    service = startDiscordService({
      db,
      tz: TEST_TZ,
      siteUrl: SITE,
      now: () => current,
      log: app.log,
      timeoutMs: TIMEOUT_MS,
      intervalMs: 3_600_000,
    });
    await addTeam(db, 'ALPHA');
    await addTeam(db, 'BRAVO');
    await addRacer(db, { userId: 1, username: 'alf', displayName: 'Alf', tag: 'ALPHA' });
    await addRacer(db, { userId: 2, username: 'bea', displayName: 'Bea', tag: 'ALPHA' });
    // Cyd is flagged: 40 races, 100 WPM, 100 %, 6,000 points on the evening of 2026-03-09 CT (after
    // the event), the day's most; the daily top leaves Cyd out.
    await addRacer(db, { userId: 9, username: 'cyd', displayName: 'Cyd', tag: 'ALPHA', bot: true });
    // 2026-03-09 in Chicago (CDT, UTC-5). Alf: 100 WPM, 99 %, 10 × 150 × 0.99 = 1485 points;
    // Bea: 60 WPM, 95 %, 20 × 130 × 0.95 = 2470 points.
    await addBatches(db, [
      {
        userId: 1,
        tag: 'ALPHA',
        endTime: new Date('2026-03-09T18:00:00Z'),
        races: 10,
        typed: 5000,
        errs: 50,
        secs: 600,
      },
      {
        userId: 2,
        tag: 'ALPHA',
        endTime: new Date('2026-03-09T18:00:00Z'),
        races: 20,
        typed: 6000,
        errs: 300,
        secs: 1200,
      },
      {
        userId: 9,
        tag: 'ALPHA',
        endTime: new Date('2026-03-10T02:00:00Z'),
        races: 40,
        typed: 20000,
        errs: 0,
        secs: 2400,
      },
    ]);
    const { rows } = await db.query<{ event_id: number }>(
      `INSERT INTO events (title, start_time, end_time, default_sort) VALUES ('Spring *Sprint*', '2026-03-09T00:00:00Z', '2026-03-10T00:00:00Z', 'Races') RETURNING event_id`,
    );
    eventId = rows[0].event_id;
    await db.query("INSERT INTO event_teams (event_id, tag, position) VALUES ($1, 'ALPHA', 0)", [eventId]);
    await addUser(db, { username: 'captA', password: 'pw-captA', role: 'teamadmin', teamTag: 'ALPHA' });
    await addUser(db, { username: 'captB', password: 'pw-captB', role: 'teamadmin', teamTag: 'BRAVO' });
    captA = await login(app, 'captA', 'pw-captA');
    captB = await login(app, 'captB', 'pw-captB');
  });
  afterAll(async () => {
    await service.stop();
    await app.close();
    await db.close();
    await receiver.close();
  });

  const put = (cookie: string, payload: object) =>
    app.inject({ method: 'PUT', url: '/api/admin/discord', headers: json(cookie), payload });
  const get = (cookie?: string) =>
    app.inject({ url: '/api/admin/discord?tag=alpha', headers: cookie ? { cookie } : {} });

  it('refuses a webhook URL outside Discord and changes nothing', async () => {
    for (const url of [
      `https://evil.example.com/api/webhooks/123456789012/${TOKEN}`,
      `${receiver.origin}/api/other/123456789012/${TOKEN}`,
      `${hookUrl}?wait=true`,
      'not a url',
    ]) {
      const res = await put(captA, { tag: 'ALPHA', url, eventStandings: true, dailyTop: true });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toMatch(/url must/);
    }
    const none = await put(captA, { tag: 'ALPHA', eventStandings: true, dailyTop: true });
    expect(none.statusCode).toBe(400);
    expect((await db.query('SELECT * FROM discord_webhooks')).rows).toEqual([]);
  });

  it('stores the webhook and answers only its last 4 characters', async () => {
    const res = await put(captA, { tag: 'alpha', url: hookUrl, eventStandings: true, dailyTop: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      tag: 'ALPHA',
      connected: true,
      urlEnding: 'wxyz',
      eventStandings: true,
      dailyTop: true,
      memberLog: false,
      linksOn: true,
      unconfirmed: [],
    });
    const read = await get(captA);
    expect(read.json().urlEnding).toBe('wxyz');
    for (const body of [res.body, read.body]) expect(body).not.toContain(TOKEN);
    expect((await get()).statusCode).toBe(401);
    expect((await get(captB)).statusCode).toBe(403);
    const audit = await db.query<{ detail: unknown }>("SELECT detail FROM audit_log WHERE action = 'discord.update'");
    expect(JSON.stringify(audit.rows)).not.toContain(TOKEN);
  });

  it('waits out a 429 and then posts each message exactly once', async () => {
    receiver.script({ status: 429, body: { message: 'You are being rate limited.', retry_after: 2.5, global: false } });
    await service.runOnce();
    expect(receiver.posts.map((p) => p.answered)).toEqual([429]);
    expect((await outbox()).map((r) => [r.kind, r.period, r.status])).toEqual([
      ['event-standings', `${eventId}:final`, 'pending'],
      ['daily-top', '2026-03-09', 'pending'],
      // Bea, of ALPHA, is the Hall of Fame's racer of Mar 9
      ['hall-of-fame', 'day:2026-03-09', 'pending'],
    ]);
    // Held for Discord's wait: nothing goes out before it is over.
    at('2026-03-10T18:00:02Z');
    await service.runOnce();
    expect(receiver.posts).toHaveLength(1);
    at('2026-03-10T18:00:03Z');
    await service.runOnce();
    await service.runOnce();
    expect(receiver.posts.map((p) => p.answered)).toEqual([429, 200, 200, 200]);
    expect((await outbox()).map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);

    const [, standings, daily, hall] = receiver.posts;
    expect(hall.body).toMatchObject({ embeds: [{ title: 'Racer of the day (2026-03-09) is on ALPHA' }] });
    expect(standings.path).toBe(`/api/webhooks/123456789012/${TOKEN}?wait=true`);
    expect(standings.contentType).toBe('application/json');
    expect(standings.body).toEqual({
      username: 'NT Team Stats',
      allowed_mentions: { parse: [] },
      embeds: [
        {
          title: 'Final standings: Spring *Sprint*',
          url: `${SITE}/eventviewer?tag=ALPHA&event=${eventId}`,
          description: [
            `🥇 [Bea](${SITE}/racers/bea) · 20 races · 60.0 WPM · 95.0% · 2,470 pts`,
            `🥈 [Alf](${SITE}/racers/alf) · 10 races · 100.0 WPM · 99.0% · 1,485 pts`,
          ].join('\n'),
          color: 0x2e7d32,
          footer: { text: '2 racers · by Races · ended 2026-03-09 19:00 CT' },
        },
      ],
    });
    expect(daily.body).toMatchObject({
      embeds: [
        {
          title: 'ALPHA top racers of 2026-03-09',
          url: `${SITE}/activity?tag=ALPHA`,
          footer: { text: '2 racers · 30 races · by points' },
        },
      ],
    });
    expect((daily.body as { embeds: Array<{ description: string }> }).embeds[0].description).toBe(
      [
        `🥇 [Bea](${SITE}/racers/bea) · 20 races · 60.0 WPM · 95.0% · 2,470 pts`,
        `🥈 [Alf](${SITE}/racers/alf) · 10 races · 100.0 WPM · 99.0% · 1,485 pts`,
      ].join('\n'),
    );
  });

  it('retries a 500 after the backoff, and a later poll never queues a message twice', async () => {
    at('2026-03-11T18:00:00Z');
    receiver.script({ status: 500, body: { message: 'oops' } });
    await service.runOnce();
    const failed = (await outbox()).at(-1)!;
    expect([failed.kind, failed.period, failed.status, failed.attempts, failed.last_error]).toEqual([
      'daily-top',
      '2026-03-10',
      'pending',
      1,
      'Discord answered 500',
    ]);
    expect(failed.next_attempt_at.toISOString()).toBe('2026-03-11T18:00:30.000Z');
    at('2026-03-11T18:00:20Z');
    await service.runOnce();
    expect(receiver.posts).toHaveLength(5);
    at('2026-03-11T18:00:31Z');
    await service.runOnce();
    await service.runOnce();
    // Nobody raced on Mar 10: no Hall of Fame post for it.
    expect(receiver.posts.map((p) => p.answered)).toEqual([429, 200, 200, 200, 500, 200]);
    expect((receiver.posts[5].body as { embeds: Array<{ description: string }> }).embeds[0].description).toBe(
      'Nobody raced that day.',
    );
    expect((await outbox()).map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
  });

  it('posts a test message when asked, and says so when Discord refuses it', async () => {
    const ok = await app.inject({
      method: 'POST',
      url: '/api/admin/discord/test',
      headers: json(captA),
      payload: { tag: 'ALPHA' },
    });
    expect(ok.json()).toEqual({ delivered: true, message: 'Test message posted' });
    expect(receiver.posts.at(-1)!.body).toMatchObject({ embeds: [{ title: 'NT Team Stats is connected to ALPHA' }] });
    receiver.script({ status: 429, body: { retry_after: 1.2 } });
    const limited = await app.inject({
      method: 'POST',
      url: '/api/admin/discord/test',
      headers: json(captA),
      payload: { tag: 'ALPHA' },
    });
    expect(limited.json()).toEqual({ delivered: false, message: 'Discord asked to wait 2 s: try again then' });
    receiver.script({ status: 404, body: { message: 'Unknown Webhook' } });
    const gone = await app.inject({
      method: 'POST',
      url: '/api/admin/discord/test',
      headers: json(captA),
      payload: { tag: 'ALPHA' },
    });
    expect(gone.json()).toEqual({ delivered: false, message: 'Not posted: Discord answered 404' });
    // Sent, and answered only after the timeout: it may well be in the channel.
    receiver.script({ status: 200, body: { id: '1' }, delayMs: TIMEOUT_MS + 1000 });
    const before = receiver.posts.length;
    const late = await app.inject({
      method: 'POST',
      url: '/api/admin/discord/test',
      headers: json(captA),
      payload: { tag: 'ALPHA' },
    });
    expect(late.json()).toEqual({
      delivered: false,
      message: 'Sent, no answer in time (1 s): look in the channel before sending another',
    });
    expect(receiver.posts).toHaveLength(before + 1);
    expect((await outbox()).filter((r) => r.kind === 'test').map((r) => r.status)).toEqual([
      'sent',
      'failed',
      'failed',
      'unknown',
    ]);
    // A test is never sent again, nor listed for staff to post again.
    at('2026-03-11T20:00:00Z');
    await service.runOnce(false);
    expect(receiver.posts).toHaveLength(before + 1);
    expect((await get(captA)).json().unconfirmed).toEqual([]);
    const other = await app.inject({
      method: 'POST',
      url: '/api/admin/discord/test',
      headers: json(captB),
      payload: { tag: 'ALPHA' },
    });
    expect(other.statusCode).toBe(403);
  });

  it('posts who joined and left the day before, when chosen', async () => {
    // 2026-03-11 in Chicago runs from 05:00 UTC to 05:00 UTC the next day.
    await addRacer(db, {
      userId: 3,
      username: 'cat',
      displayName: 'Cat',
      tag: 'ALPHA',
      joined: new Date('2026-03-11T15:00:00Z'),
    });
    await db.query("UPDATE memberships SET left_at = '2026-03-11T20:00:00Z' WHERE user_id = 1");
    await addRacer(db, { userId: 4, username: 'dan', tag: 'ALPHA', joined: new Date('2026-03-12T06:00:00Z') });
    const res = await put(captA, { tag: 'ALPHA', eventStandings: true, dailyTop: false, memberLog: true });
    expect(res.json()).toMatchObject({ memberLog: true, dailyTop: false });
    at('2026-03-12T18:00:00Z');
    const before = receiver.posts.length;
    await service.runOnce();
    expect(receiver.posts).toHaveLength(before + 1);
    expect(receiver.posts.at(-1)!.body).toMatchObject({
      embeds: [
        {
          title: 'ALPHA members on 2026-03-11',
          url: `${SITE}/roster?tag=ALPHA`,
          description: `**Joined (1):** [Cat](${SITE}/racers/cat)\n**Left (1):** [Alf](${SITE}/racers/alf)`,
        },
      ],
    });
    expect((await outbox()).filter((r) => r.kind === 'members').map((r) => [r.period, r.status])).toEqual([
      ['2026-03-11', 'sent'],
    ]);
  });

  it('shows staff a post with no answer in time, never sends it again, and posts it again on request', async () => {
    // 2026-03-12 in Chicago: Dan joined at 06:00 UTC.
    at('2026-03-13T18:00:00Z');
    receiver.script({ status: 200, body: { id: '2' }, delayMs: TIMEOUT_MS + 1000 });
    const before = receiver.posts.length;
    await service.runOnce();
    expect(receiver.posts).toHaveLength(before + 1);
    const members = () => outbox().then((rows) => rows.find((r) => r.kind === 'members' && r.period === '2026-03-12'));
    expect((await members())?.status).toBe('unknown');
    for (const iso of ['2026-03-13T19:00:00Z', '2026-03-14T04:00:00Z']) {
      at(iso);
      await service.runOnce(false);
    }
    expect(receiver.posts).toHaveLength(before + 1);

    const settings = await get(captA);
    const { unconfirmed } = settings.json() as { unconfirmed: Array<{ id: number }> };
    expect(unconfirmed).toEqual([
      {
        id: expect.any(Number),
        title: 'ALPHA members on 2026-03-12',
        attemptedAt: '2026-03-13T18:00:00.000Z',
        reason: 'sent, no answer in time (1 s): it may have been posted',
      },
    ]);
    expect(settings.body).not.toContain(TOKEN);
    const again = (cookie: string, payload: object) =>
      app.inject({ method: 'POST', url: '/api/admin/discord/post-again', headers: json(cookie), payload });
    expect((await again(captB, { tag: 'ALPHA', id: unconfirmed[0].id })).statusCode).toBe(403);
    const wrong = await again(captA, { tag: 'ALPHA', id: unconfirmed[0].id + 1000 });
    expect([wrong.statusCode, wrong.json()]).toEqual([
      404,
      { error: `ALPHA has no post ${unconfirmed[0].id + 1000} waiting to be checked` },
    ]);
    expect((await again(captA, { tag: 'ALPHA', id: 'x' })).statusCode).toBe(400);
    expect(receiver.posts).toHaveLength(before + 1);

    const ok = await again(captA, { tag: 'ALPHA', id: unconfirmed[0].id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().unconfirmed).toEqual([]);
    await service.runOnce(false);
    expect(receiver.posts).toHaveLength(before + 2);
    expect(receiver.posts.at(-1)!.body).toMatchObject({ embeds: [{ title: 'ALPHA members on 2026-03-12' }] });
    expect((await members())?.status).toBe('sent');
    const audit = await db.query<{ actor: string; detail: unknown }>(
      "SELECT actor, detail FROM audit_log WHERE action = 'discord.post-again'",
    );
    expect(audit.rows).toEqual([{ actor: 'captA', detail: { tag: 'ALPHA', id: unconfirmed[0].id } }]);
    // The second call finds nothing left to post again.
    expect((await again(captA, { tag: 'ALPHA', id: unconfirmed[0].id })).statusCode).toBe(404);
  });

  it('keeps the URL when only the choices change, and removes it on request', async () => {
    const res = await put(captA, { tag: 'ALPHA', eventStandings: false, dailyTop: true });
    expect(res.json()).toMatchObject({ connected: true, urlEnding: 'wxyz', eventStandings: false });
    const del = await app.inject({ method: 'DELETE', url: '/api/admin/discord/ALPHA', headers: { cookie: captA } });
    expect(del.statusCode).toBe(200);
    expect((await get(captA)).json()).toMatchObject({ connected: false, urlEnding: null });
    // Nothing is left waiting for that channel: the test of unknown outcome is dropped too.
    expect((await outbox()).filter((r) => ['pending', 'sending', 'unknown'].includes(r.status))).toEqual([]);
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/admin/discord/ALPHA', headers: { cookie: captA } })).statusCode,
    ).toBe(404);
  });

  it('never writes the webhook URL or its token to the log', () => {
    expect(logLines.length).toBeGreaterThan(10);
    expect(logLines.some((l) => l.includes('Discord message sent'))).toBe(true);
    for (const line of logLines) expect(line).not.toContain(TOKEN);
  });
});
