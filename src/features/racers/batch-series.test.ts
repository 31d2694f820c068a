import { describe, expect, it } from 'vitest';
import type { BatchColumns } from '../../../contract/racers';
import { batchTableRow, toBatchSeries } from './batch-series';

const columns: BatchColumns = {
  endTime: [1773000000, 1773000600, 1773001200],
  name: [0, -1, 1],
  displayNames: ['Alice A', 'Ali'],
  tag: [0, 1, 0],
  teamTags: ['TEST', 'OTHER'],
  races: [3, 1, 2],
  lifetimeRaces: [4, 1, 2],
  typed: [1250, 400, 0],
  errs: [25, 0, 0],
  secs: [180, 48, 0],
};

describe('toBatchSeries', () => {
  it('computes WPM and accuracy percent from the raw counters', () => {
    const s = toBatchSeries(columns);
    expect(s.time).toEqual(columns.endTime);
    expect(s.wpm[0]).toBeCloseTo(250 / 3, 12); // 250 words in 3 minutes
    expect(s.wpm[1]).toBe(100); // 80 words in 0.8 minutes
    expect(s.wpm[2]).toBeNull(); // no time raced
    expect(s.accuracyPct[0]).toBeCloseTo(98, 12);
    expect(s.accuracyPct[1]).toBe(100);
    expect(s.accuracyPct[2]).toBeNull();
    expect(s.races).toEqual([3, 1, 2]);
    expect(s.lifetimeRaces).toEqual([4, 1, 2]);
  });

  it('builds table rows with names and tags from the dictionaries', () => {
    const s = toBatchSeries(columns);
    expect(batchTableRow(s, 1)).toEqual({
      index: 1,
      endTime: 1773000600,
      displayName: null,
      teamTag: 'OTHER',
      races: 1,
      wpm: 100,
      accuracy: 1,
    });
    const r = batchTableRow(s, 0);
    expect([r.displayName, r.teamTag, r.races]).toEqual(['Alice A', 'TEST', 3]);
    expect(r.accuracy).toBeCloseTo(0.98, 12);
  });
});
