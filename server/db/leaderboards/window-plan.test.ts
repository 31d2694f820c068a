import { describe, expect, it } from 'vitest';
import { dayKeyOf } from '../../domain/site-time.js';
import { planWindow, type Piece } from './window-plan.js';

const SLOT = 600_000;
const HOUR = 3_600_000;

/** How many times a batch ending at t is counted by the plan (signed). */
function weight(pieces: Piece[], t: number, tz: string): number {
  let w = 0;
  const day = pieces.some((p) => p.source === 'daily') ? dayKeyOf(t, tz) : '';
  for (const p of pieces) {
    const inside =
      p.source === 'daily'
        ? day >= p.firstDay && day <= p.lastDay
        : p.source === 'hourly'
          ? Math.floor(t / HOUR) * HOUR >= p.start.getTime() && Math.floor(t / HOUR) * HOUR < p.end.getTime()
          : t >= p.start.getTime() && t < p.end.getTime();
    if (inside) w += p.sign;
  }
  return w;
}

function checkExact(start: Date, end: Date, tz: string, now: Date) {
  const pieces = planWindow({ start, end }, tz, now);
  const from = Math.floor(start.getTime() / SLOT) * SLOT - 86_400_000;
  const to = end.getTime() + 86_400_000;
  for (let t = from; t < to; t += SLOT) {
    const expected = t >= start.getTime() && t < end.getTime() ? 1 : 0;
    const got = weight(pieces, t, tz);
    if (got !== expected) {
      throw new Error(`slot ${new Date(t).toISOString()} counted ${got}× in [${start.toISOString()}, ${end.toISOString()})`);
    }
  }
  return pieces;
}

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
    const pieces = checkExact(new Date('2026-03-10T05:00:00Z'), new Date('2026-03-11T05:00:00Z'), 'America/Chicago', new Date('2026-04-01T00:00:00Z'));
    expect(pieces).toEqual([{ source: 'daily', sign: 1, firstDay: '2026-03-10', lastDay: '2026-03-10' }]);
  });

  it('reads a 23-hour spring-forward day and a 25-hour autumn day as one piece each', () => {
    const now = new Date('2026-12-01T00:00:00Z');
    expect(checkExact(new Date('2026-03-08T06:00:00Z'), new Date('2026-03-09T05:00:00Z'), 'America/Chicago', now)).toHaveLength(1);
    expect(checkExact(new Date('2026-11-01T05:00:00Z'), new Date('2026-11-02T06:00:00Z'), 'America/Chicago', now)).toHaveLength(1);
  });

  it('adds raw edges to whole hours when a window cuts through an hour', () => {
    // 13:25 to 16:45 UTC on a past day: raw 13:25–14:00, hours 14–16, raw 16:00–16:45 (or cheaper signed variants).
    const pieces = checkExact(new Date('2026-03-05T13:25:00Z'), new Date('2026-03-05T16:45:00Z'), 'America/Chicago', new Date('2026-04-01T00:00:00Z'));
    expect(pieces.some((p) => p.source === 'hourly')).toBe(true);
    expect(pieces.some((p) => p.source === 'raw')).toBe(true);
    expect(pieces.some((p) => p.source === 'daily')).toBe(false);
  });

  it('reads a running day as its daily row minus the empty future', () => {
    const now = new Date('2026-03-10T19:37:00Z');
    const pieces = checkExact(new Date('2026-03-09T19:37:00Z'), new Date('2026-03-10T19:37:01Z'), 'America/Chicago', now);
    expect(pieces).toContainEqual({ source: 'daily', sign: 1, firstDay: '2026-03-10', lastDay: '2026-03-10' });
    expect(pieces.filter((p) => p.source === 'hourly').length).toBeLessThanOrEqual(2);
  });

  it('counts every batch exactly once for random windows, DST days and a half-hour zone', () => {
    const rnd = lcg(42);
    for (const tz of ['America/Chicago', 'Asia/Kolkata', 'UTC']) {
      for (let i = 0; i < 60; i++) {
        const base = Date.parse('2026-02-25T00:00:00Z') + Math.floor(rnd() * 260 * 86_400) * 1000;
        const len = Math.floor(rnd() * (i % 3 === 0 ? 3 * HOUR : 12 * 86_400_000)) + 1000;
        const now = new Date(base + Math.floor(rnd() * 2 * len));
        checkExact(new Date(base), new Date(base + len), tz, now);
      }
    }
  });

  it('plans nothing for an empty window', () => {
    expect(planWindow({ start: new Date(5), end: new Date(5) }, 'UTC', new Date())).toEqual([]);
  });
});
