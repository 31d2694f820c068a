/**
 * The data version: a counter in app_meta bumped in the same transaction as every collector write,
 * so response caches can key on it. Each Database carries its own change notices (`DataChanges`,
 * `db.dataChanges`): after the transaction commits, `notify` tells the caches and live streams
 * built on that database at once, and nothing built on another one.
 *
 * The live version (app_meta `live_version`) is the data version at the last whole change: a
 * staff write, a lone write, the end of a collector run. A team's write inside a run moves only the
 * data version (caches see its rows at once); the run's end moves both. The live stream sends the
 * live version, so an open screen refetches once per run, not once per team written.
 */
import { EventEmitter } from 'node:events';
import type { Queryable } from './database.js';

/**
 * Bumps the version inside the caller's transaction; returns the new value. Unless `partOfRun`
 * (a team's write inside a collector run whose end bumps again), the live version moves with it.
 */
export async function bumpDataVersion(tx: Queryable, o: { partOfRun?: boolean } = {}): Promise<number> {
  const { rows } = await tx.query<{ value: string }>(
    "UPDATE app_meta SET value = (value::bigint + 1)::text WHERE key = 'data_version' RETURNING value",
  );
  const version = Number(rows[0]?.value ?? 0);
  // The data version's row stays locked until commit, so whole changes set the live version in order.
  if (!o.partOfRun) {
    await tx.query(
      `INSERT INTO app_meta (key, value) VALUES ('live_version', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [String(version)],
    );
  }
  return version;
}

export async function readDataVersion(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ value: string }>("SELECT value FROM app_meta WHERE key = 'data_version'");
  return Number(rows[0]?.value ?? 0);
}

/** The data version at the last whole change (what GET /api/live sends). */
export async function readLiveVersion(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ value: string }>(
    "SELECT value FROM app_meta WHERE key IN ('live_version', 'data_version') ORDER BY key DESC LIMIT 1",
  );
  return Number(rows[0]?.value ?? 0);
}

/** One database's change notices. */
export class DataChanges {
  private readonly emitter = new EventEmitter().setMaxListeners(50);

  /** Call after the transaction that bumped the version has committed. */
  notify(version: number): void {
    this.emitter.emit('changed', version);
  }

  /** Calls `listener` with each new version; returns the unsubscribe. */
  subscribe(listener: (version: number) => void): () => void {
    this.emitter.on('changed', listener);
    return () => this.emitter.off('changed', listener);
  }
}
