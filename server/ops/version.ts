/** The running server's version: package.json's `version`, read once. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest package.json above this file: the checkout's, from server/ops/ and from the build in dist-server/ alike. */
function packageJsonPath(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the server');
    dir = parent;
  }
  return path.join(dir, 'package.json');
}

export const SERVER_VERSION: string = (JSON.parse(fs.readFileSync(packageJsonPath(), 'utf8')) as { version: string })
  .version;
