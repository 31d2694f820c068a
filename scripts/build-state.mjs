// Whether `npm run build` must run before `npm start`: the build (the app in dist/, the server and
// its drawing of the first screen in dist-server/) is missing or older than one of its sources.
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const serverMain = path.join(root, 'dist-server', 'main.js');

const sources = [
  'src',
  'sw',
  'public',
  'contract',
  'rules',
  'server',
  'index.html',
  'vite.config.ts',
  'package.json',
  'scripts/build-server.mjs',
];
const builtFiles = [
  path.join(root, 'dist', 'index.html'),
  path.join(root, 'dist-server', 'server-render.js'),
  serverMain,
];

function newest(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const st = fs.statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(full)) max = Math.max(max, newest(path.join(p, e)));
  return max;
}

export function buildIsStale() {
  const builtAt = Math.min(...builtFiles.map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)));
  return builtAt < Math.max(...sources.map(newest));
}

/** The node flags of package.json's `start` (`--liftoff-only` and the heap sizes): how `npm start` runs the server. */
export function startNodeFlags() {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  return pkg.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}
