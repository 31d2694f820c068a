/**
 * Every racer's name, current team and bot flag as the individual board writes them, read once per
 * data version. Names, memberships and flags change only in writes that bump the data version
 * (collector polls, staff changes), so a board needs no join for them: it reads its sums and looks
 * the racers up here.
 */
import type { Queryable } from '../database.js';
import { racerHead, type RacerIdentity } from './board-json.js';

interface Loaded {
  version: string;
  byId: Map<string, RacerIdentity>;
  /** Set once a lookup missed and the racers were read again for it (at most once per version). */
  missReloaded: boolean;
}

const IDENTITIES_SQL = `
  SELECT coalesce(json_agg(json_build_array(
           r.user_id::text, r.username, coalesce(nullif(r.display_name, ''), r.username), cm.tag, b.user_id IS NOT NULL))::text, '[]') AS list
    FROM racers r
    LEFT JOIN bot_flags b ON b.user_id = r.user_id
    LEFT JOIN (
      SELECT DISTINCT ON (user_id) user_id, tag FROM memberships
       WHERE left_at IS NULL
       ORDER BY user_id, first_seen DESC
    ) cm ON cm.user_id = r.user_id`;

async function load(db: Queryable): Promise<Map<string, RacerIdentity>> {
  const { rows } = await db.query<{ list: string }>(IDENTITIES_SQL);
  const list = JSON.parse(rows[0].list) as Array<[string, string, string, string | null, boolean]>;
  return new Map(
    list.map(([id, username, display, tag, bot]) => [
      id,
      { username, head: racerHead(id, username, display, tag, bot) },
    ]),
  );
}

const loadedBy = new WeakMap<Queryable, Loaded>();
const pendingBy = new WeakMap<Queryable, Promise<Loaded>>();

async function loadFor(db: Queryable, version: string): Promise<Loaded> {
  const pending = pendingBy.get(db);
  if (pending) {
    const p = await pending;
    if (p.version === version) return p;
  }
  const next = load(db).then((byId) => ({ version, byId, missReloaded: false }));
  pendingBy.set(db, next);
  try {
    const loaded = await next;
    loadedBy.set(db, loaded);
    return loaded;
  } finally {
    if (pendingBy.get(db) === next) pendingBy.delete(db);
  }
}

/**
 * A lookup of the racers of `userIds` as of data `version`. A racer missing from a list read at
 * this version (written by something that did not bump it) has the racers read once more.
 */
export async function racerIdentities(
  db: Queryable,
  version: string,
  userIds: Iterable<string>,
): Promise<(id: string) => RacerIdentity | undefined> {
  let loaded = loadedBy.get(db);
  if (!loaded || loaded.version !== version) loaded = await loadFor(db, version);
  if (!loaded.missReloaded) {
    for (const id of userIds) {
      if (loaded.byId.has(id)) continue;
      loaded = await loadFor(db, version);
      loaded.missReloaded = true;
      break;
    }
  }
  const byId = loaded.byId;
  return (id) => byId.get(id);
}
