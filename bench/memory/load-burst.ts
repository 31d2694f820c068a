/**
 * The memory bench's load: the load bench's visitor mix of API reads (load/visitor-mix.ts) from
 * 100 clients, and beside it 10 first visits to the board (/leaderboards, the server's drawing of it)
 * for the same time; answers compressed as browsers ask.
 */
import autocannon from 'autocannon';
import { pathPicker, visitorMix } from '../load/visitor-mix.js';

export interface BurstResult {
  requests: number;
  errors: number;
  /** What the errors were: connection errors, timeouts, 4xx and 5xx answers. */
  errorKinds: string;
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

export async function loadBurst(base: string, tz: string, seconds: number): Promise<BurstResult> {
  const latest = (await (await fetch(`${base}/api/member-data-latest`)).json()) as Array<{
    Username: string;
    TeamTag: string;
  }>;
  const tags = [...new Set(latest.map((m) => m.TeamTag))];
  const next = pathPicker(
    visitorMix(
      new Date(),
      tz,
      tags,
      latest.map((m) => m.Username),
    ),
  );
  const encoding = { 'accept-encoding': 'gzip, deflate, br' };
  const [api, pages] = await Promise.all([
    run({
      url: base,
      connections: 100,
      duration: seconds,
      headers: { ...encoding, accept: 'application/json' },
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: next() }) }],
    }),
    run({
      url: `${base}/leaderboards`,
      connections: 10,
      duration: seconds,
      headers: { ...encoding, accept: 'text/html', 'user-agent': 'Mozilla/5.0 (iPhone) memory-bench' },
    }),
  ]);
  const count = (r: autocannon.Result) => ({
    requests: r.requests.total,
    errors: r.errors + r.timeouts + r['4xx'] + r['5xx'],
  });
  const kinds = [
    ['connection errors', api.errors + pages.errors],
    ['timeouts', api.timeouts + pages.timeouts],
    ['4xx', api['4xx'] + pages['4xx']],
    ['5xx', api['5xx'] + pages['5xx']],
  ].filter(([, n]) => Number(n) > 0);
  return {
    requests: count(api).requests + count(pages).requests,
    errors: count(api).errors + count(pages).errors,
    errorKinds: kinds.map(([name, n]) => `${n} ${name}`).join(', '),
  };
}
