// `npm start`: builds the app (`npm run build`) when the build is missing or older than its sources, then runs the server.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const sources = ['src', 'sw', 'public', 'contract', 'index.html', 'vite.config.ts', 'package.json', 'rules'];

function newest(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const st = fs.statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(full)) max = Math.max(max, newest(path.join(p, e)));
  return max;
}

// The app (dist/) and the server's drawing of its first screen (dist-server/, src/server-render.tsx).
const builtFiles = [path.join(root, 'dist', 'index.html'), path.join(root, 'dist-server', 'server-render.js')];
const builtAt = Math.min(...builtFiles.map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)));
if (builtAt < Math.max(...sources.map(newest))) {
  console.log('Building the app...');
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
