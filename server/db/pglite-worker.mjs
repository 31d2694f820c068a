// PGlite in a worker thread (started by pglite.ts): the server's event loop only sends SQL and
// receives rows while this thread does the database work. Plain JavaScript, so it loads the same
// under tsx, vitest and plain node. One request at a time, in arrival order; pglite.ts keeps
// transactions from interleaving.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';

// The data directory is the owner's alone (data-dir-mode.ts), but PGlite's file layer chmods each
// file it creates to the mode Postgres asks for (0666). This thread runs nothing but PGlite: here
// every mode it sets or creates a folder with loses its group and other bits.
const ownerOnly = (mode) => (typeof mode === 'number' ? mode & ~0o077 : mode);
for (const name of ['chmodSync', 'fchmodSync']) {
  const original = fs[name];
  fs[name] = (target, mode) => original(target, ownerOnly(mode));
}
const mkdirSync = fs.mkdirSync;
fs.mkdirSync = (target, options) =>
  mkdirSync(
    target,
    typeof options === 'object' && options !== null
      ? { ...options, mode: ownerOnly(options.mode ?? 0o777) }
      : ownerOnly(options ?? 0o777),
  );
syncBuiltinESMExports();

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
      // pglite.ts rewrites the member names and modes (dump-archive.ts), then compresses.
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

let pg;
try {
  pg = await PGlite.create({
    dataDir: workerData.dataDir,
    pgliteWasmModule: workerData.pgliteWasmModule,
    initdbWasmModule: workerData.initdbWasmModule,
  });
  parentPort.postMessage({ ready: true });
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
      } catch (err) {
        parentPort.postMessage({ id: msg.id, error: errorData(err) });
      }
    });
  });
}
