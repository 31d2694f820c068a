/**
 * The simulated game over real HTTP: the exact JSON of the team API, the FAIL answer for an
 * unknown tag, 404 for anything else, and every injectable fault.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameSimulator } from './game-simulator.js';
import { startSimulatorServer, type SimulatorServer } from './server.js';

const DAY = 86_400_000;
const NOW = new Date(Date.UTC(2025, 5, 10, 1, 3, 20)); // 20:03 CT on a Monday
const options = { seed: 99, teams: 3, racersPerTeam: 12, start: new Date(NOW.getTime() - 5 * DAY) };

describe('simulator server', () => {
  const sim = new GameSimulator(options);
  const reference = new GameSimulator(options);
  let server: SimulatorServer;
  const url = (tag: string) => `${server.baseUrl}/teams/${tag}`;

  beforeAll(async () => {
    server = await startSimulatorServer({ sim, now: () => NOW });
  });
  afterAll(async () => {
    await server.close();
  });

  it('listens on 127.0.0.1 with a base URL ending in /api/v2', () => {
    expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2$/);
  });

  it('answers a team in the exact JSON the simulator gives for that instant', async () => {
    for (const tag of sim.tags) {
      const res = await fetch(url(tag));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const text = await res.text();
      expect(text).toBe(JSON.stringify(reference.teamResponse(tag, NOW)));
      const body = JSON.parse(text);
      expect(body.status).toBe('OK');
      expect(body.results.info.tag).toBe(tag);
      expect(body.results.members.length).toBe(body.results.info.members);
    }
  });

  it('finds tags case-insensitively', async () => {
    const body = await (await fetch(url(sim.tags[1].toLowerCase()))).json();
    expect(body.results.info.tag).toBe(sim.tags[1]);
  });

  it('answers HTTP 200 with status FAIL for an unknown tag', async () => {
    const res = await fetch(url('NOSUCH'));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ status: 'FAIL', data: { message: expect.any(String) } });
  });

  it('answers 404 for any other path or method', async () => {
    const base = server.baseUrl.replace(/\/api\/v2$/, '');
    for (const path of [
      '/',
      '/api/v2/teams',
      `/api/v2/teams/${sim.tags[0]}/members`,
      '/api/v1/teams/X',
      `/api/v2/racers/x`,
    ]) {
      expect((await fetch(base + path)).status, path).toBe(404);
    }
    expect((await fetch(url(sim.tags[0]), { method: 'POST', body: '{}' })).status).toBe(404);
  });

  it('serves 429, 403, an HTML challenge and a 500 once each, then recovers', async () => {
    const tag = sim.tags[0];
    server.injectFault(tag, '429');
    server.injectFault(tag, '403');
    server.injectFault(tag, 'html');
    server.injectFault(tag, '500');
    const r429 = await fetch(url(tag));
    expect(r429.status).toBe(429);
    expect(r429.headers.get('retry-after')).toBe('60');
    await r429.text();
    const r403 = await fetch(url(tag));
    expect(r403.status).toBe(403);
    expect(r403.headers.get('content-type')).toMatch(/^text\/html/);
    await r403.text();
    const challenge = await fetch(url(tag));
    expect(challenge.status).toBe(200);
    expect(challenge.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await challenge.text()).toContain('Just a moment...');
    const r500 = await fetch(url(tag));
    expect(r500.status).toBe(500);
    await r500.text();
    const recovered = await fetch(url(tag));
    expect(recovered.status).toBe(200);
    expect((await recovered.json()).status).toBe('OK');
  });

  it('serves JSON cut in half for a truncated fault', async () => {
    const tag = sim.tags[2];
    server.injectFault(tag, 'truncated');
    const res = await fetch(url(tag));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await res.text();
    const full = JSON.stringify(reference.teamResponse(tag, NOW));
    expect(text).toBe(full.slice(0, Math.floor(full.length / 2)));
    expect(() => JSON.parse(text)).toThrow();
  });

  it('never answers a timeout fault, and answers the next request', async () => {
    const tag = sim.tags[1];
    server.injectFault(tag, 'timeout');
    await expect(fetch(url(tag), { signal: AbortSignal.timeout(400) })).rejects.toThrow();
    expect((await fetch(url(tag))).status).toBe(200);
  });

  it('applies a fault only to its tag, `times` requests in a row, and * to any tag', async () => {
    server.injectFault(sim.tags[0], '500', 2);
    expect((await fetch(url(sim.tags[1]))).status).toBe(200);
    expect((await fetch(url(sim.tags[0]))).status).toBe(500);
    expect((await fetch(url(sim.tags[0].toLowerCase()))).status).toBe(500);
    expect((await fetch(url(sim.tags[0]))).status).toBe(200);
    server.injectFault('*', '403');
    expect((await fetch(url(sim.tags[2]))).status).toBe(403);
    expect((await fetch(url(sim.tags[2]))).status).toBe(200);
    expect(() => server.injectFault('*', 'boom' as never)).toThrow(RangeError);
  });

  it('reads the clock on every request', async () => {
    let now = new Date(NOW.getTime() - DAY);
    const clocked = await startSimulatorServer({ sim: new GameSimulator(options), now: () => now });
    try {
      const tag = sim.tags[0];
      const before = await (await fetch(`${clocked.baseUrl}/teams/${tag}`)).text();
      expect(before).toBe(JSON.stringify(reference.teamResponse(tag, now)));
      now = new Date(NOW.getTime() - DAY + 3_600_000);
      const after = await (await fetch(`${clocked.baseUrl}/teams/${tag}`)).text();
      expect(after).toBe(JSON.stringify(reference.teamResponse(tag, now)));
      expect(after).not.toBe(before);
    } finally {
      await clocked.close();
    }
  });

  it('closes promptly while a timed-out request is still hanging', async () => {
    const other = await startSimulatorServer({ sim: new GameSimulator(options), now: () => NOW });
    other.injectFault('*', 'timeout');
    const hanging = fetch(`${other.baseUrl}/teams/${sim.tags[0]}`);
    await new Promise((r) => setTimeout(r, 100));
    const t0 = Date.now();
    await other.close();
    expect(Date.now() - t0).toBeLessThan(1_000);
    await expect(hanging).rejects.toThrow();
  });

  it('holds each answer back within the latency range, requests in parallel not queued', async () => {
    const slow = await startSimulatorServer({
      sim: new GameSimulator(options),
      now: () => NOW,
      latencyMs: { min: 150, max: 250 },
    });
    try {
      const timed = async (tag: string) => {
        const t0 = performance.now();
        const res = await fetch(`${slow.baseUrl}/teams/${tag}`);
        await res.text();
        return { status: res.status, ms: performance.now() - t0 };
      };
      const t0 = performance.now();
      const answers = await Promise.all([...sim.tags, ...sim.tags].map(timed));
      const all = performance.now() - t0;
      for (const a of answers) {
        expect(a.status).toBe(200);
        expect(a.ms).toBeGreaterThanOrEqual(148);
      }
      // Six requests of 150-250 ms each at once take well under their sum (>= 900 ms).
      expect(all).toBeLessThan(700);
    } finally {
      await slow.close();
    }
    await expect(
      startSimulatorServer({ sim: new GameSimulator(options), now: () => NOW, latencyMs: { min: 5, max: 1 } }),
    ).rejects.toThrow(RangeError);
  });
});
