/** The endpoint description's helpers: path filling and the input/output types a client derives. */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { fillPath, type EndpointInput, type EndpointOutput } from './endpoint.js';
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
