/**
 * The main thread's side of the PGlite worker (pglite-worker.mjs): starts it, sends it requests and
 * matches the answers. Errors inside the worker come back as rejected promises carrying the
 * database error's fields (`code`, `detail`, `constraint`...); a worker that dies rejects every
 * request in flight and every later one, so no caller hangs.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

export type Request =
  { op: 'query'; sql: string; params?: unknown[] } | { op: 'exec'; sql: string } | { op: 'dump' } | { op: 'close' };

interface Answer {
  id?: number;
  ready?: boolean;
  rows?: unknown[];
  dump?: ArrayBuffer;
  error?: ErrorData;
}

type ErrorData = { message: string; name?: string; stack?: string } & Record<string, unknown>;

/** The worker's error as an Error on this thread, with the same fields callers read (`code`...). */
function rebuildError(data: ErrorData): Error {
  const { message, stack, ...fields } = data;
  const err = Object.assign(new Error(message), fields);
  if (stack) err.stack = stack;
  return err;
}

interface WasmModules {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
}

let compiled: Promise<WasmModules> | undefined;
/** PGlite's WebAssembly compiled once per process and shared with every worker (a thread would compile its own). */
function wasmModules(): Promise<WasmModules> {
  compiled ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const compile = async (file: string) => WebAssembly.compile(await fs.readFile(path.join(dist, file)));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([compile('pglite.wasm'), compile('initdb.wasm')]);
    return { pgliteWasmModule, initdbWasmModule };
  })();
  return compiled;
}

/** How long a closed worker may take to end itself before it is terminated. */
const CLOSE_WAIT_MS = 2000;

export class PgliteChannel {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (a: Answer) => void; reject: (e: Error) => void }>();
  private stopped: Error | null = null;
  /** Whether the thread has ended. */
  private ended = false;

  private constructor(private readonly worker: Worker) {
    worker.unref();
    worker.on('message', (a: Answer) => {
      const p = a.id === undefined ? undefined : this.pending.get(a.id);
      if (!p || a.id === undefined) return;
      this.settled(a.id);
      if (a.error) p.reject(rebuildError(a.error));
      else p.resolve(a);
    });
    worker.on('error', (err) => this.stop(new Error(`The PGlite worker failed: ${err.message}`, { cause: err })));
    worker.on('exit', (code) => {
      this.ended = true;
      this.stop(new Error(`The PGlite worker stopped (exit code ${code})`));
    });
  }

  /**
   * Starts a worker with PGlite in `dataDir` (in memory when undefined, from the dump file `from`
   * when given) and waits until it is open.
   */
  static async open(dataDir: string | undefined, from?: string): Promise<PgliteChannel> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir, from, ...(await wasmModules()) },
      // The worker is plain JavaScript: no TypeScript loader needed in its thread.
      execArgv: [],
    });
    let onExit = (_code: number) => {};
    let onError = (_err: Error) => {};
    const ready = await new Promise<Answer>((resolve, reject) => {
      onExit = (code) => reject(new Error(`The PGlite worker stopped while opening (exit code ${code})`));
      onError = reject;
      worker.once('message', resolve);
      worker.once('error', onError);
      worker.once('exit', onExit);
    }).catch(async (err: unknown) => {
      await worker.terminate();
      throw err;
    });
    if (!ready.ready) {
      await worker.terminate();
      throw rebuildError(ready.error ?? { message: 'PGlite did not open' });
    }
    // Only these: the Worker keeps listeners of its own (removeAllListeners would stop its messages).
    worker.off('exit', onExit);
    worker.off('error', onError);
    return new PgliteChannel(worker);
  }

  /** Sends one request; resolves with the worker's answer or rejects with its error. */
  send(req: Request): Promise<Answer> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref(); // an awaited answer keeps the process alive
      this.pending.set(id, { resolve, reject });
      try {
        this.worker.postMessage({ id, ...req });
      } catch (err) {
        // Parameters that cannot be copied to the worker (a function, say).
        this.settled(id);
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  }

  /**
   * Closes PGlite (when the worker still runs) and waits for the thread to end: it ends itself
   * once closed (pglite-worker.mjs); one that does not within CLOSE_WAIT_MS is terminated.
   */
  async close(): Promise<void> {
    const exited = this.ended
      ? Promise.resolve()
      : new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    try {
      if (!this.stopped) await this.send({ op: 'close' });
    } finally {
      this.stop(new Error('The database is closed'));
      const late = setTimeout(() => void this.worker.terminate(), CLOSE_WAIT_MS);
      await exited;
      clearTimeout(late);
    }
  }

  private settled(id: number) {
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
  }

  private stop(err: Error) {
    this.stopped ??= err;
    for (const [id, p] of this.pending) {
      this.settled(id);
      p.reject(this.stopped);
    }
  }
}
