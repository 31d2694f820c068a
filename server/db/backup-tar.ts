/**
 * Backup archives, written with tar-stream under the project's rules for every member: a relative
 * name that stays inside the folder it is unpacked in, owner-only modes (0600 files, 0700
 * folders), and a name that fits the 100-byte name field. PGlite's own loader (restore) reads
 * names from that field only: a longer or non-ASCII name, which tar-stream would move to the
 * ustar prefix or a PAX header, is refused rather than restored under the wrong name.
 */
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { extract, pack, type Pack } from 'tar-stream';

export type { Pack };
export const createPack = (): Pack => pack();

const NAME_FIELD = 100;

/** The name as written: relative, never leaving the folder, a folder's with a trailing slash. */
function memberName(name: string, type: 'file' | 'directory'): string {
  const segments = name.replace(/\/+$/, '').split('/');
  if (name.startsWith('/') || segments.some((s) => s === '' || s === '.' || s === '..')) {
    throw new Error(`Unsafe name for the archive: ${name}`);
  }
  const written = type === 'directory' ? `${segments.join('/')}/` : segments.join('/');
  if (!/^[\x20-\x7e]+$/.test(written) || written.length > NAME_FIELD) {
    throw new Error(`Name does not fit the archive's name field: ${name}`);
  }
  return written;
}

function entryDone(resolve: () => void, reject: (err: Error) => void) {
  return (err?: Error | null) => (err ? reject(err) : resolve());
}

type Sink = ReturnType<Pack['entry']>;

/** An entry's error comes through its callback; the 'error' event would otherwise be uncaught. */
function quiet(sink: Sink): Sink {
  return sink.on('error', () => undefined);
}

/** Resolves when a stream wants more, or has been destroyed or closed (then nothing more is written). */
export function drainedOrClosed(sink: NodeJS.EventEmitter & { destroyed?: boolean }): Promise<void> {
  if (sink.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const go = () => {
      sink.off('drain', go);
      sink.off('close', go);
      resolve();
    };
    sink.on('drain', go);
    sink.on('close', go);
  });
}

export function addFolder(archive: Pack, name: string, mtime = new Date()): Promise<void> {
  const header = { name: memberName(name, 'directory'), type: 'directory' as const, mode: 0o700, mtime };
  return new Promise((resolve, reject) => quiet(archive.entry(header, entryDone(resolve, reject))));
}

/** A file of `size` bytes given as chunks, written as they come (waiting while the reader lags). */
export async function addFile(
  archive: Pack,
  entry: { name: string; size: number; mtime?: Date },
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<void> {
  const header = { type: 'file' as const, mode: 0o600, ...entry, name: memberName(entry.name, 'file') };
  let settle: (err?: Error | null) => void = () => undefined;
  const written = new Promise<void>((resolve, reject) => (settle = entryDone(resolve, reject)));
  written.catch(() => undefined); // awaited below; an error thrown before that is the one to report
  const sink = quiet(archive.entry(header, (err) => settle(err)));
  try {
    for await (const chunk of chunks) {
      if (sink.destroyed) break;
      if (!sink.write(chunk)) await drainedOrClosed(sink);
    }
    sink.end(null); // streamx's typing wants an argument; null adds nothing
  } catch (err) {
    sink.destroy(err as Error);
    throw err;
  }
  await written;
}

/** Gzips what the pack gives; the pack is destroyed with the gzip stream (a dropped download). */
export function gzipped(archive: Pack): Readable {
  const gzip = zlib.createGzip();
  archive.pipe(gzip);
  archive.once('error', (err: Error) => gzip.destroy(err));
  gzip.once('close', () => archive.destroy());
  return gzip;
}

/**
 * PGlite's own dump (named from the root, "/base/1/112", modes 0666) re-packed with relative
 * names and owner-only modes, gzipped.
 */
export function ownerOnlyDump(dump: Uint8Array): Readable {
  const source = extract();
  const target = createPack();
  const repack = async () => {
    for await (const member of source) {
      const { name, type, size, mtime } = member.header;
      const relative = name.replace(/^\/+/, '');
      if (type === 'directory') {
        member.resume();
        await addFolder(target, relative, mtime);
      } else if (type === 'file') {
        await addFile(target, { name: relative, size, mtime }, member as AsyncIterable<Uint8Array>);
      } else {
        throw new Error(`Unexpected ${type} member in the database dump: ${name}`);
      }
    }
    target.finalize();
  };
  repack().catch((err: Error) => target.destroy(err));
  source.end(dump);
  return gzipped(target);
}
