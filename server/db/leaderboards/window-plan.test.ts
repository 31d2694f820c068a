import { describe, expect, it } from 'vitest';
import { dayKeyOf, monthStartOf, weekStartOf } from '../../../rules/site-time.js';
import { planWindow, type Piece } from './window-plan.js';

const SLOT = 600_000;
const HOUR = 3_600_000;

/** The rollup unit of a batch ending at t: the UTC hour or six-hour block of its end time. */
const unitStart = (t: number, source: 'hourly' | 'sixHour') => {
  const length = source === 'hourly' ? HOUR : 6 * HOUR;
  return Math.floor(t / length) * length;
};

/** How many times a batch ending at t is counted by the plan (signed). */
function weight(pieces: Piece[], t: number, tz: string): number {
  let w = 0;
  const day = pieces.some((p) => 'first' in p || p.source === 'running') ? dayKeyOf(t, tz) : '';
  const unit = { daily: day, weekly: day && weekStartOf(day), monthly: day && monthStartOf(day) };
  for (const p of pieces) {
    const inside =
      'first' in p
        ? unit[p.source] >= p.first && unit[p.source] <= p.last
        : p.source === 'trailing'
          ? t > p.anchor.getTime() - p.hours * HOUR && t <= p.anchor.getTime()
          : p.source === 'running'
            ? day <= p.day
            : p.source === 'raw'
              ? t >= p.start.getTime() && t < p.end.getTime()
              : unitStart(t, p.source) >= p.start.getTime() && unitStart(t, p.source) < p.end.getTime();
    if (inside) w += p.sign;
  }
  return w;
}

function checkExact(start: Date, end: Date, tz: string, now: Date, trailingAnchor?: Date, runningSums = false) {
  const pieces = planWindow({ start, end }, tz, now, { trailingAnchor, runningSums });
  const from = Math.floor(start.getTime() / SLOT) * SLOT - 86_400_000;
  const to = end.getTime() + 86_400_000;
  for (let t = from; t < to; t += SLOT) {
    const expected = t >= start.getTime() && t < end.getTime() ? 1 : 0;
    const got = weight(pieces, t, tz);
    if (got !== expected) {
      throw new Error(
        `slot ${new Date(t).toISOString()} counted ${got}× in [${start.toISOString()}, ${end.toISOString()})`,
      );
    }
  }
  return pieces;
}

const daysBetween = (a: string, b: string) =>
  (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;

/** A small deterministic generator, so a failure can be replayed. */
function lcg(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

describe('planWindow', () => {
  it('reads a whole site day as one daily rollup piece', () => {
    const pieces = checkExact(
      new Date('2026-03-10T05:00:00Z'),
      new Date('2026-03-11T05:00:00Z'),
      'America/Chicago',
      new Date('2026-04-01T00:00:00Z'),
    );
    expect(pieces).toEqual([{ source: 'daily', sign: 1, first: '2026-03-10', last: '2026-03-10' }]);
  });

  it('reads a 23-hour spring-forward day and a 25-hour autumn day as one piece each', () => {
    const now = new Date('2026-12-01T00:00:00Z');
    expect(
      checkExact(new Date('2026-03-08T06:00:00Z'), new Date('2026-03-09T05:00:00Z'), 'America/Chicago', now),
    ).toHaveLength(1);
    expect(
      checkExact(new Date('2026-11-01T05:00:00Z'), new Date('2026-11-02T06:00:00Z'), 'America/Chicago', now),
    ).toHaveLength(1);
  });

  it('adds raw edges to whole hours when a window cuts through an hour', () => {
    // 13:25 to 16:45 UTC on a past day: raw 13:25–14:00, hours 14–16, raw 16:00–16:45 (or cheaper signed variants).
    const pieces = checkExact(
      new Date('2026-03-05T13:25:00Z'),
      new Date('2026-03-05T16:45:00Z'),
      'America/Chicago',
      new Date('2026-04-01T00:00:00Z'),
    );
    expect(pieces.some((p) => p.source === 'hourly')).toBe(true);
    expect(pieces.some((p) => p.source === 'raw')).toBe(true);
    expect(pieces.some((p) => p.source === 'daily')).toBe(false);
  });

  it('reads a running unit as its row minus the empty future', () => {
    const now = new Date('2026-03-10T19:37:00Z');
    const pieces = checkExact(
      new Date('2026-03-09T19:37:00Z'),
      new Date('2026-03-10T19:37:01Z'),
      'America/Chicago',
      now,
    );
    // 24 hours in six-hour blocks (the running 18:00 block included), less two hours, plus the raw minutes.
    expect(pieces).toContainEqual({
      source: 'sixHour',
      sign: 1,
      start: new Date('2026-03-09T18:00:00Z'),
      end: new Date('2026-03-11T00:00:00Z'),
    });
    expect(pieces.filter((p) => p.source === 'hourly').length).toBeLessThanOrEqual(2);
  });

  it('reads a rolling day from six-hour blocks, not a dozen hours', () => {
    const now = new Date('2026-03-10T18:07:00Z');
    const pieces = checkExact(new Date('2026-03-09T18:07:00Z'), now, 'America/Chicago', now);
    expect(pieces.some((p) => p.source === 'sixHour')).toBe(true);
    expect(pieces.filter((p) => p.source === 'hourly').length).toBeLessThanOrEqual(2);
    expect(pieces.length).toBeLessThanOrEqual(5);
  });

  it('reads a 24-hour window from the trailing sums when their anchor is near its end', () => {
    const now = new Date('2026-03-10T18:07:00Z');
    const anchor = new Date('2026-03-10T18:00:00Z');
    const pieces = checkExact(
      new Date('2026-03-09T18:07:00Z'),
      new Date('2026-03-10T18:07:01Z'),
      'America/Chicago',
      now,
      anchor,
    );
    // The edges hold no slot boundary, so no batch (migration 090): nothing to read there.
    expect(pieces).toEqual([{ source: 'trailing', hours: 24, sign: 1, anchor }]);
    // An anchor an hour behind would need two hours of raw slots at its edges: six-hour blocks cost less.
    const late = checkExact(
      new Date('2026-03-09T18:07:00Z'),
      new Date('2026-03-10T18:07:01Z'),
      'America/Chicago',
      now,
      new Date('2026-03-10T17:00:00Z'),
    );
    expect(late.some((p) => p.source === 'trailing')).toBe(false);
    // Ten minutes behind (the next poll not written yet): still the trailing sums plus one slot.
    const behind = checkExact(
      new Date('2026-03-09T18:17:00Z'),
      new Date('2026-03-10T18:17:01Z'),
      'America/Chicago',
      now,
      anchor,
    );
    expect(behind).toEqual([
      { source: 'trailing', hours: 24, sign: 1, anchor },
      // Mar 9 18:10 left the window; Mar 10 18:10 (not written yet) is in it.
      { source: 'raw', sign: -1, start: new Date('2026-03-09T18:00:00.001Z'), end: new Date('2026-03-09T18:17:00Z') },
      { source: 'raw', sign: 1, start: new Date('2026-03-10T18:00:00.001Z'), end: new Date('2026-03-10T18:17:01Z') },
    ]);
  });

  it('reads a 7-day window from the trailing 7-day sums', () => {
    const now = new Date('2026-03-10T18:07:00Z');
    const anchor = new Date('2026-03-10T18:00:00Z');
    // Across the spring-forward day (Mar 8): the span is 168 hours, not 7 calendar days.
    const pieces = checkExact(
      new Date('2026-03-03T18:07:00Z'),
      new Date('2026-03-10T18:07:01Z'),
      'America/Chicago',
      now,
      anchor,
    );
    expect(pieces).toEqual([{ source: 'trailing', hours: 168, sign: 1, anchor }]);
    // Ten minutes behind: the 7-day sums plus one slot at each end.
    const behind = checkExact(
      new Date('2026-03-03T18:17:00Z'),
      new Date('2026-03-10T18:17:01Z'),
      'America/Chicago',
      now,
      anchor,
    );
    expect(behind).toEqual([
      { source: 'trailing', hours: 168, sign: 1, anchor },
      { source: 'raw', sign: -1, start: new Date('2026-03-03T18:00:00.001Z'), end: new Date('2026-03-03T18:17:00Z') },
      { source: 'raw', sign: 1, start: new Date('2026-03-10T18:00:00.001Z'), end: new Date('2026-03-10T18:17:01Z') },
    ]);
  });

  it('ignores the trailing sums for windows they do not fit', () => {
    const now = new Date('2026-03-10T18:07:00Z');
    const anchor = new Date('2026-03-10T18:00:00Z');
    const week = checkExact(
      new Date('2026-03-01T06:00:00Z'),
      new Date('2026-03-08T06:00:00Z'),
      'America/Chicago',
      now,
      anchor,
    );
    expect(week.some((p) => p.source === 'trailing')).toBe(false);
    const random = lcg(7);
    for (let i = 0; i < 200; i++) {
      const start = Date.parse('2026-03-01T00:00:00Z') + Math.floor(random() * 10 * 86_400_000);
      const end = start + Math.floor(random() * 3 * 86_400_000) + 1;
      checkExact(new Date(start), new Date(end), 'America/Chicago', now, anchor);
    }
  });

  it('reads whole weeks and months from their rollups', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    // Sun Mar 1 to Sat Mar 14, 2026 (CST then CDT): two weekly rows.
    expect(
      checkExact(new Date('2026-03-01T06:00:00Z'), new Date('2026-03-15T05:00:00Z'), 'America/Chicago', now),
    ).toEqual([{ source: 'weekly', sign: 1, first: '2026-03-01', last: '2026-03-08' }]);
    // All of February and March: two monthly rows.
    expect(
      checkExact(new Date('2026-02-01T06:00:00Z'), new Date('2026-04-01T05:00:00Z'), 'America/Chicago', now),
    ).toEqual([{ source: 'monthly', sign: 1, first: '2026-02-01', last: '2026-03-01' }]);
    // Dec 11 to Mar 10: weeks or months, with at most a few days at the edges, never 90 daily rows.
    const pieces = checkExact(
      new Date('2025-12-11T06:00:00Z'),
      new Date('2026-03-11T05:00:00Z'),
      'America/Chicago',
      now,
    );
    expect(pieces.some((p) => p.source === 'monthly' || p.source === 'weekly')).toBe(true);
    const days = pieces
      .filter((p) => p.source === 'daily')
      .map((p) => ('first' in p ? daysBetween(p.first, p.last) + 1 : 0));
    expect(Math.max(0, ...days)).toBeLessThanOrEqual(10);
  });

  it('reads a run of whole days as two days of running totals, when the board may read them', () => {
    const now = new Date('2026-03-10T18:07:00Z');
    const tz = 'America/Chicago';
    // Wed Mar 4 to Tue Mar 10 (today), across the spring-forward day: totals to Mar 10 minus those to Mar 3.
    const week = checkExact(
      new Date('2026-03-04T06:00:00Z'),
      new Date('2026-03-11T05:00:00Z'),
      tz,
      now,
      undefined,
      true,
    );
    expect(week).toEqual([
      { source: 'running', sign: 1, day: '2026-03-10' },
      { source: 'running', sign: -1, day: '2026-03-03' },
    ]);
    // Ninety days: still two values.
    expect(
      checkExact(new Date('2025-12-11T06:00:00Z'), new Date('2026-03-11T05:00:00Z'), tz, now, undefined, true),
    ).toEqual([
      { source: 'running', sign: 1, day: '2026-03-10' },
      { source: 'running', sign: -1, day: '2025-12-10' },
    ]);
    // The team board may not: the same days from the daily and weekly rollups.
    expect(
      checkExact(new Date('2026-03-04T06:00:00Z'), new Date('2026-03-11T05:00:00Z'), tz, now).some(
        (p) => p.source === 'running',
      ),
    ).toBe(false);
    // Two days are cheaper as two daily rows, and one Sunday week as its packed unit.
    expect(
      checkExact(new Date('2026-03-05T06:00:00Z'), new Date('2026-03-07T06:00:00Z'), tz, now, undefined, true),
    ).toEqual([{ source: 'daily', sign: 1, first: '2026-03-05', last: '2026-03-06' }]);
    expect(
      checkExact(new Date('2026-03-01T06:00:00Z'), new Date('2026-03-08T06:00:00Z'), tz, now, undefined, true),
    ).toEqual([{ source: 'weekly', sign: 1, first: '2026-03-01', last: '2026-03-01' }]);
  });

  it('counts every batch exactly once with the running totals and trailing sums, in any zone', () => {
    const rnd = lcg(11);
    for (const tz of ['America/Chicago', 'Asia/Kathmandu', 'UTC']) {
      for (let i = 0; i < 40; i++) {
        const base = Date.parse('2026-02-25T00:00:00Z') + Math.floor(rnd() * 260 * 86_400) * 1000;
        const len = Math.floor(rnd() * (i % 2 === 0 ? 3 * 86_400_000 : 40 * 86_400_000)) + 1000;
        const now = new Date(base + Math.floor(rnd() * 2 * len));
        const anchor = new Date(Math.floor(now.getTime() / SLOT) * SLOT);
        checkExact(new Date(base), new Date(base + len), tz, now, i % 3 === 0 ? anchor : undefined, true);
      }
    }
  });

  it('counts every batch exactly once for random windows, DST days, a half-hour and a quarter-hour zone', () => {
    const rnd = lcg(42);
    for (const tz of ['America/Chicago', 'Asia/Kolkata', 'Asia/Kathmandu', 'UTC']) {
      for (let i = 0; i < 60; i++) {
        const base = Date.parse('2026-02-25T00:00:00Z') + Math.floor(rnd() * 260 * 86_400) * 1000;
        const len =
          Math.floor(rnd() * (i % 3 === 0 ? 3 * HOUR : i % 3 === 1 ? 12 * 86_400_000 : 80 * 86_400_000)) + 1000;
        const now = new Date(base + Math.floor(rnd() * 2 * len));
        checkExact(new Date(base), new Date(base + len), tz, now);
      }
    }
  });

  it('plans quickly', () => {
    const t0 = performance.now();
    planWindow(
      { start: new Date('2025-03-01T06:00:00Z'), end: new Date('2026-03-01T06:00:00Z') },
      'America/Chicago',
      new Date('2026-03-10T00:00:00Z'),
    );
    planWindow(
      { start: new Date('2026-03-09T18:07:00Z'), end: new Date('2026-03-10T18:07:01Z') },
      'America/Chicago',
      new Date('2026-03-10T18:07:30Z'),
    );
    expect(performance.now() - t0).toBeLessThan(50);
  });

  it('plans nothing for an empty window', () => {
    expect(planWindow({ start: new Date(5), end: new Date(5) }, 'UTC', new Date())).toEqual([]);
  });
});
