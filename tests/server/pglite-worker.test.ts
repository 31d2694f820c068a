/**
 * PGlite in its worker thread: a long statement leaves the event loop free, errors and transactions
 * behave as they did in-thread, the type parsers hold, and a worker that dies rejects its callers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.js';
import { openPglite } from '../../server/db/pglite.js';
import { PgliteChannel } from '../../server/db/pglite-channel.js';

describe('PGlite in a worker thread', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite();
    await db.exec('CREATE TABLE t (id int PRIMARY KEY, name text UNIQUE)');
  });
  afterAll(async () => {
    await db.close();
  });

  it('keeps the event loop free while a long statement runs', async () => {
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(performance.now()), 5);
    const t0 = performance.now();
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*) AS n FROM generate_series(1, 3000) a, generate_series(1, 3000) b',
    );
    const queryMs = performance.now() - t0;
    clearInterval(timer);
    expect(rows[0].n).toBe(9_000_000);
    const gaps = ticks.slice(1).map((t, i) => t - ticks[i]);
    // In the main thread the timer could not fire at all until the statement ended.
    expect(queryMs).toBeGreaterThan(200);
    expect(ticks.length).toBeGreaterThan(10);
    expect(Math.max(...gaps)).toBeLessThan(queryMs / 3);
  });

  it('returns int8 and numeric as numbers, date as a plain day, timestamptz as a Date', async () => {
    const { rows } = await db.query<{ big: number; num: number; day: string; at: Date; flag: boolean }>(
      "SELECT 9007199254740991::int8 AS big, 12.5::numeric AS num, '2024-03-10'::date AS day, " +
        "'2024-03-10T12:00:00Z'::timestamptz AS at, true AS flag",
    );
    expect(rows).toEqual([
      { big: 9007199254740991, num: 12.5, day: '2024-03-10', at: new Date('2024-03-10T12:00:00Z'), flag: true },
    ]);
  });

  it('passes parameters and rejects a bad statement with the database error', async () => {
    const { rows } = await db.query<{ s: string }>('SELECT $1::text || $2::text AS s', ['a', 'b']);
    expect(rows).toEqual([{ s: 'ab' }]);
    await expect(db.query('SELEC 1')).rejects.toMatchObject({
      message: 'syntax error at or near "SELEC"',
      code: '42601',
    });
    // The database works on after an error.
    expect((await db.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('rejects a unique violation with its code and constraint', async () => {
    await db.query("INSERT INTO t VALUES (1, 'x')");
    const err = await db.query("INSERT INTO t VALUES (2, 'x')").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 't_name_key' });
    await db.query('DELETE FROM t');
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const value = await db.transaction(async (tx) => {
      await tx.query("INSERT INTO t VALUES (10, 'kept')");
      return 'done';
    });
    expect(value).toBe('done');
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO t VALUES (11, 'dropped')");
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO t VALUES (12, 'dropped too')");
        await tx.query("INSERT INTO t VALUES (13, 'kept')"); // unique violation on name
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await db.query('SELECT id FROM t ORDER BY id')).rows).toEqual([{ id: 10 }]);
    await db.query('DELETE FROM t');
  });

  it('runs a query sent during a transaction after it commits', async () => {
    let releaseTx = () => {};
    const held = new Promise<void>((resolve) => (releaseTx = resolve));
    const tx = db.transaction(async (q) => {
      await q.query("INSERT INTO t VALUES (20, 'a')");
      await held;
      await q.query("INSERT INTO t VALUES (21, 'b')");
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const count = db.query<{ n: number }>('SELECT count(*) AS n FROM t');
    releaseTx();
    await tx;
    expect((await count).rows).toEqual([{ n: 2 }]);
    await db.query('DELETE FROM t');
  });
});

describe('a PGlite worker that stops', () => {
  it('rejects the request in flight and every later one', async () => {
    const channel = await PgliteChannel.open(undefined);
    const slow = channel.send({
      op: 'query',
      sql: 'SELECT count(*) FROM generate_series(1, 3000) a, generate_series(1, 3000) b',
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await channel['worker'].terminate();
    await expect(slow).rejects.toThrow('The PGlite worker stopped');
    await expect(channel.send({ op: 'query', sql: 'SELECT 1' })).rejects.toThrow('The PGlite worker stopped');
    await channel.close();
  });
});
