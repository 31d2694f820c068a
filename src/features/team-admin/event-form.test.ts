import { describe, expect, it } from 'vitest';
import type { Event } from '../../../contract/events';
import { chosenOwner, derivedStatus, formProblem, formValues, requestBody, toDateTimeLocal } from './event-form';

const TZ = 'America/Chicago';
const EVENT: Event = {
  EventID: 7,
  Title: 'Sprint',
  Description: 'Fast',
  Status: 'Pending',
  StartTime: '2026-03-12 19:00:00',
  EndTime: '2026-03-14 19:00:30',
  TeamTag: 'ALPHA BRAVO',
  DefaultSort: 'Points',
  MinRaces: null,
  QualifyingRaces: null,
  RaceIncrement: null,
  PayoutIncrement: null,
  Cap: null,
  AccBonus96: null,
  AccBonus98: null,
  OwnerTag: 'ALPHA',
  PayFlagged: false,
};

describe('event form', () => {
  it('turns API times into datetime-local values', () => {
    expect(toDateTimeLocal('2026-03-12 19:00:00')).toBe('2026-03-12T19:00');
    expect(toDateTimeLocal('2026-03-14 19:00:30')).toBe('2026-03-14T19:00:30');
  });

  it('starts empty for a new event with the selected team and Races, or from the event', () => {
    expect(formValues(null, 'ALPHA')).toEqual({
      Title: '',
      TeamTag: 'ALPHA',
      StartTime: '',
      EndTime: '',
      DefaultSort: 'Races',
      Description: '',
      OwnerTag: 'ALPHA',
    });
    expect(formValues(EVENT, 'ALPHA')).toEqual({
      Title: 'Sprint',
      TeamTag: 'ALPHA BRAVO',
      StartTime: '2026-03-12T19:00',
      EndTime: '2026-03-14T19:00:30',
      DefaultSort: 'Points',
      Description: 'Fast',
      OwnerTag: 'ALPHA',
    });
  });

  it('names every missing required field, then checks the times', () => {
    const empty = formValues(null, undefined);
    expect(formProblem(empty, TZ)).toBe('Title, Team Tag(s), Start Time, End Time required');
    const ok = { ...formValues(EVENT, undefined), Description: '' };
    expect(formProblem(ok, TZ)).toBeNull();
    expect(formProblem({ ...ok, EndTime: '2026-03-12T18:59' }, TZ)).toBe('End Time cannot be before Start Time');
  });

  it('sends tags upper-cased and single-spaced', () => {
    expect(requestBody({ ...formValues(EVENT, undefined), TeamTag: ' alpha   bravo ' }).TeamTag).toBe('ALPHA BRAVO');
  });

  it("sends the owner while it is one of the teams, else the first team; a teamadmin's own team as it is", () => {
    const v = formValues(EVENT, undefined);
    expect(requestBody({ ...v, OwnerTag: 'BRAVO' }).OwnerTag).toBe('BRAVO');
    expect(chosenOwner({ TeamTag: 'bravo charlie', OwnerTag: 'ALPHA' }, false)).toBe('BRAVO');
    expect(chosenOwner({ TeamTag: 'BRAVO', OwnerTag: 'ALPHA' }, true)).toBe('ALPHA');
    expect(requestBody({ ...v, TeamTag: '', OwnerTag: 'ALPHA' }).OwnerTag).toBeUndefined();
  });

  it('derives the status in CT: Pending, Active through the end, Concluded', () => {
    const v = { StartTime: '2026-03-12T19:00', EndTime: '2026-03-14T19:00' };
    const start = Date.parse('2026-03-13T00:00:00Z'); // 19:00 CDT
    const end = Date.parse('2026-03-15T00:00:00Z');
    expect(derivedStatus(v, TZ, start - 1)).toBe('Pending');
    expect(derivedStatus(v, TZ, start)).toBe('Active');
    expect(derivedStatus(v, TZ, end)).toBe('Active');
    expect(derivedStatus(v, TZ, end + 1)).toBe('Concluded');
    expect(derivedStatus({ ...v, EndTime: '' }, TZ, start)).toBeNull();
  });
});
