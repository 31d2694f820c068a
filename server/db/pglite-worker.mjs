// PGlite in a worker thread (started by pglite.ts): the server's event loop only sends SQL and
// receives rows while this thread does the database work. Plain JavaScript, so it loads the same
// under tsx, vitest and plain node. One request at a time, in arrival order; pglite.ts keeps
// transactions from interleaving.
import './pglite-owner-only.mjs';
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';

const parsers = {
  // bigint columns hold counters far below 2^53: return numbers, not strings.
  [types.INT8]: (v) => Number(v),
  [types.NUMERIC]: (v) => Number(v),
  // `date` stays a plain YYYY-MM-DD string: it is a site-time-zone calendar day, not an instant.
  [types.DATE]: (v) => v,
};

/** An error as plain data: its message, name and every primitive field (`code`, `detail`, `constraint`...). */
function errorData(err) {
  if (!(err instanceof Error)) return { message: String(err), name: 'Error' };
  const data = { message: err.message, name: err.name, stack: err.stack };
  for (const [key, value] of Object.entries(err)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) data[key] = value;
  }
  return data;
}

async function handle(pg, msg) {
  switch (msg.op) {
    case 'query': {
      const r = await pg.query(msg.sql, msg.params, { parsers });
      return { rows: r.rows };
    }
    case 'exec':
      await pg.exec(msg.sql);
      return {};
    case 'dump': {
      // A checkpoint first: the copy then needs no WAL replay when it is opened. Uncompressed:
      // pglite.ts rewrites the member names and modes (backup-tar.ts), then compresses.
      await pg.exec('CHECKPOINT');
      const blob = await pg.dumpDataDir('none');
      return { dump: await blob.arrayBuffer() };
    }
    case 'close':
      await pg.close();
      return {};
    default:
      throw new Error(`unknown request ${msg.op}`);
  }
}

/**
 * PostgreSQL's memory settings for a small server (a 1 GB virtual server, a Raspberry Pi). The
 * WebAssembly heap only grows, so every buffer PostgreSQL ever fills stays in the process's
 * memory: shared_buffers (PGlite's default 128 MB) is small, since reads come through the
 * system's file cache anyway; one connection, not 100, sizes the shared tables.
 */
const MEMORY_SETTINGS = {
  shared_buffers: '16MB',
  max_connections: '3',
  work_mem: '4MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '4MB',
  wal_buffers: '1MB',
};

let pg;
try {
  pg = await PGlite.create({
    dataDir: workerData.dataDir,
    loadDataDir: workerData.from ? new Blob([await readFile(workerData.from)]) : undefined,
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(MEMORY_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    pgliteWasmModule: workerData.pgliteWasmModule,
    initdbWasmModule: workerData.initdbWasmModule,
  });
  parentPort.postMessage({ ready: true });
  if (process.env.PGLITE_MEMORY_LOG)
    setInterval(
      () => console.error('WASMMEM', pg.Module.HEAPU8.length / 2 ** 20, process.memoryUsage().heapUsed / 2 ** 20),
      2000,
    ).unref();
} catch (err) {
  parentPort.postMessage({ ready: false, error: errorData(err) });
}

if (pg) {
  let chain = Promise.resolve();
  parentPort.on('message', (msg) => {
    chain = chain.then(async () => {
      try {
        const result = await handle(pg, msg);
        parentPort.postMessage({ id: msg.id, ...result }, result.dump ? [result.dump] : []);
        // Closed: the thread ends itself, between statements. Terminated from outside while
        // WebAssembly runs (PGlite's teardown), V8 has been seen to abort the whole process.
        if (msg.op === 'close') process.exit(0);
      } catch (err) {
        parentPort.postMessage({ id: msg.id, error: errorData(err) });
      }
    });
  });
}
