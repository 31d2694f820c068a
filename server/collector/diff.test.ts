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

  it('treats a negative delta as a bad reading: no batch, the baseline stays, the reading kept as low', () => {
    for (const over of [{ played: 4 }, { typed: 49_000, played: 101 }, { secs: 9_000, played: 105 }, { errs: 10 }]) {
      const prev = snapshot();
      const r = diffMember(prev, reading(over), at('2026-03-10T18:10:00Z'));
      expect(r.outcome).toBe('bad-reading');
      expect(r.batch).toBeNull();
      expect(r.snapshotChanged).toBe(true);
      const { displayName, avgSpeed, highestSpeed, ...low } = reading(over);
      expect([displayName, avgSpeed, highestSpeed]).toEqual(['Speedy', 61.5, 88]);
      expect(r.snapshot).toEqual({ ...prev, low: { ...low, takenAt: at('2026-03-10T18:10:00Z') } });
    }
    // Lifetime races below the baseline's: a stale copy, not even kept as low.
    const prev = snapshot();
    const r = diffMember(prev, reading({ racesPlayed: 499 }), at('2026-03-10T18:10:00Z'));
    expect(r).toEqual({
      outcome: 'bad-reading',
      batch: null,
      snapshot: prev,
      snapshotChanged: false,
      detail: 'racesPlayed 500 → 499',
    });
  });

  it('counts a dip that recovers once: 201 → 150 → 205 gives 4 races', () => {
    const prev = snapshot({ played: 201 });
    const dip = diffMember(prev, reading({ played: 150 }), at('2026-03-10T18:10:00Z'));
    expect(dip).toMatchObject({ outcome: 'bad-reading', batch: null, detail: 'played 201 → 150' });
    // The same low reading again (a repeated poll) changes nothing.
    const again = diffMember(dip.snapshot, reading({ played: 150 }), at('2026-03-10T18:15:00Z'));
    expect(again).toMatchObject({ outcome: 'bad-reading', snapshotChanged: false });
    expect(again.snapshot).toBe(dip.snapshot);
    const back = diffMember(
      again.snapshot,
      reading({ played: 205, typed: 51_200, errs: 1_024, secs: 10_240 }),
      at('2026-03-10T18:20:00Z'),
    );
    expect(back.outcome).toBe('batch');
    expect(back.batch).toMatchObject({ races: 4, typed: 1_200, errs: 24, secs: 240 });
    expect(back.snapshot.low).toBeUndefined();
    // Back to exactly the baseline: no batch, but the low reading is dropped.
    const same = diffMember(dip.snapshot, reading({ played: 201 }), at('2026-03-10T18:20:00Z'));
    expect(same).toMatchObject({ outcome: 'unchanged', batch: null, snapshotChanged: true });
    expect(same.snapshot.low).toBeUndefined();
  });

  describe('a restart of the team counters with the same join', () => {
    // Before: 1010 team races, 5000 lifetime. Each race since: 300 characters, 3 errors, 60 s, so
    // every batch is (300n/5)/(60n/60) = 60 WPM at 1 − 3n/300n = 0.99 accuracy: n × 130 × 0.99 points.
    const before = snapshot({ played: 1_010, racesPlayed: 5_000, typed: 303_000, errs: 3_030, secs: 60_600 });
    const after = (played: number, racesPlayed: number) =>
      reading({ played, racesPlayed, typed: 300 * played, errs: 3 * played, secs: 60 * played });
    const polls = ['18:10', '18:20', '18:30', '18:40', '18:50'].map((t) => at(`2026-03-10T${t}:00Z`));
    function run(readings: MemberReading[]) {
      let prev = before;
      return readings.map((cur, i) => {
        const r = diffMember(prev, cur, polls[i]);
        prev = r.snapshot;
        return r;
      });
    }

    it('counts the races since the restart at once when lifetime races rose as much: 19 of 19', () => {
      const rs = run([after(3, 5_003), after(7, 5_007), after(11, 5_011), after(15, 5_015), after(19, 5_019)]);
      expect(rs.map((r) => r.outcome)).toEqual(['reset', 'batch', 'batch', 'batch', 'batch']);
      expect(rs[0].detail).toBe('played 1010 → 3, racesPlayed +3: counted from the restart');
      expect(rs[0].batch).toMatchObject({
        endTime: polls[0],
        races: 3,
        lifetimeRaces: 3,
        typed: 900,
        errs: 9,
        secs: 180,
      });
      expect(rs[0].batch!.wpm).toBeCloseTo(60, 10);
      expect(rs[0].batch!.accuracy).toBeCloseTo(0.99, 12);
      expect(rs[0].batch!.points).toBeCloseTo(386.1, 9);
      expect(rs[0].snapshot).toEqual({ ...after(3, 5_003), takenAt: polls[0] });
      for (const r of rs.slice(1)) {
        expect(r.batch).toMatchObject({ races: 4, lifetimeRaces: 4, typed: 1_200, errs: 12, secs: 240 });
        expect(r.batch!.points).toBeCloseTo(514.8, 9);
      }
      expect(rs.reduce((n, r) => n + (r.batch?.races ?? 0), 0)).toBe(19);
    });

    it('re-bases at the second low poll when lifetime races did not rise: 16 of 19, the first poll’s 3 lost', () => {
      const rs = run([after(3, 5_000), after(7, 5_000), after(11, 5_000), after(15, 5_000), after(19, 5_000)]);
      expect(rs.map((r) => r.outcome)).toEqual(['bad-reading', 'reset', 'batch', 'batch', 'batch']);
      expect(rs[0].snapshot).toEqual({
        ...before,
        low: { takenAt: polls[0], played: 3, racesPlayed: 5_000, typed: 900, errs: 9, secs: 180 },
      });
      expect(rs[1].detail).toBe('played 1010 → 7, low since 2026-03-10T18:10:00.000Z: counted from there');
      for (const r of rs.slice(1)) {
        expect(r.batch).toMatchObject({ races: 4, lifetimeRaces: 0, typed: 1_200, errs: 12, secs: 240 });
        expect(r.batch!.points).toBeCloseTo(514.8, 9);
      }
      expect(rs[1].snapshot).toEqual({ ...after(7, 5_000), takenAt: polls[1] });
      expect(rs.reduce((n, r) => n + (r.batch?.races ?? 0), 0)).toBe(16);
    });

    it('waits for the next poll when the lifetime rise cannot cover the team races read', () => {
      // 3 team races since the restart but only 2 lifetime races since the baseline: kept as low.
      const rs = run([after(3, 5_002), after(7, 5_006), after(11, 5_010)]);
      expect(rs.map((r) => r.outcome)).toEqual(['bad-reading', 'reset', 'batch']);
      expect(rs[1].batch).toMatchObject({ races: 4, lifetimeRaces: 4, typed: 1_200 });
      // Lifetime races caught up at the second poll: every race since the restart counted then.
      const caught = run([after(3, 5_000), after(7, 5_007)]);
      expect(caught.map((r) => r.outcome)).toEqual(['bad-reading', 'reset']);
      expect(caught[1].batch).toMatchObject({ races: 7, lifetimeRaces: 7, typed: 2_100, errs: 21, secs: 420 });
    });

    it('never takes a stale copy for a restart: everything falls, persists, grows and recovers, counted once', () => {
      const dip = (played: number, racesPlayed: number) =>
        reading({ played, racesPlayed, typed: 303_000 - 300 * (1_010 - played), errs: 3_030, secs: 60_600 });
      // Lifetime races below the baseline's at every low poll: stale, the baseline kept throughout.
      const rs = run([dip(960, 4_950), dip(962, 4_952), dip(964, 4_954)]);
      expect(rs.map((r) => [r.outcome, r.snapshotChanged])).toEqual([
        ['bad-reading', false],
        ['bad-reading', false],
        ['bad-reading', false],
      ]);
      // Recovered: +5 races since the baseline (1500 characters, 15 errors, 300 s), once.
      const back = diffMember(
        rs[2].snapshot,
        reading({ played: 1_015, racesPlayed: 5_005, typed: 304_500, errs: 3_045, secs: 60_900 }),
        polls[3],
      );
      expect(back.outcome).toBe('batch');
      expect(back.batch).toMatchObject({ races: 5, lifetimeRaces: 5, typed: 1_500, errs: 15, secs: 300 });
      expect(back.batch!.points).toBeCloseTo(643.5, 9);
    });

    it('counts nothing of a restart whose races could not have been raced since the baseline', () => {
      // 250 races in 10 minutes (+10 of slack allows 240).
      const r = diffMember(before, after(250, 5_300), polls[0]);
      expect(r).toMatchObject({ outcome: 'bad-reading', batch: null });
      expect(r.snapshot).toMatchObject({ played: 1_010, low: { played: 250 } });
    });
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
