/**
 * The data version: a counter in app_meta bumped in the same transaction as every collector write,
 * so response caches can key on it. Each Database carries its own change notices (`DataChanges`,
 * `db.dataChanges`): after the transaction commits, `notify` tells the caches and live streams
 * built on that database at once, and nothing built on another one.
 */
import { EventEmitter } from 'node:events';
import type { Queryable } from './database.js';

/** Bumps the version inside the caller's transaction; returns the new value. */
export async function bumpDataVersion(tx: Queryable): Promise<number> {
  const { rows } = await tx.query<{ value: string }>(
    "UPDATE app_meta SET value = (value::bigint + 1)::text WHERE key = 'data_version' RETURNING value",
  );
  return Number(rows[0]?.value ?? 0);
}

export async function readDataVersion(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ value: string }>("SELECT value FROM app_meta WHERE key = 'data_version'");
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
