import { beforeEach, describe, expect, it } from 'vitest';
import { installMemoryWindow } from '../../lib/memory-storage.test-support';
import { getStored } from '../../lib/storage';
import { changeSinceSeen, MAX_SEEN_BOARDS, parseSeen, rememberSeenRank, seenRank, withSeenRank } from './seen-rank';

describe('the rank a board last showed', () => {
  beforeEach(() => {
    installMemoryWindow();
  });

  it('is nothing on a first look, then what was shown, per board and racer', () => {
    const seen = () => parseSeen(getStored('boardRanksSeen'));
    expect(seenRank(seen(), 'weekly|2026-11-22', 'speedy')).toBeUndefined();
    rememberSeenRank({ board: 'weekly|2026-11-22', username: 'speedy', rank: 9 });
    rememberSeenRank({ board: '24hour', username: 'speedy', rank: 3 });
    expect(seenRank(seen(), 'weekly|2026-11-22', 'Speedy')).toBe(9);
    expect(seenRank(seen(), '24hour', 'speedy')).toBe(3);
    expect(seenRank(seen(), '24hour', 'zoom')).toBeUndefined();
    rememberSeenRank({ board: 'weekly|2026-11-22', username: 'speedy', rank: 5 });
    expect(seenRank(seen(), 'weekly|2026-11-22', 'speedy')).toBe(5);
    expect(seen()).toHaveLength(2);
  });

  it('tells the change since: up when the number got smaller', () => {
    expect(changeSinceSeen(undefined, 4)).toBeNull();
    expect(changeSinceSeen(9, 5)).toEqual({ kind: 'up', by: 4 });
    expect(changeSinceSeen(5, 7)).toEqual({ kind: 'down', by: 2 });
    expect(changeSinceSeen(5, 5)).toEqual({ kind: 'same' });
  });

  it(`forgets the oldest past ${MAX_SEEN_BOARDS} boards and reads broken storage as nothing`, () => {
    let list = parseSeen('nonsense');
    expect(list).toEqual([]);
    for (let i = 0; i <= MAX_SEEN_BOARDS; i++) list = withSeenRank(list, { board: `b${i}`, username: 'me', rank: 1 });
    expect(list).toHaveLength(MAX_SEEN_BOARDS);
    expect(seenRank(list, 'b0', 'me')).toBeUndefined();
    expect(seenRank(list, `b${MAX_SEEN_BOARDS}`, 'me')).toBe(1);
    expect(parseSeen('[{"board":"x","username":"a","rank":0},{"board":"y","username":"a","rank":2}]')).toEqual([
      { board: 'y', username: 'a', rank: 2 },
    ]);
  });
});
