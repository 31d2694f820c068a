import * as v from 'valibot';
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
    expect(v.parse(teamSearchSchema, { tag: ' beehve ' })).toEqual({ tag: 'BEEHVE' });
    expect(v.parse(teamSearchSchema, { tag: 'a-b' }).tag).toBeUndefined();
    expect(v.parse(teamSearchSchema, {}).tag).toBeUndefined();
  });
  it('accepts only batch, daily and weekly as racer subtabs', () => {
    expect(v.parse(racerSearchSchema, { username: 'bob', subtab: 'daily' })).toEqual({
      username: 'bob',
      subtab: 'daily',
    });
    expect(v.parse(racerSearchSchema, { username: 'bob', subtab: 'monthly' }).subtab).toBeUndefined();
  });
  it('reads an event id as a positive whole number', () => {
    expect(v.parse(eventViewerSearchSchema, { event: '12', tag: 'x1' })).toEqual({ event: 12, tag: 'X1' });
    expect(v.parse(eventViewerSearchSchema, { event: 12 })).toEqual({ event: 12 });
    expect(v.parse(eventViewerSearchSchema, { event: '' }).event).toBeUndefined();
    expect(v.parse(eventViewerSearchSchema, { event: '1.5' }).event).toBeUndefined();
    expect(v.parse(eventViewerSearchSchema, { event: '-3' }).event).toBeUndefined();
    expect(v.parse(eventViewerSearchSchema, { event: 'abc' }).event).toBeUndefined();
  });
});
