import { describe, expect, it } from 'vitest';
import { diffMember, type MemberReading, type Snapshot } from './diff.js';

const T0 = new Date('2026-03-10T18:00:00Z');
const at = (iso: string) => new Date(iso);

function reading(over: Partial<MemberReading> = {}): MemberReading {
  return {
    played: 100,
    racesPlayed: 500,
    typed: 50_000,
    errs: 1_000,
    secs: 10_000,
    avgSpeed: 61.5,
    highestSpeed: 88,
    displayName: 'Speedy',
    ...over,
  };
}

function snapshot(over: Partial<Snapshot> = {}): Snapshot {
  return { ...reading(), takenAt: T0, ...over };
}

describe('diffMember', () => {
  it('takes a first sighting as the baseline, with no batch', () => {
    const r = diffMember(undefined, reading(), at('2026-03-10T18:03:00Z'));
    expect(r.outcome).toBe('first');
    expect(r.batch).toBeNull();
    expect(r.snapshotChanged).toBe(true);
    expect(r.snapshot).toEqual({ ...reading(), takenAt: at('2026-03-10T18:03:00Z') });
  });

  it('turns the deltas into one batch ending at the poll time floored to 10 minutes', () => {
    // Δplayed 3, ΔracesPlayed 4, Δtyped 900, Δerrs 18, Δsecs 180:
    // WPM = (900/5)/(180/60) = 60; accuracy = 1 − 18/900 = 0.98; points = 3 × (100 + 30) × 0.98 = 382.2
    const cur = reading({ played: 103, racesPlayed: 504, typed: 50_900, errs: 1_018, secs: 10_180 });
    const r = diffMember(snapshot(), cur, at('2026-03-10T18:17:31Z'));
    expect(r.outcome).toBe('batch');
    expect(r.batch).toMatchObject({
      endTime: at('2026-03-10T18:10:00Z'),
      races: 3,
      lifetimeRaces: 4,
      typed: 900,
      errs: 18,
      secs: 180,
    });
    expect(r.batch!.wpm).toBeCloseTo(60, 10);
    expect(r.batch!.accuracy).toBeCloseTo(0.98, 10);
    expect(r.batch!.points).toBeCloseTo(382.2, 9);
    expect(r.snapshot).toEqual({ ...cur, takenAt: at('2026-03-10T18:17:31Z') });
  });

  it('puts a late poll across several 10-minute slots into ONE batch at the late poll’s slot', () => {
    // Baseline 18:00; the polls of 18:10, 18:20 and 18:30 were missed; this one arrives at 18:41:10.
    const cur = reading({ played: 112, racesPlayed: 515, typed: 53_000, errs: 1_060, secs: 10_600 });
    const r = diffMember(snapshot(), cur, at('2026-03-10T18:41:10Z'));
    expect(r.outcome).toBe('batch');
    expect(r.batch).toMatchObject({
      endTime: at('2026-03-10T18:40:00Z'),
      races: 12,
      lifetimeRaces: 15,
      typed: 3_000,
      errs: 60,
      secs: 600,
    });
    // (3000/5)/(600/60) = 60 WPM; 1 − 60/3000 = 0.98; 12 × 130 × 0.98 = 1528.8
    expect(r.batch!.points).toBeCloseTo(1528.8, 9);
  });

  it('writes nothing for a duplicate poll of the same data', () => {
    const prev = snapshot();
    const r = diffMember(prev, reading(), at('2026-03-10T18:10:00Z'));
    expect(r).toEqual({ outcome: 'unchanged', batch: null, snapshot: prev, snapshotChanged: false });
  });

  it('writes no batch when Δplayed is 0 and never counts the other deltas later', () => {
    // Two lifetime races raced elsewhere: no batch, but the baseline moves to 502.
    const idle = diffMember(snapshot(), reading({ racesPlayed: 502 }), at('2026-03-10T18:10:00Z'));
    expect(idle.outcome).toBe('idle');
    expect(idle.batch).toBeNull();
    expect(idle.snapshotChanged).toBe(true);
    expect(idle.snapshot.racesPlayed).toBe(502);
    // The next team race counts only its own lifetime race, not the two before.
    const next = diffMember(
      idle.snapshot,
      reading({ played: 101, racesPlayed: 503, typed: 50_300, errs: 1_003, secs: 10_060 }),
      at('2026-03-10T18:20:00Z'),
    );
    expect(next.batch).toMatchObject({ races: 1, lifetimeRaces: 1, typed: 300, errs: 3, secs: 60 });
  });

  it('updates the stored display name and speeds without a batch when only they changed', () => {
    const r = diffMember(snapshot(), reading({ displayName: null, avgSpeed: 62 }), at('2026-03-10T18:10:00Z'));
    expect(r.outcome).toBe('unchanged');
    expect(r.batch).toBeNull();
    expect(r.snapshotChanged).toBe(true);
    expect(r.snapshot.displayName).toBeNull();
    expect(r.snapshot.avgSpeed).toBe(62);
  });

  it('never yields NaN or Infinity when seconds or characters are zero', () => {
    // Races counted but no time and nothing typed: WPM and accuracy unknown, points 0.
    const none = diffMember(snapshot(), reading({ played: 102, racesPlayed: 502 }), at('2026-03-10T18:10:00Z'));
    expect(none.batch).toMatchObject({ races: 2, typed: 0, secs: 0, wpm: null, accuracy: null, points: 0 });
    // Typed but zero seconds: accuracy 1 − 5/500 = 0.99, WPM unknown, points = 1 × 100 × 0.99.
    const noSecs = diffMember(
      snapshot(),
      reading({ played: 101, typed: 50_500, errs: 1_005 }),
      at('2026-03-10T18:10:00Z'),
    );
    expect(noSecs.batch!.wpm).toBeNull();
    expect(noSecs.batch!.accuracy).toBeCloseTo(0.99, 12);
    expect(noSecs.batch!.points).toBeCloseTo(99, 9);
    for (const b of [none.batch!, noSecs.batch!]) expect(Number.isFinite(b.points)).toBe(true);
  });

  it('treats any negative delta as a bad reading: no batch, the baseline stays', () => {
    for (const over of [
      { played: 4 },
      { typed: 49_000, played: 101 },
      { secs: 9_000, played: 105 },
      { racesPlayed: 499 },
      { errs: 10 },
    ]) {
      const prev = snapshot();
      const r = diffMember(prev, reading(over), at('2026-03-10T18:10:00Z'));
      expect(r.outcome).toBe('bad-reading');
      expect(r.batch).toBeNull();
      expect(r.snapshotChanged).toBe(false);
      expect(r.snapshot).toBe(prev);
    }
  });

  it('counts a dip that recovers once: 201 → 150 → 205 gives 4 races', () => {
    const prev = snapshot({ played: 201 });
    const dip = diffMember(prev, reading({ played: 150 }), at('2026-03-10T18:10:00Z'));
    expect(dip).toMatchObject({ outcome: 'bad-reading', batch: null, detail: 'played 201 → 150' });
    const back = diffMember(
      dip.snapshot,
      reading({ played: 205, typed: 51_200, errs: 1_024, secs: 10_240 }),
      at('2026-03-10T18:20:00Z'),
    );
    expect(back.batch).toMatchObject({ races: 4, typed: 1_200, errs: 24, secs: 240 });
  });

  it('counts from zero since a join: every team race, lifetime races from the old baseline', () => {
    const cur = reading({ played: 2, racesPlayed: 503, typed: 600, errs: 6, secs: 120 });
    const r = diffMember(snapshot(), cur, at('2026-03-10T18:10:00Z'), { fromZeroSince: at('2026-03-10T18:06:00Z') });
    expect(r.outcome).toBe('joined');
    expect(r.batch).toMatchObject({
      endTime: at('2026-03-10T18:10:00Z'),
      races: 2,
      lifetimeRaces: 3,
      typed: 600,
      errs: 6,
      secs: 120,
    });
    expect(r.snapshot).toEqual({ ...cur, takenAt: at('2026-03-10T18:10:00Z') });
    // No baseline at all: lifetime races are at least the team races.
    const first = diffMember(undefined, cur, at('2026-03-10T18:10:00Z'), { fromZeroSince: at('2026-03-10T18:06:00Z') });
    expect(first.batch).toMatchObject({ races: 2, lifetimeRaces: 2 });
    // Nothing raced since the join: a new baseline, no batch.
    const idle = diffMember(
      snapshot(),
      reading({ played: 0, typed: 0, errs: 0, secs: 0 }),
      at('2026-03-10T18:10:00Z'),
      { fromZeroSince: at('2026-03-10T18:06:00Z') },
    );
    expect(idle).toMatchObject({ outcome: 'joined', batch: null, snapshotChanged: true });
  });

  it('calls growth no one could race in the time elapsed absurd, and keeps the baseline', () => {
    const prev = snapshot();
    const jump = diffMember(prev, reading({ played: 3_000_000_100 }), at('2026-03-10T18:10:00Z'));
    expect(jump).toMatchObject({
      outcome: 'absurd',
      batch: null,
      snapshotChanged: false,
      detail: 'played 100 → 3000000100',
    });
    expect(jump.snapshot).toBe(prev);
    // 10 minutes since the baseline (+10 of slack): at most 240 races; 241 is too many, 240 is not.
    expect(diffMember(prev, reading({ played: 341 }), at('2026-03-10T18:10:00Z')).outcome).toBe('absurd');
    expect(diffMember(prev, reading({ played: 340 }), at('2026-03-10T18:10:00Z')).outcome).toBe('batch');
    // Since a join 5 minutes ago: 205 team races cannot have been raced (at most 180).
    const rejoin = diffMember(prev, reading({ played: 205 }), at('2026-03-10T18:10:00Z'), {
      fromZeroSince: at('2026-03-10T18:05:00Z'),
    });
    expect(rejoin).toMatchObject({ outcome: 'absurd', batch: null, snapshotChanged: false });
  });

  it('ignores a poll older than the baseline so it can never rewind it', () => {
    const prev = snapshot({ takenAt: at('2026-03-10T18:20:00Z') });
    const r = diffMember(prev, reading({ played: 90 }), at('2026-03-10T18:10:00Z'));
    expect(r).toEqual({ outcome: 'stale', batch: null, snapshot: prev, snapshotChanged: false });
  });

  it('adds a second poll in the same slot as its own delta (no double count)', () => {
    const a = diffMember(
      snapshot(),
      reading({ played: 101, typed: 50_300, errs: 1_003, secs: 10_060 }),
      at('2026-03-10T18:11:00Z'),
    );
    const b = diffMember(
      a.snapshot,
      reading({ played: 103, typed: 50_900, errs: 1_018, secs: 10_180 }),
      at('2026-03-10T18:15:00Z'),
    );
    expect(a.batch!.endTime).toEqual(b.batch!.endTime);
    expect(a.batch!.races + b.batch!.races).toBe(3);
    expect(a.batch!.typed + b.batch!.typed).toBe(900);
  });
});
