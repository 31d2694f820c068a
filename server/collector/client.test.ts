import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchTeam, parseRetryAfter, teamUrl, USER_AGENT } from './client.js';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

describe('fetchTeam', () => {
  let server: http.Server;
  let base: string;
  const routes = new Map<string, Handler>();
  const seen: http.IncomingMessage[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req);
      const h = routes.get(req.url ?? '');
      if (h) h(req, res);
      else res.writeHead(404, { 'content-type': 'application/json' }).end('{"status":"FAIL"}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const json =
    (status: number, body: string, headers: Record<string, string> = {}): Handler =>
    (_req, res) =>
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);

  it('GETs /teams/{TAG} with browser-like headers and returns the raw body', async () => {
    routes.set('/api/v2/teams/ALPHA', json(200, '{"status":"OK"}'));
    const r = await fetchTeam(base, 'alpha');
    expect(r).toEqual({ kind: 'ok', status: 200, body: '{"status":"OK"}' });
    const req = seen.at(-1)!;
    expect(req.method).toBe('GET');
    expect(req.headers['user-agent']).toBe(USER_AGENT);
    expect(req.headers.accept).toContain('application/json');
    expect(req.headers['accept-language']).toMatch(/^en-US/);
  });

  it('classifies 429 (with Retry-After) and 403 as rate limited', async () => {
    routes.set('/api/v2/teams/R1', json(429, '{"error":"slow down"}', { 'retry-after': '7' }));
    routes.set('/api/v2/teams/R2', json(403, 'Forbidden'));
    expect(await fetchTeam(base, 'R1')).toEqual({
      kind: 'rateLimited',
      status: 429,
      body: '{"error":"slow down"}',
      retryAfterMs: 7000,
      reason: 'HTTP 429',
    });
    expect(await fetchTeam(base, 'R2')).toMatchObject({ kind: 'rateLimited', status: 403, retryAfterMs: null });
  });

  it('classifies an HTML challenge page as rate limited, even with status 200 or 503', async () => {
    const page = '<!DOCTYPE html><html><head><title>Just a moment...</title></head></html>';
    routes.set('/api/v2/teams/H1', (_q, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page));
    routes.set('/api/v2/teams/H2', (_q, res) => res.writeHead(503, { 'content-type': 'text/html' }).end(page));
    routes.set('/api/v2/teams/H3', json(200, `  ${page}`));
    for (const tag of ['H1', 'H2', 'H3']) {
      const r = await fetchTeam(base, tag);
      expect(r.kind).toBe('rateLimited');
      expect(r.body).toContain('Just a moment');
    }
  });

  it('classifies 404 as not found and 500 as a failure, keeping the body', async () => {
    routes.set('/api/v2/teams/E5', json(500, 'oops'));
    expect(await fetchTeam(base, 'NOPE')).toEqual({ kind: 'notFound', status: 404, body: '{"status":"FAIL"}' });
    expect(await fetchTeam(base, 'E5')).toEqual({ kind: 'fail', status: 500, body: 'oops' });
  });

  it('times out when the server does not answer', async () => {
    routes.set('/api/v2/teams/SLOW', () => {});
    const started = Date.now();
    const r = await fetchTeam(base, 'SLOW', { timeoutMs: 150 });
    expect(r).toMatchObject({ kind: 'error', timedOut: true, body: null });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('times out when the body stalls after the headers', async () => {
    routes.set('/api/v2/teams/STALL', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"status":"OK",');
    });
    expect(await fetchTeam(base, 'STALL', { timeoutMs: 150 })).toMatchObject({ kind: 'error', timedOut: true });
  });

  it('reports a refused connection as a network error', async () => {
    const r = await fetchTeam('http://127.0.0.1:1/api/v2', 'ALPHA', { timeoutMs: 2_000 });
    expect(r).toMatchObject({ kind: 'error', timedOut: false });
  });

  it('stops when the caller aborts', async () => {
    routes.set('/api/v2/teams/SLOW2', () => {});
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 50);
    expect(await fetchTeam(base, 'SLOW2', { timeoutMs: 5_000, signal: ac.signal })).toMatchObject({
      kind: 'error',
      error: 'aborted',
      timedOut: false,
    });
  });
});

describe('client helpers', () => {
  it('builds the team URL with the tag upper-cased and encoded', () => {
    expect(teamUrl('https://www.nitrotype.com/api/v2/', 'ab c')).toBe('https://www.nitrotype.com/api/v2/teams/AB%20C');
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(parseRetryAfter('30')).toBe(30_000);
    expect(parseRetryAfter('Tue, 10 Mar 2026 18:00:10 GMT', Date.parse('2026-03-10T18:00:00Z'))).toBe(10_000);
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
  });
});
