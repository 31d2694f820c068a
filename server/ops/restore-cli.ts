/**
 * `npm run restore -- FILE [--data-dir DIR] [--force] [--max-size SIZE]`: unpacks a backup into DIR
 * (default DATA_DIR or ./data), streamed from the file to the disk. SIZE bounds what the archive
 * may expand to (default 64GB; `500MB`, `200GB`, `1TB` or bytes). Exits 1 when refused (non-empty
 * directory without --force, a server running there, not a backup, over a bound, stopped by a
 * signal), 2 on bad arguments.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LockedError } from '../db/pglite.js';
import { DEFAULT_MAX_RESTORE_BYTES, restoreDataDir, RestoreRefused } from './restore.js';

const USAGE = 'usage: npm run restore -- FILE [--data-dir DIR] [--force] [--max-size SIZE]';

const UNITS: Record<string, number> = { '': 1, B: 1, K: 2 ** 10, M: 2 ** 20, G: 2 ** 30, T: 2 ** 40 };

/** "500MB", "2.5G", "1TB", "1GiB" or bytes (binary units), or null. */
function parseSize(text: string): number | null {
  const m = /^(\d+(?:\.\d+)?)\s*([KMGT]?)(?:I?B)?$/i.exec(text.trim());
  if (!m) return null;
  const bytes = Math.floor(Number(m[1]) * UNITS[m[2].toUpperCase()]);
  return bytes > 0 ? bytes : null;
}

interface Args {
  file: string;
  dataDir: string;
  force: boolean;
  maxBytes: number;
}

function parseArgs(argv: string[]): Args | null {
  let file: string | undefined;
  let dataDir = process.env.DATA_DIR ?? './data';
  let force = false;
  let maxBytes: number | null = DEFAULT_MAX_RESTORE_BYTES;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--force') force = true;
    else if (a === '--data-dir' && argv[i + 1]) dataDir = argv[++i];
    else if (a.startsWith('--data-dir=')) dataDir = a.slice('--data-dir='.length);
    else if (a === '--max-size' && argv[i + 1]) maxBytes = parseSize(argv[++i]);
    else if (a.startsWith('--max-size=')) maxBytes = parseSize(a.slice('--max-size='.length));
    else if (!a.startsWith('-') && !file) file = a;
    else return null;
  }
  return file && maxBytes ? { file, dataDir: path.resolve(dataDir), force, maxBytes } : null;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (!args) {
    console.error(USAGE);
    return 2;
  }
  if (!fs.existsSync(args.file)) {
    console.error(`No such file: ${args.file}`);
    return 1;
  }
  // A stop signal ends the restore and removes what was unpacked (restore.ts).
  const stop = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => stop.abort());
  try {
    const r = await restoreDataDir({
      archive: args.file,
      dataDir: args.dataDir,
      force: args.force,
      maxBytes: args.maxBytes,
      signal: stop.signal,
    });
    if (r.replacedTo) console.log(`The previous database was moved to ${r.replacedTo}`);
    console.log(
      `Restored ${args.file} into ${args.dataDir}: ${r.batches} batches, ${r.migrations} migrations. Start the server with DATA_DIR=${args.dataDir}.`,
    );
    return 0;
  } catch (err) {
    if (err instanceof RestoreRefused || err instanceof LockedError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
