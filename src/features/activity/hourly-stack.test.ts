import { describe, expect, it } from 'vitest';
import type { HourlyRacesRow } from '../../../contract/activity';
import { HOURLY_RACES_HOURS } from '../../../contract/activity';
import { buildHourlyStack, cumulativeStack, hourBucketsFor, HOURS_SHOWN } from './hourly-stack';

const H = (iso: string) => Date.parse(iso);
const row = (hour: string, username: string, races: number): HourlyRacesRow => ({
  hour,
  racer: username.toUpperCase(),
  username,
  races,
  bot: 0,
});

describe('hourly stack', () => {
  it('shows the hours the server sends', () => {
    expect(HOURS_SHOWN).toBe(HOURLY_RACES_HOURS);
  });

  const rows = [
    row('2026-04-02T15:00:00.000Z', 'a', 5),
    row('2026-04-02T15:00:00.000Z', 'b', 2),
    row('2026-04-02T16:00:00.000Z', 'c', 1),
    row('2026-04-02T17:00:00.000Z', 'b', 4),
    row('2026-04-02T17:00:00.000Z', 'd', 1),
  ];

  it('uses the hours ending with the current hour, or a newer row hour', () => {
    expect(hourBucketsFor(rows, H('2026-04-02T17:40:00Z'), 3)).toEqual([
      H('2026-04-02T15:00:00Z'),
      H('2026-04-02T16:00:00Z'),
      H('2026-04-02T17:00:00Z'),
    ]);
    expect(hourBucketsFor(rows, H('2026-04-02T16:10:00Z'), 2)).toEqual([
      H('2026-04-02T16:00:00Z'),
      H('2026-04-02T17:00:00Z'),
    ]);
  });

  it('orders racers by total races and fills every hour', () => {
    const hours = hourBucketsFor(rows, H('2026-04-02T17:00:00Z'), 3);
    const s = buildHourlyStack(rows, hours, null);
    expect(s.series.map((x) => [x.username, x.total, x.values])).toEqual([
      ['b', 6, [2, 0, 4]],
      ['a', 5, [5, 0, 0]],
      ['c', 1, [0, 1, 0]],
      ['d', 1, [0, 0, 1]],
    ]);
    expect(s.totals).toEqual([7, 1, 5]);
    expect(s.racerCount).toBe(4);
  });

  it('groups racers past the limit into Others, keeping the bar totals', () => {
    const hours = hourBucketsFor(rows, H('2026-04-02T17:00:00Z'), 3);
    const s = buildHourlyStack(rows, hours, 2);
    expect(s.series.map((x) => [x.label, x.total, x.values])).toEqual([
      ['B', 6, [2, 0, 4]],
      ['A', 5, [5, 0, 0]],
      ['Others (2)', 2, [0, 1, 1]],
    ]);
    expect(s.totals).toEqual([7, 1, 5]);
  });

  it('drops rows outside the buckets', () => {
    const s = buildHourlyStack(rows, [H('2026-04-02T17:00:00Z')], null);
    expect(s.totals).toEqual([5]);
    expect(s.series.map((x) => x.username)).toEqual(['b', 'd']);
  });

  it('stacks cumulatively, tallest first', () => {
    const hours = hourBucketsFor(rows, H('2026-04-02T17:00:00Z'), 3);
    const s = buildHourlyStack(rows, hours, 2);
    expect(cumulativeStack(s.series)).toEqual([
      [7, 1, 5],
      [7, 0, 4],
      [2, 0, 4],
    ]);
    expect(cumulativeStack([])).toEqual([]);
  });
});
