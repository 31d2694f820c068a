// The memory bench's server, in its own process (forked by bench/memory.bench.ts): the built
// server (dist-server/main.js) as `npm start` runs it, plain node, on a clock that starts a day
// back. Message `poll`: the clock moves 10 minutes on and every team is polled once, as the
// scheduler would at that time (`{ polled }` back); `stop`: a clean stop. `{ ready: true }` once the
// app answers. `usage`: the main thread's heap and buffers in MB (`{ usage }` back).
import path from 'node:path';
import v8 from 'node:v8';
import { pathToFileURL } from 'node:url';

const { startServer } = await import(pathToFileURL(path.resolve('dist-server/main.js')).href);
let clock = Date.now() - 24 * 3600 * 1000;
const server = startServer({ now: () => new Date(clock), schedule: false });
await server.ready;
process.send({ ready: true });
process.on('message', (message) => {
  if (message === 'poll') {
    clock += 600_000;
    void server.pollNow().then((polled) => process.send({ polled }));
  } else if (message === 'usage') {
    const mb = (bytes) => Math.round(bytes / 2 ** 20);
    const u = process.memoryUsage();
    const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, mb(s.space_used_size)]));
    process.send({
      usage: { heapUsed: mb(u.heapUsed), external: mb(u.external), arrayBuffers: mb(u.arrayBuffers), spaces },
    });
  } else if (message === 'stop') {
    void server.stop().then(() => process.exit(0));
  }
});
