import { describe, expect, it } from 'vitest';
import { DEFAULT_PACING, jittered, lanePause } from './pacing.js';

const four = { ...DEFAULT_PACING, lanes: 4 };

describe('lanePause', () => {
  it('keeps the polite 3 s while the teams left fit easily in the spread', () => {
    // 10 teams in 4 lanes: 3 rounds in 40 s leaves 13 s a round.
    expect(lanePause(four, { msIntoRun: 0, teamsLeft: 10, lastWorkMs: 0 })).toBe(3_000);
  });
  it('shrinks for many teams: the spread shared by the rounds left, less the lane’s last request', () => {
    // 200 teams left: 50 rounds in 40 s = 800 ms a round; the last request and write took 500 ms.
    expect(lanePause(four, { msIntoRun: 0, teamsLeft: 200, lastWorkMs: 500 })).toBe(300);
    // 10 s in, 101 teams left: 26 rounds in 30 s = 1,153.8 ms a round, less 546 ms of work.
    expect(lanePause(four, { msIntoRun: 10_000, teamsLeft: 101, lastWorkMs: 546 })).toBeCloseTo(607.85, 2);
  });
  it('never pauses less than the floor, even when behind or past the spread', () => {
    expect(lanePause(four, { msIntoRun: 30_000, teamsLeft: 150, lastWorkMs: 700 })).toBe(200);
    expect(lanePause(four, { msIntoRun: 90_000, teamsLeft: 3, lastWorkMs: 0 })).toBe(200);
  });
  it('lets a configured pause below the floor stand (tests, a local game)', () => {
    expect(lanePause({ ...four, delayMs: 0 }, { msIntoRun: 0, teamsLeft: 200, lastWorkMs: 0 })).toBe(0);
  });
  it('does not pause when no team is left', () => {
    expect(lanePause(four, { msIntoRun: 0, teamsLeft: 0, lastWorkMs: 0 })).toBe(0);
  });
});

describe('jittered', () => {
  it('stays within ±25 %', () => {
    expect(jittered(1_000, () => 0)).toBe(750);
    expect(jittered(1_000, () => 0.5)).toBe(1_000);
    expect(jittered(1_000, () => 0.999999)).toBeCloseTo(1_250, 0);
  });
});
