/**
 * The contract and the server agree: every endpoint described in contract/ is a route the server
 * answers, every /api route has its endpoint (the API docs pages aside), and an endpoint's
 * `access` is what the route enforces: a logged-out caller gets 401, a teamadmin 403 from an
 * admin-only call, before any input is looked at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../contract/endpoint.js';
import { testApp, type TestContext } from './helpers.js';
import { addUser, login } from './staff-helpers.js';

const modules = import.meta.glob<Record<string, unknown>>(['../../contract/*.ts', '!../../contract/*.test.ts'], {
  eager: true,
});

const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'ok' in v;

const endpoints = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, v]) => isEndpoint(v))
    .map(([name, v]) => ({ name, file: file.replace(/^.*\//, ''), e: v as Endpoint })),
);
const key = (method: string, path: string) => `${method} ${path}`;

/** Every method + URL Fastify routes, read from its route tree (HEAD twins of GETs left out). */
function registeredRoutes(tree: string): string[] {
  const stack: string[] = [];
  const out: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[├└]── (.+?) \(([A-Z, ]+)\)$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack[depth] = (depth > 0 ? stack[depth - 1] : '') + m[2];
    for (const method of m[3].split(', ')) if (method !== 'HEAD') out.push(key(method, stack[depth]));
  }
  return out.sort();
}

describe('contract endpoints and server routes', () => {
  let t: TestContext;
  let routes: string[];
  beforeAll(async () => {
    t = await testApp('pglite');
    routes = registeredRoutes(t.app.printRoutes({ commonPrefix: false }));
  });
  afterAll(() => t.close());

  it('finds the endpoints, each named once and each call described once', () => {
    expect(endpoints.length).toBeGreaterThan(50);
    const names = endpoints.map((x) => x.name);
    expect(new Set(names).size, 'an endpoint name is used in two contract files').toBe(names.length);
    const calls = endpoints.map((x) => key(x.e.method, x.e.path));
    expect(new Set(calls).size, 'a call is described twice').toBe(calls.length);
    for (const { e, name } of endpoints) expect(e.path, name).toMatch(/^\/api\//);
  });

  it('registers every endpoint and nothing else under /api', () => {
    const described = endpoints.map((x) => key(x.e.method, x.e.path)).sort();
    const api = routes.filter((r) => r.includes(' /api/') && !/ \/api\/docs(\/json)?$/.test(r));
    expect(api).toEqual(described);
  });

  it('enforces each endpoint’s access before reading its input', async () => {
    await addUser(t.db, { username: 'ta', password: 'teamadmin-password', role: 'teamadmin', teamTag: 'TEST' });
    const teamadmin = await login(t.app, 'ta', 'teamadmin-password');
    const guarded = endpoints.filter((x) => x.e.access);
    expect(guarded.length).toBeGreaterThanOrEqual(20);
    for (const { e, name } of guarded) {
      // Path parameters and bodies are deliberately invalid: the role check must come first.
      const url = e.path.replace(/:[A-Za-z_]+/g, 'x');
      const payload = e.method === 'GET' ? undefined : {};
      const anonymous = await t.app.inject({ method: e.method, url, payload });
      expect(anonymous.statusCode, `${name} anonymous`).toBe(401);
      expect(anonymous.json(), name).toEqual({ error: 'Login required' });
      const asTeamadmin = await t.app.inject({ method: e.method, url, payload, headers: { cookie: teamadmin } });
      if (e.access === 'admin') expect(asTeamadmin.statusCode, `${name} teamadmin`).toBe(403);
      else expect(asTeamadmin.statusCode, `${name} teamadmin`).not.toBe(401);
    }
  });
});
