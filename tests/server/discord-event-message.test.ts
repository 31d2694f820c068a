/**
 * An event's standings on Discord are one message, edited in place, against a local receiver that
 * answers like Discord (`?wait=true` gives the message id, PATCH edits, 404 code 10008 for a
 * deleted message): one POST, then a PATCH only when the standings changed, the same message
 * edited after the server restarts (the database closed and opened again), a deleted message
 * posted anew, the final standings once. An edit without an answer, or left 'sending' by a stop,
 * is edited again (a PATCH is idempotent); a first POST without an answer is never posted again
 * on its own, and Post again sends the latest standings.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../server/db/database.js';
import { migrate } from '../../server/db/migrate.js';
import { openPglite } from '../../server/db/pglite.js';
import { openPostgres } from '../../server/db/postgres.js';
import { postAgain, saveWebhook } from '../../server/db/discord-repo.js';
import { startDiscordService, type DiscordService } from '../../server/discord/discord-service.js';
import { deliverDue } from '../../server/discord/deliver.js';
import { enqueueDue } from '../../server/discord/enqueue-due.js';
import { addBatches, addRacer, addTeam, createTestDatabase, dbKinds, TEST_TZ, type DbKind } from './helpers.js';
import { startReceiver, type Receiver } from './discord-receiver.js';

const TOKEN = 'EDITtokenABCDEFGHIJ_wxyz';
const HOOK_PATH = `/api/webhooks/123456789012/${TOKEN}`;
const SITE = 'https://stats.example.org';
const TIMEOUT_MS = 1000;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** A database that can be closed and opened again: the server restarting on the same data. */
async function reopenable(kind: DbKind): Promise<{ open(): Promise<Database>; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'discord-edit-'));
    return {
      open: () => openPglite(dir),
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const testDb = await createTestDatabase();
  return { open: () => openPostgres(testDb.url, { max: 2 }), drop: () => testDb.drop() };
}

interface Embed {
  title: string;
  description: string;
  color: number;
  footer: { text: string };
}
const embedOf = (body: unknown) => (body as { embeds: Embed[] }).embeds[0];

/**
 * Team ALPHA with racer alf, an event `title` of ALPHA alone over three days in Chicago (CDT,
 * UTC-5: 2026-03-09 00:00 to 2026-03-12 00:00 UTC), and ALPHA's webhook posting its standings to
 * `receiver`. Returns the event's id.
 */
async function seedEventWithWebhook(db: Database, title: string, receiver: Receiver, at: Date): Promise<number> {
  await migrate(db);
  await addTeam(db, 'ALPHA');
  await addRacer(db, { userId: 1, username: 'alf', displayName: 'Alf', tag: 'ALPHA' });
  const { rows } = await db.query<{ event_id: number }>(
    `INSERT INTO events (title, start_time, end_time, default_sort)
     VALUES ($1, '2026-03-09T00:00:00Z', '2026-03-12T00:00:00Z', 'Races') RETURNING event_id`,
    [title],
  );
  const eventId = rows[0].event_id;
  await db.query("INSERT INTO event_teams (event_id, tag, position) VALUES ($1, 'ALPHA', 0)", [eventId]);
  await saveWebhook(
    db,
    { tag: 'ALPHA', url: `${receiver.origin}${HOOK_PATH}`, eventStandings: true, dailyTop: false, memberLog: false },
    'test',
    at,
  );
  return eventId;
}

describe.each(dbKinds)('One Discord message per event on %s', (kind) => {
  let store: Awaited<ReturnType<typeof reopenable>>;
  let db: Database;
  let receiver: Receiver;
  let service: DiscordService;
  let current = new Date('2026-03-09T18:00:00Z');
  let eventId = 0;
  let firstId = '';

  const at = (iso: string) => {
    current = new Date(iso);
  };
  const start = () =>
    startDiscordService({
      db,
      tz: TEST_TZ,
      siteUrl: SITE,
      now: () => current,
      log: quiet,
      timeoutMs: TIMEOUT_MS,
      intervalMs: 3_600_000,
    });
  const requests = () => receiver.posts.map((p) => `${p.method} ${p.path.replace(HOOK_PATH, '')}`);
  const storedId = async () =>
    (
      await db.query<{ message_id: string | null }>(
        'SELECT message_id FROM discord_event_messages WHERE tag = $1 AND event_id = $2',
        ['ALPHA', eventId],
      )
    ).rows[0]?.message_id ?? null;
  /** Alf's and Bea's races in the event, one batch each at `iso`. */
  const race = (iso: string, alf: number, bea: number) =>
    addBatches(db, [
      ...(alf
        ? [
            {
              userId: 1,
              tag: 'ALPHA',
              endTime: new Date(iso),
              races: alf,
              typed: 500 * alf,
              errs: 5 * alf,
              secs: 60 * alf,
            },
          ]
        : []),
      ...(bea
        ? [
            {
              userId: 2,
              tag: 'ALPHA',
              endTime: new Date(iso),
              races: bea,
              typed: 300 * bea,
              errs: 15 * bea,
              secs: 60 * bea,
            },
          ]
        : []),
    ]);

  beforeAll(async () => {
    receiver = await startReceiver();
    store = await reopenable(kind);
    db = await store.open();
    eventId = await seedEventWithWebhook(db, 'Relay', receiver, current);
    await addRacer(db, { userId: 2, username: 'bea', displayName: 'Bea', tag: 'ALPHA' });
    service = start();
  }, 180_000);
  afterAll(async () => {
    await service.stop();
    await db.close();
    await store.drop();
    await receiver.close();
  });

  it('posts nothing while nobody has raced, then posts the standings once with ?wait=true', async () => {
    await service.runOnce();
    expect(requests()).toEqual([]);

    // Alf: 4 races, 100 WPM, 99 %: 4 × (100 + 50) × 0.99 = 594 pts.
    await race('2026-03-09T18:00:00Z', 4, 0);
    at('2026-03-09T18:10:00Z');
    await service.runOnce();
    expect(requests()).toEqual(['POST ?wait=true']);
    const posted = embedOf(receiver.posts[0].body);
    expect(posted.title).toBe('Standings so far: Relay');
    expect(posted.description).toBe(`🥇 [Alf](${SITE}/racers/alf) · 4 races · 100.0 WPM · 99.0% · 594 pts`);
    expect(posted.footer.text).toBe('1 racers · by Races · as of 2026-03-09 13:10 CT');
    firstId = [...receiver.messages.keys()][0];
    expect(await storedId()).toBe(firstId);

    // A poll with no new races: nothing to edit.
    at('2026-03-09T18:20:00Z');
    await service.runOnce();
    expect(requests()).toEqual(['POST ?wait=true']);
  });

  it('edits the same message after a restart, only the content (PATCH <webhook>/messages/<id>)', async () => {
    await service.stop();
    await db.close();
    db = await store.open();
    await migrate(db);
    service = start();
    // Bea: 8 races, 60 WPM, 95 %: 8 × 130 × 0.95 = 988 pts, ahead by races.
    await race('2026-03-09T18:20:00Z', 0, 8);
    at('2026-03-09T18:30:00Z');
    await service.runOnce();
    expect(requests()).toEqual(['POST ?wait=true', `PATCH /messages/${firstId}`]);
    const edit = receiver.posts[1].body as { username?: string; embeds: Embed[] };
    expect(edit.username).toBeUndefined();
    expect(edit.embeds[0].description).toBe(
      [
        `🥇 [Bea](${SITE}/racers/bea) · 8 races · 60.0 WPM · 95.0% · 988 pts`,
        `🥈 [Alf](${SITE}/racers/alf) · 4 races · 100.0 WPM · 99.0% · 594 pts`,
      ].join('\n'),
    );
    expect(receiver.messages.size).toBe(1);
    expect(embedOf(receiver.messages.get(firstId)).footer.text).toBe('2 racers · by Races · as of 2026-03-09 13:30 CT');
  });

  it('posts a new message when the old one was deleted, and edits that one from then on', async () => {
    receiver.deleteMessage(firstId);
    await race('2026-03-10T15:00:00Z', 6, 0);
    at('2026-03-10T15:10:00Z');
    await service.runOnce();
    expect(requests().slice(2)).toEqual([`PATCH /messages/${firstId}`, 'POST ?wait=true']);
    expect(receiver.posts[2].answered).toBe(404);
    const secondId = [...receiver.messages.keys()][0];
    expect(secondId).not.toBe(firstId);
    expect(await storedId()).toBe(secondId);
    // Alf now 10 races (1,485 pts), ahead of Bea's 8.
    expect(embedOf(receiver.messages.get(secondId)).description.split('\n')[0]).toBe(
      `🥇 [Alf](${SITE}/racers/alf) · 10 races · 100.0 WPM · 99.0% · 1,485 pts`,
    );

    await race('2026-03-10T16:00:00Z', 0, 4);
    at('2026-03-10T16:10:00Z');
    await service.runOnce();
    expect(requests().at(-1)).toBe(`PATCH /messages/${secondId}`);
  });

  it('edits again a PATCH left without an answer, and one left "sending" by a stop', async () => {
    const secondId = (await storedId())!;
    const before = receiver.posts.length;
    receiver.script({ status: 200, body: { id: secondId }, delayMs: TIMEOUT_MS + 500 });
    await race('2026-03-10T17:00:00Z', 2, 0);
    at('2026-03-10T17:10:00Z');
    await service.runOnce();
    const row = async () =>
      (
        await db.query<{ status: string; last_error: string | null }>(
          "SELECT status, last_error FROM discord_outbox WHERE kind = 'event-standings' ORDER BY id DESC LIMIT 1",
        )
      ).rows[0];
    expect(await row()).toEqual({ status: 'pending', last_error: 'edit sent, no answer in time (1 s): editing again' });
    // Backoff after the first failure: 30 s.
    at('2026-03-10T17:10:30Z');
    await service.runOnce(false);
    expect(requests().slice(before)).toEqual([`PATCH /messages/${secondId}`, `PATCH /messages/${secondId}`]);
    expect((await row()).status).toBe('sent');

    // A stop between the PATCH going out and its answer being recorded.
    await service.stop();
    await race('2026-03-10T18:00:00Z', 2, 0);
    at('2026-03-10T18:10:00Z');
    expect(await enqueueDue(db, { now: current, tz: TEST_TZ, siteUrl: SITE })).toBe(1);
    const stopsAfterEdit: Queryable = {
      query: (sql, params) =>
        receiver.posts.length > before + 2 ? Promise.reject(new Error('process died')) : db.query(sql, params),
      exec: (sql) => db.exec(sql),
    };
    await expect(deliverDue(stopsAfterEdit, { now: () => current, log: quiet, timeoutMs: TIMEOUT_MS })).rejects.toThrow(
      'process died',
    );
    expect(requests().slice(before)).toHaveLength(3);
    expect((await row()).status).toBe('sending');
    service = start();
    // Past the 2-minute lease the edit is queued again, not left 'unknown'.
    at('2026-03-10T18:12:00Z');
    await service.runOnce(false);
    expect(requests().slice(before)).toEqual(Array(4).fill(`PATCH /messages/${secondId}`));
    expect(await row()).toEqual({ status: 'sent', last_error: null });
    expect(receiver.messages.size).toBe(1);
  });

  it('edits in the final standings once the event has ended, and nothing after', async () => {
    const messageId = (await storedId())!;
    const before = receiver.posts.length;
    // The event ends 2026-03-12 00:00 UTC; its final standings from 10 minutes later.
    at('2026-03-12T00:05:00Z');
    await service.runOnce();
    expect(receiver.posts).toHaveLength(before);
    at('2026-03-12T00:10:00Z');
    await service.runOnce();
    expect(requests().slice(before)).toEqual([`PATCH /messages/${messageId}`]);
    const final = embedOf(receiver.messages.get(messageId));
    expect(final.title).toBe('Final standings: Relay');
    expect(final.color).toBe(0x2e7d32);
    // Alf 14 races (14 × 148.5 = 2,079 pts), Bea 12 (12 × 123.5 = 1,482 pts).
    expect(final.description).toBe(
      [
        `🥇 [Alf](${SITE}/racers/alf) · 14 races · 100.0 WPM · 99.0% · 2,079 pts`,
        `🥈 [Bea](${SITE}/racers/bea) · 12 races · 60.0 WPM · 95.0% · 1,482 pts`,
      ].join('\n'),
    );
    expect(final.footer.text).toBe('2 racers · by Races · ended 2026-03-11 19:00 CT');
    for (const iso of ['2026-03-12T01:00:00Z', '2026-03-13T00:00:00Z']) {
      at(iso);
      await service.runOnce();
    }
    expect(receiver.posts).toHaveLength(before + 1);
    expect(receiver.messages.size).toBe(1);
  });
});

describe.each(dbKinds)('A first standings POST without an answer on %s', (kind) => {
  let store: Awaited<ReturnType<typeof reopenable>>;
  let db: Database;
  let receiver: Receiver;
  let current = new Date('2026-03-09T18:00:00Z');
  const service = () =>
    startDiscordService({
      db,
      tz: TEST_TZ,
      now: () => current,
      log: quiet,
      timeoutMs: TIMEOUT_MS,
      intervalMs: 3_600_000,
    });

  beforeAll(async () => {
    receiver = await startReceiver();
    store = await reopenable(kind);
    db = await store.open();
    await seedEventWithWebhook(db, 'Dash', receiver, current);
  }, 180_000);
  afterAll(async () => {
    await db.close();
    await store.drop();
    await receiver.close();
  });

  it('posts nothing more for the event until staff post it again, then the latest standings', async () => {
    const s = service();
    receiver.script({ status: 200, body: { id: '77' }, delayMs: TIMEOUT_MS + 500 });
    await addBatches(db, [
      {
        userId: 1,
        tag: 'ALPHA',
        endTime: new Date('2026-03-09T17:00:00Z'),
        races: 2,
        typed: 1000,
        errs: 10,
        secs: 120,
      },
    ]);
    await s.runOnce();
    await addBatches(db, [
      {
        userId: 1,
        tag: 'ALPHA',
        endTime: new Date('2026-03-09T18:00:00Z'),
        races: 3,
        typed: 1500,
        errs: 15,
        secs: 180,
      },
    ]);
    current = new Date('2026-03-09T18:10:00Z');
    await s.runOnce();
    current = new Date('2026-03-09T20:00:00Z');
    await s.runOnce();
    expect(receiver.posts.map((p) => p.method)).toEqual(['POST']);
    const { rows } = await db.query<{ id: string; status: string }>(
      "SELECT id, status FROM discord_outbox WHERE kind = 'event-standings' ORDER BY id",
    );
    expect(rows.map((r) => r.status)).toEqual(['unknown']);

    expect(await postAgain(db, 'ALPHA', Number(rows[0].id), current)).toBe(true);
    await s.runOnce(false);
    expect(receiver.posts.map((p) => p.method)).toEqual(['POST', 'POST']);
    // The latest: 2 + 3 = 5 races.
    expect(embedOf(receiver.posts[1].body).description).toContain('· 5 races ·');
    await s.stop();
  });
});
