/**
 * The app under test for the first-rows benchmark: a production build (vite build into a temporary
 * folder) served by tests/browser/serve.ts (the real server with a demo community) on a free port.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface AppServer {
  origin: string;
  /** The build's folder: files written there are served as they are. */
  staticDir: string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForServer(origin: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`test server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/site`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('test server did not start');
}

/**
 * Builds and serves the app. `laterFiles` are created empty in the build's folder before the server
 * starts (it serves only the files it found then), to be written afterwards.
 */
export async function startAppServer(log: (line: string) => void, laterFiles: string[] = []): Promise<AppServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-rows-bench-'));
  const staticDir = path.join(dir, 'dist');
  log('vite build...');
  const extra = process.env.FIRST_ROWS_NO_MINIFY ? ['--minify', 'false'] : [];
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', staticDir, '--emptyOutDir', '--logLevel', 'warn', ...extra],
    {
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) throw new Error('vite build failed');
  // The server's drawing of a first visit (server/http/page-drawing.ts finds it beside the static
  // folder); FIRST_ROWS_NO_DRAWING=1 leaves it out, to time the page without it.
  const serverBuild = process.env.FIRST_ROWS_NO_DRAWING
    ? { status: 0 }
    : spawnSync(
        'npx',
        [
          'vite',
          'build',
          '--ssr',
          'src/server-render.tsx',
          '--outDir',
          path.join(dir, 'dist-server'),
          '--logLevel',
          'warn',
        ],
        { stdio: 'inherit' },
      );
  if (serverBuild.status !== 0) throw new Error('vite build --ssr failed');
  for (const file of laterFiles) fs.writeFileSync(path.join(staticDir, file), '');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  log(`test server on ${origin}...`);
  const child = spawn('npx', ['tsx', 'tests/browser/serve.ts'], {
    env: { ...process.env, E2E_PORT: String(port), STATIC_DIR: staticDir },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  await waitForServer(origin, child, 180_000);
  return {
    origin,
    staticDir,
    stop: async () => {
      // npx starts tsx, which starts node: end the whole group.
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
