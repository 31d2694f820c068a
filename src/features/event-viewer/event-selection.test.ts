import { describe, expect, it } from 'vitest';
import { chooseEvent, parseStoredEventId } from './event-selection';

const events = [
  { EventID: 3, StartTime: '2026-03-01 12:00:00' },
  { EventID: 7, StartTime: '2026-03-05 09:00:00' },
  { EventID: 5, StartTime: '2026-03-05 09:00:00' },
  { EventID: 9, StartTime: '2026-02-20 08:00:00' },
];

describe('chooseEvent', () => {
  it('takes the address event when it is one of the team’s events', () => {
    expect(chooseEvent(events, 3, 9)).toBe(3);
  });
  it('falls back to the stored event when the address one is not the team’s', () => {
    expect(chooseEvent(events, 42, 9)).toBe(9);
    expect(chooseEvent(events, undefined, 9)).toBe(9);
  });
  it('else takes the latest StartTime, ties to the higher EventID', () => {
    expect(chooseEvent(events, 42, 43)).toBe(7);
    expect(chooseEvent(events, undefined, undefined)).toBe(7);
    expect(chooseEvent([events[0], events[2]], undefined, undefined)).toBe(5);
  });
  it('is none when the team has no events', () => {
    expect(chooseEvent([], 3, 9)).toBeUndefined();
  });
  it('compares times as text across months and years', () => {
    expect(
      chooseEvent(
        [
          { EventID: 1, StartTime: '2025-12-31 23:00:00' },
          { EventID: 2, StartTime: '2026-01-01 00:00:00' },
        ],
        undefined,
        undefined,
      ),
    ).toBe(2);
  });
});

describe('parseStoredEventId', () => {
  it('reads whole numbers only', () => {
    expect(parseStoredEventId('12')).toBe(12);
    expect(parseStoredEventId(null)).toBeUndefined();
    expect(parseStoredEventId('')).toBeUndefined();
    expect(parseStoredEventId('1.5')).toBeUndefined();
    expect(parseStoredEventId('abc')).toBeUndefined();
  });
});
