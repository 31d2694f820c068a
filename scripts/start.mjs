// `npm start`: builds the app and the server (`npm run build`) when the build is missing or older
// than its sources, then runs the built server (dist-server/main.js) in this process: plain node,
// no TypeScript compiler, no second process. While it builds, the port already answers "getting
// ready" (server/http/starting-server.mjs) and the server takes that listening socket over. A stop
// signal during the build stops the build and exits 0; after it, the server handles signals.
// package.json runs it with --liftoff-only (PGlite's WebAssembly stays on V8's baseline compiler),
// --heap-growing-percent=50 (the old generation grows to 1.5x its live data between full collections)
// and --max-semi-space-size=8 (a young generation of 16 MB): see docs/operations.md, "Memory".
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startingServer } from '../server/http/starting-server.mjs';
import { buildIsStale, root, serverMain } from './build-state.mjs';

const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'];

// Under `npm start`, npm passes a stop signal on to the shell that runs this script, and that shell
// ends without passing it on: when the parent ends, stop as on SIGTERM.
if (process.env.npm_lifecycle_event === 'start') {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
  }, 250).unref();
}

let starting;
if (buildIsStale()) starting = await build();

const { runServer } = await import(pathToFileURL(serverMain).href);
// The server's own handlers replace the build's, with no await in between (no moment without one).
for (const signal of STOP_SIGNALS) process.removeAllListeners(signal);
runServer({ starting });

/** Runs `npm run build` while the port answers "getting ready"; returns that listening server. */
async function build() {
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const server = startingServer({ version, databaseKind: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  try {
    await server.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '0.0.0.0');
  } catch (err) {
    console.error(`Cannot listen on the port: ${err.message}`);
    process.exit(1);
  }
  console.log('Building the app...');
  const child = spawn('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  let stopping = false;
  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log(`${signal}: stopping the build...`);
      child.kill('SIGTERM');
    });
  }
  const code = await new Promise((resolve) => child.on('exit', (c, sig) => resolve(c ?? (sig ? 1 : 0))));
  if (stopping || code !== 0) {
    await server.close();
    process.exit(stopping ? 0 : code);
  }
  return server;
}
