import { describe, expect, it } from 'vitest';
import { MAX_PERIODS, mostRecent, periodChartHeight, racesByDay, racesByWeek, type RaceColumns } from './period-races';

const TZ = 'America/Chicago';

/** Batches from [ISO instant, team races, lifetime races] triples (must be in time order). */
function cols(rows: [string, number, number][]): RaceColumns {
  return {
    time: rows.map(([iso]) => Date.parse(iso) / 1000),
    races: rows.map((r) => r[1]),
    lifetimeRaces: rows.map((r) => r[2]),
  };
}

describe('racesByDay', () => {
  it('cuts days at midnight Central time, not UTC', () => {
    // CDT (UTC-5): 04:50Z is 23:50 on the 9th, 05:00Z is midnight of the 10th.
    const days = racesByDay(
      cols([
        ['2026-03-10T04:50:00Z', 2, 3],
        ['2026-03-10T05:00:00Z', 4, 4],
        ['2026-03-10T23:50:00Z', 1, 1],
      ]),
      TZ,
    );
    expect(days).toEqual([
      { period: '2026-03-09', teamRaces: 2, lifetimeRaces: 3 },
      { period: '2026-03-10', teamRaces: 5, lifetimeRaces: 5 },
    ]);
  });

  it('gives the spring-forward day its 23 hours', () => {
    // 2026-03-08 runs from 06:00Z (00:00 CST) to 05:00Z next day (00:00 CDT).
    const days = racesByDay(
      cols([
        ['2026-03-08T05:50:00Z', 1, 1], // 23:50 CST on the 7th
        ['2026-03-08T06:00:00Z', 2, 2], // 00:00 CST on the 8th
        ['2026-03-08T07:50:00Z', 3, 3], // 01:50 CST
        ['2026-03-08T08:00:00Z', 4, 4], // 03:00 CDT
        ['2026-03-09T04:50:00Z', 5, 6], // 23:50 CDT, still the 8th
        ['2026-03-09T05:00:00Z', 7, 7], // 00:00 CDT on the 9th
      ]),
      TZ,
    );
    expect(days).toEqual([
      { period: '2026-03-07', teamRaces: 1, lifetimeRaces: 1 },
      { period: '2026-03-08', teamRaces: 14, lifetimeRaces: 15 },
      { period: '2026-03-09', teamRaces: 7, lifetimeRaces: 7 },
    ]);
  });

  it('gives the fall-back day its 25 hours, both 01:00 hours included', () => {
    // 2026-11-01 runs from 05:00Z (00:00 CDT) to 06:00Z next day (00:00 CST).
    const days = racesByDay(
      cols([
        ['2026-11-01T04:50:00Z', 1, 1], // 23:50 CDT on Oct 31
        ['2026-11-01T05:00:00Z', 2, 2], // 00:00 CDT
        ['2026-11-01T06:10:00Z', 3, 3], // 01:10 CDT
        ['2026-11-01T07:10:00Z', 4, 4], // 01:10 CST
        ['2026-11-02T05:50:00Z', 5, 5], // 23:50 CST
        ['2026-11-02T06:00:00Z', 6, 6], // 00:00 CST on Nov 2
      ]),
      TZ,
    );
    expect(days).toEqual([
      { period: '2026-10-31', teamRaces: 1, lifetimeRaces: 1 },
      { period: '2026-11-01', teamRaces: 14, lifetimeRaces: 14 },
      { period: '2026-11-02', teamRaces: 6, lifetimeRaces: 6 },
    ]);
  });

  it('sums only the batches of the index window', () => {
    const c = cols([
      ['2026-03-10T15:00:00Z', 1, 1],
      ['2026-03-10T16:00:00Z', 2, 2],
      ['2026-03-11T16:00:00Z', 4, 4],
      ['2026-03-12T16:00:00Z', 8, 8],
    ]);
    expect(racesByDay(c, TZ, 1, 3)).toEqual([
      { period: '2026-03-10', teamRaces: 2, lifetimeRaces: 2 },
      { period: '2026-03-11', teamRaces: 4, lifetimeRaces: 4 },
    ]);
    expect(racesByDay(c, TZ, 2, 2)).toEqual([]);
  });

  it('follows another site time zone', () => {
    expect(racesByDay(cols([['2026-03-10T04:50:00Z', 1, 1]]), 'UTC')[0].period).toBe('2026-03-10');
  });
});

describe('racesByWeek', () => {
  it('keys each week by the Sunday that starts it', () => {
    const days = racesByDay(
      cols([
        ['2026-03-07T18:00:00Z', 1, 1], // Saturday Mar 7 → week of Sunday Mar 1
        ['2026-03-08T07:50:00Z', 2, 3], // Sunday Mar 8, 01:50 CST → week of Mar 8
        ['2026-03-14T23:00:00Z', 4, 4], // Saturday Mar 14, 18:00 CDT → week of Mar 8
        ['2026-03-15T05:00:00Z', 8, 8], // Sunday Mar 15 00:00 CDT → week of Mar 15
      ]),
      TZ,
    );
    expect(racesByWeek(days)).toEqual([
      { period: '2026-03-01', teamRaces: 1, lifetimeRaces: 1 },
      { period: '2026-03-08', teamRaces: 6, lifetimeRaces: 7 },
      { period: '2026-03-15', teamRaces: 8, lifetimeRaces: 8 },
    ]);
  });

  it('puts a Saturday-night batch before midnight CT in the old week', () => {
    // 2026-10-31 23:50 CDT is Saturday; 2026-11-01 00:00 CDT starts the week of Nov 1.
    const days = racesByDay(
      cols([
        ['2026-11-01T04:50:00Z', 1, 1],
        ['2026-11-01T05:00:00Z', 2, 2],
      ]),
      TZ,
    );
    expect(racesByWeek(days).map((w) => w.period)).toEqual(['2026-10-25', '2026-11-01']);
  });
});

describe('mostRecent and periodChartHeight', () => {
  it('keeps the 30 most recent periods, newest first', () => {
    const periods = Array.from({ length: 35 }, (_, i) => ({
      period: `p${String(i).padStart(2, '0')}`,
      teamRaces: i,
      lifetimeRaces: i,
    }));
    const recent = mostRecent(periods);
    expect(MAX_PERIODS).toBe(30);
    expect(recent).toHaveLength(30);
    expect(recent[0].period).toBe('p34');
    expect(recent[29].period).toBe('p05');
    expect(mostRecent(periods.slice(0, 3)).map((p) => p.period)).toEqual(['p02', 'p01', 'p00']);
  });

  it('is at least 400 pixels, else 40 per period', () => {
    expect(periodChartHeight(0)).toBe(400);
    expect(periodChartHeight(10)).toBe(400);
    expect(periodChartHeight(11)).toBe(440);
    expect(periodChartHeight(30)).toBe(1200);
  });
});
