/**
 * Where the load bench's slow answers come from (LOAD_BENCH_TRACE=1): wraps the demo server's
 * database to time every statement and transaction as its caller sees it (queueing included), and
 * samples the event loop's delay. Prints one line per second with anything slower than 50 ms, and
 * each request answered after more than a second (`traceRequests`).
 */
import type { Server } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Database, Queryable } from '../../server/db/database.js';

/** The wall clock's seconds within the current 1,000, to line this up with the client's trace. */
const clock = () => ((Date.now() / 1000) % 1000).toFixed(1);

interface Slow {
  what: string;
  ms: number;
}

export function traceDatabase(db: Database, print: (line: string) => void): Database {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let slow: Slow[] = [];
  let calls = 0;
  let transactions = 0;
  let waiting = 0;
  let mostWaiting = 0;
  const timed = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    calls++;
    waiting++;
    mostWaiting = Math.max(mostWaiting, waiting);
    try {
      return await run();
    } finally {
      waiting--;
      const ms = performance.now() - t0;
      if (ms > 50) slow.push({ what, ms });
    }
  };
  const head = (sql: string) => sql.replace(/\s+/g, ' ').trim().slice(0, 50);
  const timer = setInterval(() => {
    const worst = slow.sort((a, b) => b.ms - a.ms).slice(0, 3);
    print(
      `[trace ${clock()}] loop delay max ${(delay.max / 1e6).toFixed(0)} ms` +
        ` p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms; ${calls} calls (${transactions} tx), ${mostWaiting} at once;` +
        ` >50 ms: ${slow.length}${worst.map((s) => ` | ${s.ms.toFixed(0)} ms ${s.what}`).join('')}`,
    );
    delay.reset();
    slow = [];
    calls = 0;
    transactions = 0;
    mostWaiting = waiting;
  }, 1000);
  timer.unref();
  return {
    ...db,
    kind: db.kind,
    dataChanges: db.dataChanges,
    query: (sql, params) => timed(`query ${head(sql)}`, () => db.query(sql, params)),
    exec: (sql) => timed(`exec ${head(sql)}`, () => db.exec(sql)),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => {
      transactions++;
      return timed('transaction', () => db.transaction(fn));
    },
    close: () => {
      clearInterval(timer);
      return db.close();
    },
  };
}

/** Prints every request that took more than a second from its arrival to its last byte (or its abort). */
export function traceRequests(server: Server, print: (line: string) => void): void {
  const accepted = new WeakMap<object, number>();
  server.on('connection', (socket) => accepted.set(socket, performance.now()));
  server.on('request', (req, res) => {
    const t0 = performance.now();
    const since = accepted.get(req.socket);
    if (since !== undefined) {
      accepted.delete(req.socket);
      if (t0 - since > 300)
        print(`[trace first request ${clock()}] ${(t0 - since).toFixed(0)} ms after its connection`);
    }
    const done = (how: string) => () => {
      const ms = performance.now() - t0;
      if (ms > 1000) print(`[trace request ${clock()}] ${ms.toFixed(0)} ms ${how} ${res.statusCode} ${req.url ?? ''}`);
    };
    res.once('finish', done('sent'));
    res.once('close', () => {
      if (!res.writableFinished) done('closed unfinished')();
    });
  });
}
