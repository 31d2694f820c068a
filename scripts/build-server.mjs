// The server for `npm start`, built by `npm run build` after the app: server/main.ts and what it
// imports as one ES module, dist-server/main.js, run by plain node (no TypeScript compiler at run
// time). Packages stay in node_modules. Beside it, the files the server reads next to its own
// code: the PGlite worker and creator (pglite-*.mjs) and the migrations.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const out = path.join(root, 'dist-server');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const BUNDLED = ['date-fns', '@date-fns/tz'];

await build({
  entryPoints: [path.join(root, 'server/main.ts')],
  outfile: path.join(out, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  // Packages stay in node_modules, except date-fns: Node 24 resolves each of its ~1,000 modules'
  // package scope afresh, so importing it took 16 s and a 460 MB peak; bundled, only the functions
  // used are kept (docs/operations.md, "Memory").
  external: Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((name) => !BUNDLED.includes(name)),
  logLevel: 'warning',
});
for (const file of ['pglite-worker.mjs', 'pglite-create.mjs', 'pglite-owner-only.mjs']) {
  fs.copyFileSync(path.join(root, 'server/db', file), path.join(out, file));
}
fs.rmSync(path.join(out, 'migrations'), { recursive: true, force: true });
fs.cpSync(path.join(root, 'server/db/migrations'), path.join(out, 'migrations'), { recursive: true });
