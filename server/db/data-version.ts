/**
 * The data version: a counter in app_meta bumped in the same transaction as every collector write,
 * so response caches can key on it. `onDataChanged` tells this process's caches at once.
 */
import { EventEmitter } from 'node:events';
import type { Queryable } from './database.js';

const emitter = new EventEmitter();
emitter.setMaxListeners(50);

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

/** Call after the transaction that bumped the version has committed. */
export function notifyDataChanged(version: number): void {
  emitter.emit('changed', version);
}

export function onDataChanged(listener: (version: number) => void): () => void {
  emitter.on('changed', listener);
  return () => emitter.off('changed', listener);
}
