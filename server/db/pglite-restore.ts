/**
 * Unpacks a backup archive (a gzipped or plain tar of a PGlite data directory) into an empty
 * folder, streamed member by member from the file to the disk: memory stays flat however large
 * the archive or what it expands to. What it may expand to is bounded, checked on each member's
 * header before a byte of it is written: no file over PostgreSQL's largest (1 GiB), no more than
 * `maxBytes` in all nor more than the disk has free, no more than MAX_MEMBERS members, and only
 * files and folders named inside the folder. A refusal throws ArchiveRefused; the caller
 * (server/ops/restore.ts) removes what was unpacked. Then the copy is opened the way the server
 * opens its database (the PGlite worker, with its memory settings) to read what it holds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { extract } from 'tar-stream';
import { drainedOrClosed } from './backup-tar.js';
import { PgliteChannel } from './pglite-channel.js';

/** The archive breaks a bound or a rule of the format: the message says which, for the person restoring. */
export class ArchiveRefused extends Error {}

/** PostgreSQL splits a table into 1 GiB files (RELSEG_SIZE) and the log into 16 MB ones: no file of its is larger. */
export const MAX_MEMBER_BYTES = 2 ** 30;
/** Members in one archive: a data directory holds a few thousand files (one more per GiB of a table). */
export const MAX_MEMBERS = 200_000;
/** Left free on the disk after the unpacked files: opening the copy replays its log, writing some more. */
export const DISK_RESERVE_BYTES = 256 * 2 ** 20;

export interface UnpackLimits {
  /** The most the members may hold in all (bytes). */
  maxBytes: number;
  /** Bytes free on the disk that receives the files (before the reserve is kept), or Infinity. */
  freeBytes: number;
}

export interface Unpacked {
  /** Bytes written (the members' contents). */
  bytes: number;
  /** Files and folders written. */
  members: number;
}

/** A size in words: "1.5 GB" (binary units, as `--max-size` reads them). */
export function sizeWords(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

/**
 * A member's name inside the folder, or null for the folder itself ("./"). Names from the root
 * ("/base/1", as PGlite's own dumps write them) and "./" prefixes are read relative; a ".." part
 * or a NUL is refused.
 */
function relativeName(name: string): string | null {
  const segments = name.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.some((s) => s === '..' || s.includes('\0'))) {
    throw new ArchiveRefused(`The archive holds a member that would land outside the data directory: ${name}`);
  }
  return segments.length ? segments.join('/') : null;
}

/** Whether the file starts with gzip's magic bytes. */
async function isGzipped(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    return bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

async function* chunksOf(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) yield chunk;
}

/**
 * Unpacks `file` into `target` (an empty folder), files 0600 and folders 0700. Throws
 * ArchiveRefused when a bound or rule is broken, another error when the file is not a tar (or a
 * gzipped one) or breaks off; `target` then holds part of the archive, for the caller to remove.
 */
export async function unpackArchive(
  file: string,
  target: string,
  limits: UnpackLimits,
  signal?: AbortSignal,
): Promise<Unpacked> {
  const root = path.resolve(target);
  const room = Math.min(limits.maxBytes, limits.freeBytes - DISK_RESERVE_BYTES);
  const tooLarge = (total: number, name: string) =>
    limits.maxBytes <= limits.freeBytes - DISK_RESERVE_BYTES
      ? new ArchiveRefused(
          `The archive expands to more than ${sizeWords(limits.maxBytes)} (at ${name}, ${sizeWords(total)} so far): ` +
            'pass --max-size to allow more',
        )
      : new ArchiveRefused(
          `The archive expands to more than the disk has free (${sizeWords(limits.freeBytes)} at ${root}, ` +
            `${sizeWords(DISK_RESERVE_BYTES)} of it kept free; at ${name}, ${sizeWords(total)} so far)`,
        );

  const gzipped = await isGzipped(file);
  const reader = extract();
  const stop = new AbortController();
  const onAbort = () => stop.abort(signal?.reason);
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  const source = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
  // File → (gunzip) → the tar reader, at the reader's pace: it waits while a member is written.
  const feed = async (chunks: AsyncIterable<Uint8Array>) => {
    for await (const chunk of chunks) {
      if (reader.destroyed) return;
      if (!reader.write(chunk)) await drainedOrClosed(reader);
    }
    reader.end(null); // streamx's typing wants an argument; null adds nothing
  };
  const feeding = gzipped
    ? pipeline(source, zlib.createGunzip(), feed, { signal: stop.signal })
    : pipeline(source, feed, { signal: stop.signal });
  feeding.catch((err: Error) => reader.destroy(err));

  let bytes = 0;
  let members = 0;
  try {
    for await (const entry of reader) {
      const { name, type, size } = entry.header;
      const rel = relativeName(name);
      if (++members > MAX_MEMBERS) {
        throw new ArchiveRefused(`The archive holds more than ${MAX_MEMBERS} members: not a database's data directory`);
      }
      const dest = rel === null ? root : path.join(root, rel);
      if (dest !== root && !dest.startsWith(root + path.sep)) {
        throw new ArchiveRefused(`The archive holds a member that would land outside the data directory: ${name}`);
      }
      if (type === 'directory') {
        entry.resume();
        await fs.promises.mkdir(dest, { recursive: true, mode: 0o700 });
      } else if ((type === 'file' || type === 'contiguous-file') && rel !== null) {
        if (size > MAX_MEMBER_BYTES) {
          throw new ArchiveRefused(
            `The archive holds a file of ${sizeWords(size)} (${rel}); PostgreSQL's files are at most ` +
              `${sizeWords(MAX_MEMBER_BYTES)}: not a database's data directory`,
          );
        }
        if (bytes + size > room) throw tooLarge(bytes + size, rel);
        bytes += size;
        await fs.promises.mkdir(path.dirname(dest), { recursive: true, mode: 0o700 });
        // 'wx': a name met twice is refused rather than written over.
        await pipeline(
          chunksOf(entry as AsyncIterable<Uint8Array>),
          fs.createWriteStream(dest, { flags: 'wx', mode: 0o600 }),
          {
            signal: stop.signal,
          },
        );
      } else {
        throw new ArchiveRefused(`The archive holds a ${type} (${name}): a backup holds only files and folders`);
      }
    }
    await feeding;
    if (signal?.aborted) throw signal.reason;
    return { bytes, members };
  } catch (err) {
    stop.abort(err);
    reader.destroy();
    await feeding.catch(() => undefined);
    throw err;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    source.destroy();
  }
}

/** Opens the unpacked copy as the server would (replaying its log) and counts what it holds. */
export async function readRestored(pgdata: string): Promise<{ batches: number; migrations: number }> {
  for (const required of ['PG_VERSION', 'global/pg_control']) {
    if (!fs.existsSync(path.join(pgdata, required))) {
      throw new Error(`the archive holds no ${required}: not a database's data directory`);
    }
  }
  const channel = await PgliteChannel.open(pgdata);
  try {
    const count = async (table: 'schema_migrations' | 'batches') => {
      const { rows } = await channel.send({ op: 'query', sql: `SELECT count(*)::int AS n FROM ${table}` });
      return (rows as { n: number }[])[0].n;
    };
    return { migrations: await count('schema_migrations'), batches: await count('batches') };
  } finally {
    await channel.close();
  }
}
