/**
 * The Hall of Fame post through a local Discord receiver: when Saturday Feb 7 2026 closes (and with
 * it the week of Feb 1-7), the team whose racer won gets one post per title, the other team none,
 * a flagged racer's bigger day wins nothing, nothing goes out in the first 10 minutes of the day,
 * and a second pass, or a server started again on the same database, posts nothing more.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.js';
import { migrate } from '../../server/db/migrate.js';
import { openPglite } from '../../server/db/pglite.js';
import { saveWebhook } from '../../server/db/discord-repo.js';
import { startDiscordService } from '../../server/discord/discord-service.js';
import { addBatches, addRacer, addTeam, TEST_TZ } from './helpers.js';
import { startReceiver, type Receiver } from './discord-receiver.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
/** Sun Feb 8 2026: 00:05 CST (too early) and 12:00 CST. */
const EARLY = new Date('2026-02-08T06:05:00Z');
const NOON = new Date('2026-02-08T18:00:00Z');

describe('Hall of Fame posts', () => {
  let dir: string;
  let db: Database;
  let receiver: Receiver;
  let clock = EARLY;

  const pass = async () => {
    const service = startDiscordService({ db, tz: TEST_TZ, now: () => clock, log: quiet, timeoutMs: 2000 });
    await service.runOnce();
    await service.stop();
  };
  const hallPosts = () =>
    receiver.posts
      .map((p) => (p.body as { embeds: Array<{ title: string; description: string }> }).embeds[0])
      .filter((e) => e.title.startsWith('Racer of the'));

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hall-discord-'));
    db = await openPglite(dir);
    await migrate(db);
    receiver = await startReceiver();
    await addTeam(db, 'AAA');
    await addTeam(db, 'BBB');
    await addRacer(db, { userId: 1, username: 'alice', displayName: 'Alice', tag: 'AAA' });
    await addRacer(db, { userId: 2, username: 'bob', displayName: 'Bob', tag: 'BBB' });
    await addRacer(db, { userId: 3, username: 'carl', tag: 'AAA', bot: true });
    for (const tag of ['AAA', 'BBB']) {
      const url = `${receiver.origin}/api/webhooks/123456789012/tok${tag}abcdefghijklmnop`;
      await saveWebhook(db, { tag, url, eventStandings: false, dailyTop: true, memberLog: false }, 'test', EARLY);
    }
    await addBatches(db, [
      // Sat Feb 7: alice 10 × (100 + 100 / 2) = 1500, bob 20 × (100 + 60 / 2) = 2600, carl (flagged) 16000
      { userId: 1, tag: 'AAA', endTime: new Date('2026-02-07T18:00:00Z'), races: 10, typed: 1000, errs: 0, secs: 120 },
      { userId: 2, tag: 'BBB', endTime: new Date('2026-02-07T18:00:00Z'), races: 20, typed: 1000, errs: 0, secs: 200 },
      {
        userId: 3,
        tag: 'AAA',
        endTime: new Date('2026-02-07T18:00:00Z'),
        races: 100,
        typed: 10000,
        errs: 0,
        secs: 1000,
      },
    ]);
  }, 240_000);
  afterAll(async () => {
    await receiver?.close();
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('posts nothing in the first 10 minutes of the day', async () => {
    await pass();
    expect(hallPosts()).toEqual([]);
  });

  it("posts the day's and the week's title once, to the winner's team only", async () => {
    clock = NOON;
    await pass();
    const posts = receiver.posts.filter((p) =>
      (p.body as { embeds: Array<{ title: string }> }).embeds[0].title.startsWith('Racer of the'),
    );
    expect(posts.map((p) => p.path.split('/')[4])).toEqual([
      'tokBBBabcdefghijklmnop?wait=true',
      'tokBBBabcdefghijklmnop?wait=true',
    ]);
    expect(hallPosts()).toEqual([
      {
        title: 'Racer of the day (2026-02-07) is on BBB',
        description: '🏆 **Bob** · 20 races · 60.0 WPM · 100.0% · 2,600 pts\nBBB is the team of the day too.',
        color: 0x2e7d32,
        footer: { text: 'Hall of Fame · by points, flagged racers left out' },
      },
      {
        title: 'Racer of the week (2026-02-01 to 2026-02-07) is on BBB',
        description: '🏆 **Bob** · 20 races · 60.0 WPM · 100.0% · 2,600 pts\nBBB is the team of the week too.',
        color: 0x2e7d32,
        footer: { text: 'Hall of Fame · by points, flagged racers left out' },
      },
    ]);
    await pass();
    expect(hallPosts()).toHaveLength(2);
  });

  it('posts nothing more after the server starts again on the same database', async () => {
    await db.close();
    db = await openPglite(dir);
    clock = new Date(NOON.getTime() + 3600_000);
    await pass();
    expect(hallPosts()).toHaveLength(2);
  }, 120_000);
});
