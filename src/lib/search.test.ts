import { describe, expect, it } from 'vitest';
import { eventViewerSearchSchema, parseSearch, racerSearchSchema, stringifySearch, teamSearchSchema } from './search';

describe('address query strings', () => {
  it('round-trips plain pairs and leaves out empty values', () => {
    expect(parseSearch('?username=bob&subtab=batch&tag=ABC')).toEqual({ username: 'bob', subtab: 'batch', tag: 'ABC' });
    expect(stringifySearch({ username: 'bob', subtab: 'batch', tag: undefined, x: '' })).toBe(
      '?username=bob&subtab=batch',
    );
    expect(stringifySearch({})).toBe('');
    expect(stringifySearch({ event: 12 })).toBe('?event=12');
  });
});

describe('search schemas drop bad values instead of failing', () => {
  it('upper-cases a team tag and drops anything that is not letters and digits', () => {
    expect(teamSearchSchema.parse({ tag: ' beehve ' })).toEqual({ tag: 'BEEHVE' });
    expect(teamSearchSchema.parse({ tag: 'a-b' }).tag).toBeUndefined();
    expect(teamSearchSchema.parse({}).tag).toBeUndefined();
  });
  it('accepts only batch, daily and weekly as racer subtabs', () => {
    expect(racerSearchSchema.parse({ username: 'bob', subtab: 'daily' })).toEqual({ username: 'bob', subtab: 'daily' });
    expect(racerSearchSchema.parse({ username: 'bob', subtab: 'monthly' }).subtab).toBeUndefined();
  });
  it('reads an event id as a positive whole number', () => {
    expect(eventViewerSearchSchema.parse({ event: '12', tag: 'x1' })).toEqual({ event: 12, tag: 'X1' });
    expect(eventViewerSearchSchema.parse({ event: '1.5' }).event).toBeUndefined();
    expect(eventViewerSearchSchema.parse({ event: '-3' }).event).toBeUndefined();
    expect(eventViewerSearchSchema.parse({ event: 'abc' }).event).toBeUndefined();
  });
});
