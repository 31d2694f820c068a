// The data directory is the owner's alone (data-dir-mode.ts), but PGlite's file layer chmods each
// file it creates to the mode Postgres asks for (0666). Imported first by the PGlite worker thread
// and by the database-creating child process, which run nothing but PGlite: there every mode it
// sets or creates a folder with loses its group and other bits.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const ownerOnly = (mode) => (typeof mode === 'number' ? mode & ~0o077 : mode);
for (const name of ['chmodSync', 'fchmodSync']) {
  const original = fs[name];
  fs[name] = (target, mode) => original(target, ownerOnly(mode));
}
const mkdirSync = fs.mkdirSync;
fs.mkdirSync = (target, options) =>
  mkdirSync(
    target,
    typeof options === 'object' && options !== null
      ? { ...options, mode: ownerOnly(options.mode ?? 0o777) }
      : ownerOnly(options ?? 0o777),
  );
syncBuiltinESMExports();
