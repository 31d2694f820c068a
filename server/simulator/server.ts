/**
 * Serves a GameSimulator over local HTTP exactly like the game's team API
 * (`GET {base}/teams/{TAG}`, base ending in `/api/v2`), with faults that can be injected per tag
 * (429, 403, an HTML challenge page, truncated JSON, a request that never answers, a 500), and
 * optionally the latency of the real site (each answer held back a seeded random time).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BLOCKED_PAGE, CHALLENGE_PAGE, RATE_LIMITED_PAGE, SERVER_ERROR_PAGE } from './fault-pages.js';
import type { GameSimulator } from './game-simulator.js';
import { Rng } from './random.js';

export type FaultKind = '429' | '403' | 'html' | 'truncated' | 'timeout' | '500';

export interface SimulatorServerOptions {
  sim: GameSimulator;
  /** The simulated instant each request sees. */
  now: () => Date;
  /** 0 or omitted: any free port. */
  port?: number;
  host?: '127.0.0.1';
  /**
   * Holds every answer back a uniformly drawn time in [min, max] ms (seeded by `seed`, default 1),
   * like the real site's 300-800 ms; omitted: answers at once.
   */
  latencyMs?: { min: number; max: number; seed?: number };
}

export interface SimulatorServer {
  /** e.g. http://127.0.0.1:41234/api/v2 */
  baseUrl: string;
  /** Makes the next `times` (default 1) requests for `tag` (or any tag, '*') fail with `kind`. */
  injectFault(tag: string | '*', kind: FaultKind, times?: number): void;
  close(): Promise<void>;
}

const TEAM_PATH = /^\/api\/v2\/teams\/([^/]+)\/?$/;
const FAULT_KINDS: readonly FaultKind[] = ['429', '403', 'html', 'truncated', 'timeout', '500'];

interface PendingFault {
  kind: FaultKind;
  remaining: number;
}

export async function startSimulatorServer(options: SimulatorServerOptions): Promise<SimulatorServer> {
  const { sim, now, port = 0, host = '127.0.0.1', latencyMs } = options;
  if (latencyMs && !(latencyMs.min >= 0 && latencyMs.max >= latencyMs.min))
    throw new RangeError('latencyMs needs 0 <= min <= max');
  const faults = new Map<string, PendingFault[]>();
  const latencyRng = new Rng(latencyMs?.seed ?? 1);
  const pending = new Set<NodeJS.Timeout>();
  let rayCounter = 0;

  const takeFault = (tag: string): FaultKind | null => {
    for (const key of [tag, '*']) {
      const queue = faults.get(key);
      const fault = queue?.[0];
      if (!queue || !fault) continue;
      if (--fault.remaining <= 0) queue.shift();
      if (queue.length === 0) faults.delete(key);
      return fault.kind;
    }
    return null;
  };

  const send = (
    res: http.ServerResponse,
    status: number,
    type: string,
    body: string,
    extra: Record<string, string> = {},
  ) => {
    res.writeHead(status, {
      'content-type': type,
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-cache, no-store, must-revalidate',
      server: 'cloudflare',
      'cf-ray': `${(0x7a3f00000000 + ++rayCounter).toString(16)}-DFW`,
      ...extra,
    });
    res.end(body);
  };

  const answer = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://simulator.local');
    const match = req.method === 'GET' ? TEAM_PATH.exec(url.pathname) : null;
    if (!match) {
      send(res, 404, 'text/html; charset=UTF-8', '<html><body><h1>404 Not Found</h1></body></html>\n');
      return;
    }
    let tag: string;
    try {
      tag = decodeURIComponent(match[1]).toUpperCase();
    } catch {
      send(res, 404, 'text/html; charset=UTF-8', '<html><body><h1>404 Not Found</h1></body></html>\n');
      return;
    }
    const json = 'application/json; charset=utf-8';
    const html = 'text/html; charset=UTF-8';
    switch (takeFault(tag)) {
      case 'timeout':
        return; // never answered; close() ends the connection
      case '429':
        return send(res, 429, html, RATE_LIMITED_PAGE, { 'retry-after': '60' });
      case '403':
        return send(res, 403, html, BLOCKED_PAGE);
      case 'html':
        return send(res, 200, html, CHALLENGE_PAGE);
      case '500':
        return send(res, 500, html, SERVER_ERROR_PAGE);
      case 'truncated': {
        const body = JSON.stringify(sim.teamResponse(tag, now()));
        return send(res, 200, json, body.slice(0, Math.floor(body.length / 2)));
      }
      default:
        return send(res, 200, json, JSON.stringify(sim.teamResponse(tag, now())));
    }
  };

  const server = http.createServer((req, res) => {
    if (!latencyMs) return answer(req, res);
    // The answer is computed when it leaves, so it shows the simulated instant of that moment.
    const timer = setTimeout(
      () => {
        pending.delete(timer);
        answer(req, res);
      },
      Math.round(latencyRng.range(latencyMs.min, latencyMs.max)),
    );
    pending.add(timer);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: boundPort } = server.address() as AddressInfo;

  return {
    baseUrl: `http://${host}:${boundPort}/api/v2`,
    injectFault(tag, kind, times = 1) {
      if (!FAULT_KINDS.includes(kind)) throw new RangeError(`Unknown fault kind: ${kind}`);
      if (!Number.isInteger(times) || times < 1) throw new RangeError('times must be a positive integer');
      const key = tag === '*' ? '*' : tag.toUpperCase();
      const queue = faults.get(key) ?? [];
      queue.push({ kind, remaining: times });
      faults.set(key, queue);
    },
    close() {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      return new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
