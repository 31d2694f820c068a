/**
 * Discord delivery when the outcome of a POST is unknown, against a local receiver: an answer
 * that comes after the timeout, a connection dropped after the request arrived, and a sender that
 * stops between Discord taking a post and recording it (the message left 'sending' past the
 * lease) each get exactly one POST over many delivery rounds, and end 'unknown'. What proves
 * Discord did not take a post (a 500, a refused connection) is retried until it is sent.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database, Queryable } from '../../server/db/database.js';
import { enqueue, saveWebhook } from '../../server/db/discord-repo.js';
import { deliverDue } from '../../server/discord/deliver.js';
import { dbKinds, freshDatabase } from './helpers.js';
import { startReceiver, type Receiver } from './discord-receiver.js';

const TIMEOUT_MS = 1000;
const TOKEN = 'deliveryTOKENabcdefghij';
const START = new Date('2026-04-01T12:00:00Z');
const quiet = { info: () => {}, warn: () => {} };
const payload = (title: string) => ({
  username: 'NT Team Stats',
  embeds: [{ title, description: 'x', color: 0 }],
  allowed_mentions: { parse: [] as [] },
});

/** A port nothing listens on: a connection to it is refused before any byte is sent. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Row {
  status: string;
  attempts: number;
  last_error: string | null;
  attempted_at: Date | null;
  next_attempt_at: Date;
}

describe.each(dbKinds)('Discord posts of unknown outcome on %s', (kind) => {
  let db: Database;
  let receiver: Receiver;
  let clock = START;
  let seq = 0;

  const deliver = (q: Queryable = db) => deliverDue(q, { now: () => clock, log: quiet, timeoutMs: TIMEOUT_MS });
  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  const row = async (id: number) =>
    (
      await db.query<Row>(
        'SELECT status, attempts, last_error, attempted_at, next_attempt_at FROM discord_outbox WHERE id = $1',
        [id],
      )
    ).rows[0];
  /** Queues one message for `tag` and returns its id. */
  const queue = async (tag: string) =>
    (await enqueue(db, { tag, kind: 'daily-top', period: `p${++seq}`, payload: payload(`post ${seq}`), at: clock }))!;

  beforeAll(async () => {
    db = await freshDatabase(kind);
    receiver = await startReceiver();
    await saveWebhook(
      db,
      {
        tag: 'ALPHA',
        url: `${receiver.origin}/api/webhooks/123456789012/${TOKEN}`,
        eventStandings: true,
        dailyTop: true,
        memberLog: false,
      },
      'test',
      START,
    );
  });
  afterAll(async () => {
    await receiver.close();
    await db.close();
  });
  beforeEach(() => {
    receiver.posts.length = 0;
  });
  afterEach(async () => {
    // Each case starts from an empty queue.
    await db.query("UPDATE discord_outbox SET status = 'dropped' WHERE status IN ('pending', 'sending')");
  });

  it('posts with ?wait=true and marks a 2xx sent', async () => {
    const id = await queue('ALPHA');
    expect(await deliver()).toEqual({ sent: 1, retrying: 0, failed: 0, unknown: 0 });
    expect(receiver.posts.map((p) => p.path)).toEqual([`/api/webhooks/123456789012/${TOKEN}?wait=true`]);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, attempted_at: clock });
  });

  it('posts once to a receiver that answers after the timeout, over many rounds', async () => {
    receiver.script({ status: 200, body: { id: '1' }, delayMs: TIMEOUT_MS + 1000 });
    const id = await queue('ALPHA');
    const sentAt = clock;
    expect(await deliver()).toEqual({ sent: 0, retrying: 0, failed: 0, unknown: 1 });
    // The late answer arrives and is of no use: it changes nothing.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    for (let round = 0; round < 10; round++) {
      later(60 * 60_000);
      await deliver();
    }
    expect(receiver.posts).toHaveLength(1);
    expect(await row(id)).toMatchObject({
      status: 'unknown',
      attempts: 1,
      attempted_at: sentAt,
      last_error: 'sent, no answer in time (1 s): it may have been posted',
    });
  });

  it('posts once when the connection drops after the request arrived', async () => {
    receiver.script({ status: 0, hangUp: true });
    const id = await queue('ALPHA');
    expect((await deliver()).unknown).toBe(1);
    for (let round = 0; round < 5; round++) {
      later(60 * 60_000);
      await deliver();
    }
    expect(receiver.posts).toHaveLength(1);
    const r = await row(id);
    expect(r.status).toBe('unknown');
    expect(r.last_error).toMatch(/^sent, connection lost before an answer \(.+\): it may have been posted$/);
  });

  it('never posts again a message its sender left "sending" (stopped after posting)', async () => {
    const id = await queue('ALPHA');
    // The database goes away as soon as Discord has the post: the sender dies before recording it.
    const dying: Queryable = {
      query: (sql, params) =>
        receiver.posts.length > 0 ? Promise.reject(new Error('process died')) : db.query(sql, params),
      exec: (sql) => db.exec(sql),
    };
    await expect(deliver(dying)).rejects.toThrow('process died');
    expect(receiver.posts).toHaveLength(1);
    const crashedAt = clock;
    expect(await row(id)).toMatchObject({ status: 'sending', attempts: 1, attempted_at: crashedAt });

    // Within the lease its sender may still be waiting for Discord: left alone.
    later(60_000);
    expect(await deliver()).toEqual({ sent: 0, retrying: 0, failed: 0, unknown: 0 });
    expect((await row(id)).status).toBe('sending');
    // Past the 2-minute lease: unknown, and never posted again.
    later(60_000);
    expect((await deliver()).unknown).toBe(1);
    for (let round = 0; round < 10; round++) {
      later(60 * 60_000);
      await deliver();
    }
    expect(receiver.posts).toHaveLength(1);
    expect(await row(id)).toMatchObject({
      status: 'unknown',
      attempts: 1,
      attempted_at: crashedAt,
      last_error: 'the server stopped while sending: it may have been posted',
    });
  });

  it('claims nothing more once the server is stopping: the POST in progress ends, the rest stays queued', async () => {
    const first = await queue('ALPHA');
    const second = await queue('ALPHA');
    const result = await deliverDue(db, {
      now: () => clock,
      log: quiet,
      timeoutMs: TIMEOUT_MS,
      stopping: () => receiver.posts.length > 0,
    });
    expect(result).toEqual({ sent: 1, retrying: 0, failed: 0, unknown: 0 });
    expect(receiver.posts).toHaveLength(1);
    expect((await row(first)).status).toBe('sent');
    expect(await row(second)).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('retries a 500 after the backoff until Discord takes it', async () => {
    receiver.script({ status: 500, body: { message: 'oops' } }, { status: 502 });
    const id = await queue('ALPHA');
    const first = clock;
    expect(await deliver()).toEqual({ sent: 0, retrying: 1, failed: 0, unknown: 0 });
    // Backoff after the 1st failure: 30 s; after the 2nd: 60 s.
    expect(await row(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'Discord answered 500',
      next_attempt_at: new Date(first.getTime() + 30_000),
    });
    later(30_000);
    await deliver();
    expect(await row(id)).toMatchObject({
      status: 'pending',
      attempts: 2,
      last_error: 'Discord answered 502',
      next_attempt_at: new Date(first.getTime() + 90_000),
    });
    later(60_000);
    expect((await deliver()).sent).toBe(1);
    expect(receiver.posts.map((p) => p.answered)).toEqual([500, 502, 200]);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
  });

  it('retries a refused connection (nothing sent) until the receiver is up', async () => {
    const port = await closedPort();
    await saveWebhook(
      db,
      {
        tag: 'BRAVO',
        url: `http://127.0.0.1:${port}/api/webhooks/123456789012/${TOKEN}`,
        eventStandings: true,
        dailyTop: true,
        memberLog: false,
      },
      'test',
      clock,
    );
    const id = await queue('BRAVO');
    expect(await deliver()).toEqual({ sent: 0, retrying: 1, failed: 0, unknown: 0 });
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1, last_error: 'not sent (ECONNREFUSED)' });
    later(30_000);
    await deliver();
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 2, last_error: 'not sent (ECONNREFUSED)' });
    const late = await startReceiver(port);
    try {
      later(60_000);
      expect((await deliver()).sent).toBe(1);
      expect(late.posts).toHaveLength(1);
      expect(await row(id)).toMatchObject({ status: 'sent', attempts: 3 });
    } finally {
      await late.close();
    }
  });
});
