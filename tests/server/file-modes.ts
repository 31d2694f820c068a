/** Permission bits of the files a test left on disk (data directories, backups). */
import fs from 'node:fs';
import path from 'node:path';

/** Every folder and file under `root` (itself included) with its permission bits in octal. */
export function modesUnder(root: string): Map<string, string> {
  const modes = new Map<string, string>();
  const visit = (p: string) => {
    const st = fs.lstatSync(p);
    modes.set(path.relative(root, p) || '.', `${st.isDirectory() ? 'd' : 'f'}${(st.mode & 0o777).toString(8)}`);
    if (st.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
  };
  visit(root);
  return modes;
}

/** Entries of `modes` other than an owner-only folder (d700) or file (f600). */
export function notOwnerOnly(modes: Map<string, string>): string[] {
  return [...modes].filter(([, m]) => m !== 'd700' && m !== 'f600').map(([p, m]) => `${p} ${m}`);
}
