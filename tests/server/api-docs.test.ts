/** /api/docs: the OpenAPI 3 document built from the routes' zod schemas and tags, and its page. */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from './helpers.js';

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: { type?: string; enum?: string[] };
}
interface Operation {
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown>; required?: string[] } }> };
  responses: Record<string, unknown>;
}
type Paths = Record<string, Record<string, Operation>>;

describe('API docs', () => {
  let t: TestContext;
  let paths: Paths;
  beforeAll(async () => {
    t = await testApp('pglite');
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('NT Team Stats API');
    paths = doc.paths;
  });
  afterAll(() => t.close());

  const params = (path: string, method = 'get') =>
    (paths[path]?.[method]?.parameters ?? []).map((p) => `${p.in}:${p.name}${p.required ? ' (required)' : ''}`).sort();

  it('lists the query parameters of the public reads', () => {
    expect(params('/api/team-info')).toEqual(['query:tag (required)']);
    expect(params('/api/racer-batches')).toEqual(['query:format', 'query:username (required)']);
    expect(params('/api/team-leaderboard')).toEqual([
      'query:end_time (required)',
      'query:showbot',
      'query:start_time (required)',
    ]);
    expect(params('/api/daily-participants')).toEqual(['query:date', 'query:tag (required)']);
  });

  it('lists path parameters in OpenAPI form', () => {
    expect(params('/api/event-participants/{eventId}')).toEqual(['path:eventId (required)']);
    expect(Object.keys(paths['/api/users/{id}']).sort()).toEqual(['delete', 'put']);
  });

  it('lists request bodies, answers and tags', () => {
    const login = paths['/api/login'].post;
    const body = login.requestBody!.content['application/json'].schema;
    expect(Object.keys(body.properties).sort()).toEqual(['password', 'username']);
    expect(paths['/api/health'].get.tags).toEqual(['operations']);
    expect(Object.keys(paths['/api/health'].get.responses).sort()).toEqual(['200', '503']);
    expect(paths['/api/team-info'].get.tags).toEqual(['teams']);
  });

  it('leaves out its own routes and HEAD twins', () => {
    expect(paths['/api/docs']).toBeUndefined();
    expect(paths['/api/docs/json']).toBeUndefined();
    expect(Object.values(paths).some((ops) => 'head' in ops)).toBe(false);
  });

  it('serves a readable page of every operation', async () => {
    const res = await t.app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const operations = Object.values(paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(res.body.match(/<section class="op">/g)).toHaveLength(operations);
    expect(res.body).toContain('<code>/api/team-info</code>');
    expect(res.body).toContain('<a href="/api/docs/json">');
    expect(res.body).not.toContain('<script');
  });

  it('allows its one inline style by hash in its own policy, and nowhere else', async () => {
    const res = await t.app.inject('/api/docs');
    const styles = [...res.body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
    expect(styles).toHaveLength(1);
    const hash = createHash('sha256').update(styles[0]).digest('base64');
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain(`style-src 'self' 'sha256-${hash}';`);
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*';/);
    expect(policy).toContain("frame-ancestors 'none'");
    const other = await t.app.inject('/api/docs/json');
    expect(other.headers['content-security-policy']).toContain("style-src 'self';");
    // Only the theme's boot script is allowed by hash elsewhere: no inline style.
    expect(other.headers['content-security-policy']).not.toMatch(/style-src[^;]*sha256-/);
  });
});
