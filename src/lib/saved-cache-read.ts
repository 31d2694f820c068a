/**
 * The first read of the saved query cache from IndexedDB, started by main.tsx's first import, so
 * the browser reads it while the rest of the app's script is still evaluating. The persister
 * (query-client.ts) takes this read instead of starting its own. Imports nothing but idb-keyval:
 * anything more would be evaluated before the read starts.
 */
import { get } from 'idb-keyval';

export const PERSIST_KEY = 'nt-team-stats:query-cache';

let early: Promise<string | undefined> | null =
  typeof indexedDB === 'undefined' ? null : get<string>(PERSIST_KEY).catch(() => undefined);

/** The early read of `key`, once (later reads go to IndexedDB again); null when there is none. */
export function takeEarlyRead(key: string): Promise<string | undefined> | null {
  if (key !== PERSIST_KEY || !early) return null;
  const read = early;
  early = null;
  return read;
}
