/** Change notices belong to one database: a write committed on one never reaches another's listeners. */
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Database } from './database.js';
import { bumpDataVersion, readDataVersion } from './data-version.js';
import { openPglite } from './pglite.js';

describe('data version change notices', () => {
  let a: Database;
  let b: Database;
  beforeAll(async () => {
    const from = inject('pgliteTemplate');
    [a, b] = await Promise.all([openPglite(undefined, { from }), openPglite(undefined, { from })]);
  });
  afterAll(() => Promise.all([a.close(), b.close()]));

  it('reach the listeners of the database that changed, and only those', async () => {
    const seenA: number[] = [];
    const seenB: number[] = [];
    const offA = a.dataChanges.subscribe((v) => seenA.push(v));
    const offB = b.dataChanges.subscribe((v) => seenB.push(v));
    const before = await readDataVersion(a);
    a.dataChanges.notify(await bumpDataVersion(a));
    expect(seenA).toEqual([before + 1]);
    expect(seenB).toEqual([]);
    offA();
    a.dataChanges.notify(before + 2);
    expect(seenA).toEqual([before + 1]);
    offB();
  });
});
