/**
 * The request log (server/http/request-log.ts): at most one line per request. At info only a
 * failed (5xx) or slow (over 1 s) answer writes one; at debug every request does. No line holds a
 * cookie, an authorization or a secret-looking query value.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/database.js';
import { buildApp, LOG_REDACT } from '../../server/http/app.js';
import type { App } from '../../server/http/context.js';
import { freshDatabase } from './helpers.js';

interface Line {
  level: number;
  msg: string;
  method?: string;
  url?: string;
  statusCode?: number;
  responseTime?: number;
  err?: { message: string };
}

const SESSION = 'sess10n-cookie-value';
const AUTH = 'Basic c2VjcmV0LWF1dGg=';
const TOKEN = 'query-t0ken-value';

async function appLogging(db: Database, level: 'info' | 'debug', lines: string[]): Promise<App> {
  const app = await buildApp(
    { db, config: { ...loadConfig({}), demo: false, trackedTeams: ['TEST'] }, now: () => new Date() },
    { logger: { level, redact: LOG_REDACT, stream: { write: (line: string) => void lines.push(line) } } },
  );
  // Stand-ins for a quick, a failing, an unavailable and a slow answer.
  app.get('/test/quick', async () => ({ ok: true }));
  app.get('/test/boom', async () => {
    throw new Error('kaput');
  });
  app.get('/test/unavailable', async (_request, reply) => reply.code(503).send({ error: 'Not now' }));
  app.get('/test/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1100));
    return { ok: true };
  });
  await app.ready();
  return app;
}

describe('request log', () => {
  let db: Database;
  const infoLines: string[] = [];
  const debugLines: string[] = [];
  let info: App;
  let debug: App;
  const parsed = (lines: string[]) => lines.map((l) => JSON.parse(l) as Line);
  const about = (lines: string[], path: string) => parsed(lines).filter((l) => JSON.stringify(l).includes(path));

  beforeAll(async () => {
    db = await freshDatabase('pglite');
    info = await appLogging(db, 'info', infoLines);
    debug = await appLogging(db, 'debug', debugLines);
  }, 120_000);
  afterAll(async () => {
    await info.close();
    await debug.close();
    await db.close();
  });

  it('writes nothing at info for a quick answer, nor Fastify’s two lines', async () => {
    expect((await info.inject({ url: '/test/quick' })).statusCode).toBe(200);
    expect(about(infoLines, '/test/quick')).toEqual([]);
    const res = await info.inject({ url: '/api/site', headers: { cookie: `sid=${SESSION}` } });
    expect(res.statusCode).toBe(200);
    // Nothing, unless this machine took over a second to answer.
    expect(about(infoLines, '/api/site').filter((l) => !l.msg.endsWith('(slow)'))).toEqual([]);
    expect(infoLines.join('\n')).not.toMatch(/incoming request|request completed/);
  });

  it('writes one error line for a failed answer, with its error', async () => {
    const res = await info.inject({ url: `/test/boom?token=${TOKEN}&tag=ABC` });
    expect(res.statusCode).toBe(500);
    const lines = about(infoLines, '/test/boom');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      method: 'GET',
      url: '/test/boom?token=redacted&tag=ABC',
      statusCode: 500,
      err: { message: 'kaput' },
    });
    expect(lines[0].msg).toMatch(/^GET \/test\/boom\?token=redacted&tag=ABC 500 \d+ ms$/);
  });

  it('writes one warn line for a 5xx answer without an error', async () => {
    expect((await info.inject({ url: '/test/unavailable' })).statusCode).toBe(503);
    const lines = about(infoLines, '/test/unavailable');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, method: 'GET', url: '/test/unavailable', statusCode: 503 });
  });

  it('writes one info line for an answer slower than a second', async () => {
    expect((await info.inject({ url: '/test/slow' })).statusCode).toBe(200);
    const lines = about(infoLines, '/test/slow');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, method: 'GET', url: '/test/slow', statusCode: 200 });
    expect(lines[0].responseTime).toBeGreaterThanOrEqual(1100);
    expect(lines[0].msg).toMatch(/^GET \/test\/slow 200 \d{4,} ms \(slow\)$/);
  });

  it('writes one debug line for every request at debug, without cookies, authorization or query secrets', async () => {
    const res = await debug.inject({
      url: `/api/site?tag=ABC&token=${TOKEN}`,
      headers: { cookie: `sid=${SESSION}`, authorization: AUTH },
    });
    expect(res.statusCode).toBe(200);
    const lines = about(debugLines, '/api/site');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 20,
      method: 'GET',
      url: '/api/site?tag=ABC&token=redacted',
      statusCode: 200,
    });
    await debug.inject({ method: 'POST', url: '/api/login', payload: { username: 'x', password: 'y' } });
    expect(about(debugLines, '/api/login')).toHaveLength(1);
    const all = debugLines.join('\n');
    for (const secret of [SESSION, AUTH, TOKEN, 'c2VjcmV0LWF1dGg']) expect(all).not.toContain(secret);
  });
});
