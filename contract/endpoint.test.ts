/** The endpoint description's helpers: path filling and the input/output types a client derives. */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { endpoint, fillPath, type Endpoint, type EndpointInput, type EndpointOutput } from './endpoint.js';
import type { updateEvent } from './admin-events.js';
import type { eventParticipants, teamEvents } from './events.js';
import type { teamTags } from './teams.js';

describe('fillPath', () => {
  it('fills every :name and URI-encodes it', () => {
    expect(fillPath('/api/event-participants/:eventId', { eventId: 12 })).toBe('/api/event-participants/12');
    expect(fillPath('/api/admin/bot-flags/:username', { username: 'a b/c' })).toBe('/api/admin/bot-flags/a%20b%2Fc');
    expect(fillPath('/api/site', undefined)).toBe('/api/site');
  });
});

describe('EndpointInput and EndpointOutput', () => {
  it('ask for exactly the parts an endpoint declares', () => {
    expectTypeOf<EndpointInput<typeof teamTags>>().toEqualTypeOf<
      { params?: undefined } & { query?: undefined } & { body?: undefined }
    >();
    expectTypeOf<EndpointInput<typeof teamEvents>['query']>().toEqualTypeOf<{ tag: string }>();
    expectTypeOf<EndpointInput<typeof eventParticipants>['params']>().toEqualTypeOf<{ eventId: string }>();
    expectTypeOf<EndpointInput<typeof updateEvent>['body']>().toHaveProperty('Title');
  });

  it('give the parsed success answer, for endpoints with path parameters too', () => {
    expectTypeOf<EndpointOutput<typeof teamTags>>().toEqualTypeOf<string[]>();
    expectTypeOf<EndpointOutput<typeof eventParticipants>>().toHaveProperty('participants');
  });
});

describe('cache policy', () => {
  it('every GET declares whether its answers are shared; staff answers never are', async () => {
    const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true });
    const gets = Object.values(modules)
      .flatMap((m) => Object.values(m))
      .filter((v): v is Endpoint => typeof v === 'object' && v !== null && 'method' in v && 'ok' in v)
      .filter((e) => e.method === 'GET');
    expect(gets.length).toBeGreaterThan(30);
    for (const e of gets) {
      expect(['data', 'minute', 'none'], e.path).toContain(e.cache);
      if (e.access || e.path.startsWith('/api/admin/')) expect(e.cache, e.path).toBe('none');
    }
    // Per caller, streaming and operational answers are never shared.
    const byPath = new Map(gets.map((e) => [e.path, e.cache]));
    for (const path of ['/api/me', '/api/my-team-tag', '/api/live', '/api/health'])
      expect(byPath.get(path), path).toBe('none');
  });

  it('refuses a GET without a policy and a shared staff answer', () => {
    expect(() => endpoint({ method: 'GET', path: '/api/x', ok: z.null() } as never)).toThrow(/cache policy/);
    expect(() => endpoint({ method: 'GET', path: '/api/x', cache: 'data', access: 'staff', ok: z.null() })).toThrow(
      /never shared/,
    );
    expect(() => endpoint({ method: 'POST', path: '/api/x', cache: 'data', ok: z.null() })).toThrow(/only a GET/);
  });
});
