/**
 * A staff write that changes what visitors see (events, squads, bot flags, tracked teams): one
 * transaction that also bumps the data version, so response caches drop what they hold.
 */
import type { Database, Queryable } from './database.js';
import { bumpDataVersion } from './data-version.js';

export async function publicChange<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  let version = 0;
  const result = await db.transaction(async (tx) => {
    const r = await fn(tx);
    version = await bumpDataVersion(tx);
    return r;
  });
  db.dataChanges.notify(version);
  return result;
}
