/**
 * The data directory holds every staff password hash, session and webhook URL: only the account
 * that runs the server may read or write it. Folders are 0700 and files 0600; a directory from an
 * older release (PGlite wrote 0666 files in 0755 folders) is tightened when it is opened.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

/** Group and other permission bits. */
const GROUP_OTHER = 0o077;

/**
 * Creates `dir` owner-only (if missing); from here on the process creates files 0600 and folders
 * 0700 (umask 077): backups, the lock file and the token written beside the database too. What is
 * already in it is tightened by `tightenTree`, once the caller holds the directory's lock.
 */
export function ownerOnlyDataDir(dir: string): void {
  // Node allows a umask change on the main thread only.
  if (isMainThread) process.umask(GROUP_OTHER);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/** Removes group and other access from `root` and all under it (symbolic links are not followed); returns how many it changed. */
export function tightenTree(root: string): number {
  let fixed = 0;
  const visit = (p: string) => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink()) return;
    if (st.mode & GROUP_OTHER) {
      fs.chmodSync(p, st.mode & 0o700);
      fixed++;
    }
    if (st.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
  };
  visit(root);
  return fixed;
}

/** The one start-up line for a directory that needed it. */
export function tightenedMessage(dir: string, fixed: number): string {
  return `Data directory ${dir}: removed group and other access from ${fixed} files and folders (now owner-only)`;
}
