/**
 * The game's team API over local HTTP (`{baseUrl}/teams/{TAG}`, a GameSimulator at a fixed
 * instant) whose answers can be held back, to catch a collector run in the middle. It counts the
 * requests open at once and notes when a client gave up on a held answer.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GameSimulator } from '../../server/simulator/game-simulator.js';

export interface HeldGameApi {
  baseUrl: string;
  /** Holds every answer from now on until `release()`. */
  hold(): void;
  release(): void;
  /** Requests waiting for their answer. */
  readonly held: number;
  /** The most requests open at the same time so far. */
  readonly maxOpen: number;
  /** When (Date.now()) each client that gave up on a held answer closed its request. */
  readonly givenUp: number[];
  close(): Promise<void>;
}

export async function startHeldGameApi(sim: GameSimulator, at: Date): Promise<HeldGameApi> {
  let holding = false;
  let open = 0;
  let maxOpen = 0;
  const held = new Set<() => void>();
  const givenUp: number[] = [];

  const server = http.createServer((req, res) => {
    const tag = decodeURIComponent(/\/teams\/([^/?]+)/.exec(req.url ?? '')?.[1] ?? '');
    open++;
    maxOpen = Math.max(maxOpen, open);
    const answer = () => {
      held.delete(answer);
      if (res.destroyed) return;
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(sim.teamResponse(tag, at)));
    };
    res.on('close', () => {
      open--;
      if (held.delete(answer)) givenUp.push(Date.now());
    });
    if (holding) held.add(answer);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`,
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      for (const answer of [...held]) answer();
    },
    get held() {
      return held.size;
    },
    get maxOpen() {
      return maxOpen;
    },
    givenUp,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
