/**
 * `npm run restore -- FILE [--data-dir DIR] [--force]`: unpacks a backup into DIR (default
 * DATA_DIR or ./data). Exits 1 when refused (non-empty directory without --force, a server
 * running there, not a backup), 2 on bad arguments.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LockedError } from '../db/pglite.js';
import { restoreDataDir, RestoreRefused } from './restore.js';

const USAGE = 'usage: npm run restore -- FILE [--data-dir DIR] [--force]';

function parseArgs(argv: string[]): { file: string; dataDir: string; force: boolean } | null {
  let file: string | undefined;
  let dataDir = process.env.DATA_DIR ?? './data';
  let force = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--force') force = true;
    else if (a === '--data-dir' && argv[i + 1]) dataDir = argv[++i];
    else if (a.startsWith('--data-dir=')) dataDir = a.slice('--data-dir='.length);
    else if (!a.startsWith('-') && !file) file = a;
    else return null;
  }
  return file ? { file, dataDir: path.resolve(dataDir), force } : null;
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
  try {
    const archive = new Blob([fs.readFileSync(args.file)]);
    const r = await restoreDataDir({ archive, dataDir: args.dataDir, force: args.force });
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
