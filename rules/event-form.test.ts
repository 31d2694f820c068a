import { describe, expect, it } from 'vitest';
import { parseEventForm } from './event-form.js';

const TZ = 'America/Chicago';
const form = {
  Title: 'Spring',
  Description: '',
  TeamTag: 'beehve  team2',
  StartTime: '2026-03-07T20:00',
  EndTime: '2026-03-08 20:00:00',
  DefaultSort: 'Races',
};

describe('event form', () => {
  it('upper-cases and splits the tags, and reads the times in the site zone across DST', () => {
    const r = parseEventForm(form, TZ);
    expect(r).toEqual({
      title: 'Spring',
      description: '',
      tags: ['BEEHVE', 'TEAM2'],
      defaultSort: 'Races',
      start: new Date('2026-03-08T02:00:00Z'), // CST, UTC-6
      end: new Date('2026-03-09T01:00:00Z'), // CDT from 08 March 02:00, UTC-5
    });
  });

  it('accepts commas and drops duplicate tags, keeping the order entered', () => {
    const r = parseEventForm({ ...form, TeamTag: 'b, a,B' }, TZ);
    expect('tags' in r && r.tags).toEqual(['B', 'A']);
  });

  it('refuses 0 or more than 10 teams and malformed tags', () => {
    expect(parseEventForm({ ...form, TeamTag: ' , ' }, TZ)).toEqual({ error: 'Team Tag(s) is required' });
    const eleven = Array.from({ length: 11 }, (_, i) => `T${i}`).join(' ');
    expect(parseEventForm({ ...form, TeamTag: eleven }, TZ)).toEqual({ error: 'An event has at most 10 teams' });
    const ten = Array.from({ length: 10 }, (_, i) => `T${i}`).join(' ');
    expect('tags' in parseEventForm({ ...form, TeamTag: ten }, TZ)).toBe(true);
    expect(parseEventForm({ ...form, TeamTag: 'OK b@d' }, TZ)).toEqual({ error: 'Invalid team tag: B@D' });
  });

  it('refuses invalid times and an end before the start; a zero-length event is allowed', () => {
    expect(parseEventForm({ ...form, StartTime: '2026-02-30T10:00' }, TZ)).toEqual({
      error: 'Start Time is not a valid date and time',
    });
    expect(parseEventForm({ ...form, EndTime: 'tomorrow' }, TZ)).toEqual({
      error: 'End Time is not a valid date and time',
    });
    expect(parseEventForm({ ...form, EndTime: '2026-03-07T19:59' }, TZ)).toEqual({
      error: 'End Time cannot be before Start Time',
    });
    expect('tags' in parseEventForm({ ...form, EndTime: form.StartTime }, TZ)).toBe(true);
  });
});
