import { describe, expect, it } from 'vitest';
import { splitWindow, type WindowPart } from './window-split.js';

const d = (s: string) => new Date(s);
const TZ = 'America/Chicago';
const HOUR = 3_600_000;
const SLOT = 600_000;
const w = (start: string, end: string) => ({ start: d(start), end: d(end) });
const raw = (from: string, to: string, sign: 1 | -1 = 1): WindowPart => ({
  source: 'raw',
  sign,
  from: d(from),
  to: d(to),
});
const hourly = (from: string, to: string, sign: 1 | -1 = 1): WindowPart => ({
  source: 'hourly',
  sign,
  from: d(from),
  to: d(to),
});

describe('window splitter', () => {
  it('splits a window into raw edges, whole hours and whole site-zone days', () => {
    // CST: days start at 06:00Z.
    expect(splitWindow(w('2026-03-01T18:10:00Z', '2026-03-04T07:30:00Z'), TZ)).toEqual([
      raw('2026-03-01T18:10:00Z', '2026-03-01T19:00:00Z'),
      hourly('2026-03-01T19:00:00Z', '2026-03-02T06:00:00Z'),
      { source: 'days', sign: 1, first: '2026-03-02', last: '2026-03-03' },
      hourly('2026-03-04T06:00:00Z', '2026-03-04T07:00:00Z'),
      raw('2026-03-04T07:00:00Z', '2026-03-04T07:30:00Z'),
    ]);
  });

  it('follows the daylight-saving change: the day after 2026-03-08 starts at 05:00Z', () => {
    expect(splitWindow(w('2026-03-08T06:00:00Z', '2026-03-10T05:00:00Z'), TZ)).toEqual([
      { source: 'days', sign: 1, first: '2026-03-08', last: '2026-03-09' },
    ]);
  });

  it('uses hours only when no whole day fits, raw batches only when no whole hour fits', () => {
    expect(splitWindow(w('2026-03-01T18:00:00Z', '2026-03-02T08:00:00Z'), TZ)).toEqual([
      hourly('2026-03-01T18:00:00Z', '2026-03-02T08:00:00Z'),
    ]);
    expect(splitWindow(w('2026-03-01T18:10:00Z', '2026-03-01T19:30:00Z'), TZ)).toEqual([
      raw('2026-03-01T18:10:00Z', '2026-03-01T19:30:00Z'),
    ]);
    expect(splitWindow(w('2026-03-01T18:10:00Z', '2026-03-01T18:10:00Z'), TZ)).toEqual([]);
  });

  it('leaves out raw edges that hold no 10-minute boundary', () => {
    // The 24-hour board's window: [now − 24 h, now + 1 s) with now on a whole minute.
    expect(splitWindow(w('2026-03-01T18:07:00Z', '2026-03-01T20:07:01Z'), TZ)).toEqual([
      raw('2026-03-01T18:07:00Z', '2026-03-01T19:00:00Z'),
      hourly('2026-03-01T19:00:00Z', '2026-03-01T20:00:00Z'),
      raw('2026-03-01T20:00:00Z', '2026-03-01T20:07:01Z'),
    ]);
    expect(splitWindow(w('2026-03-01T18:11:00Z', '2026-03-01T18:19:00Z'), TZ)).toEqual([]);
  });

  it('reads days past an edge and subtracts the overshoot when that reads fewer hours', () => {
    // The 24-hour board at 12:07 CST: the start edge adds the 11 hours to midnight (subtracting the
    // 12 hours after the midnight before reads more), its first hour whole less the slot before
    // 18:07 (1 slot instead of 5); the end edge reaches on to tonight's midnight: what lies after
    // now holds no batch yet and costs nothing to subtract.
    const now = d('2026-03-03T18:07:00Z');
    expect(splitWindow(w('2026-03-02T18:07:00Z', '2026-03-03T18:07:01Z'), TZ, { subtract: true, now })).toEqual([
      raw('2026-03-02T18:00:00Z', '2026-03-02T18:07:00Z', -1),
      hourly('2026-03-02T18:00:00Z', '2026-03-03T06:00:00Z'),
      { source: 'days', sign: 1, first: '2026-03-03', last: '2026-03-03' },
      raw('2026-03-03T18:07:01Z', '2026-03-03T19:00:00Z', -1),
      hourly('2026-03-03T19:00:00Z', '2026-03-04T06:00:00Z', -1),
    ]);
    // A window starting at 01:00 CST subtracts the first hour of its day instead of adding 23.
    expect(splitWindow(w('2026-03-02T07:00:00Z', '2026-03-04T06:00:00Z'), TZ, { subtract: true, now })).toEqual([
      hourly('2026-03-02T06:00:00Z', '2026-03-02T07:00:00Z', -1),
      { source: 'days', sign: 1, first: '2026-03-02', last: '2026-03-03' },
    ]);
  });

  it('counts every slot of a window once and none outside it, in whole-hour and half-hour zones', () => {
    const base = d('2026-03-06T00:00:00Z').getTime();
    const wrong: unknown[] = [];
    for (const tz of [TZ, 'Asia/Kolkata']) {
      const format = new Intl.DateTimeFormat('en-CA', { timeZone: tz });
      const days = new Map<number, string>();
      const dayOf = (t: number) => {
        const q = Math.floor(t / 900_000);
        let day = days.get(q);
        if (day === undefined) days.set(q, (day = format.format(t)));
        return day;
      };
      for (let k = 0; k < 40; k++) {
        // Starts and ends spread over the hours and minutes of days around the change to summer time.
        const a = base + ((k * 7919) % (72 * 60)) * 60_000;
        const b = a + ((k * 104_729) % (60 * 60)) * 60_000 + 1000;
        const now = new Date(b + ((k % 3) - 1) * 5 * HOUR);
        for (const opts of [{}, { subtract: true, now }]) {
          const parts = splitWindow({ start: new Date(a), end: new Date(b) }, tz, opts);
          const last = 'now' in opts ? Math.min(b + 2 * 86_400_000, +now + SLOT) : b + 2 * 86_400_000;
          for (let t = Math.ceil((a - 2 * 86_400_000) / SLOT) * SLOT; t <= last; t += SLOT) {
            const n = count(parts, t, dayOf);
            if (n !== (t >= a && t < b ? 1 : 0)) wrong.push([tz, new Date(a), new Date(b), new Date(t), n]);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

/** How many times the parts count the batch ending at `t` (signed). */
function count(parts: WindowPart[], t: number, dayOf: (t: number) => string): number {
  let n = 0;
  for (const p of parts) {
    if (p.source === 'days') n += dayOf(t) >= p.first && dayOf(t) <= p.last ? 1 : 0;
    else if (p.source === 'hourly') {
      const h = Math.floor(t / HOUR) * HOUR;
      n += h >= +p.from && h < +p.to ? p.sign : 0;
    } else n += t >= +p.from && t < +p.to ? p.sign : 0;
  }
  return n;
}
