import { describe, expect, it } from 'vitest';
import { describeRankChange, rankChange, rankChanges, ranksOf } from './rank-change.js';

describe('rank change', () => {
  it('ranks keys by position, first occurrence wins', () => {
    expect([...ranksOf(['A', 'B', 'A', 'C'])]).toEqual([
      ['A', 1],
      ['B', 2],
      ['C', 4],
    ]);
  });

  it('compares each row with its own previous rank', () => {
    const changes = rankChanges(['TEAMC', 'TEAMA', 'TEAMB', 'TEAMN'], ['TEAMA', 'TEAMB', 'TEAMC', 'TEAMX']);
    expect(changes.get('TEAMC')).toEqual({ kind: 'up', by: 2 });
    expect(changes.get('TEAMA')).toEqual({ kind: 'down', by: 1 });
    expect(changes.get('TEAMB')).toEqual({ kind: 'down', by: 1 });
    expect(changes.get('TEAMN')).toEqual({ kind: 'new' });
    expect(changes.has('TEAMX')).toBe(false);
  });

  it('keeps a row that held its place', () => {
    expect(rankChanges([7, 8], [7, 9]).get(7)).toEqual({ kind: 'same' });
    expect(rankChange(5, 5)).toEqual({ kind: 'same' });
  });

  it('treats an empty previous board as all new', () => {
    expect([...rankChanges([1, 2], []).values()]).toEqual([{ kind: 'new' }, { kind: 'new' }]);
  });

  it('describes the change with an arrow and the number', () => {
    expect(describeRankChange({ kind: 'up', by: 3 }).text).toBe('▲3');
    expect(describeRankChange({ kind: 'down', by: 12 }).text).toBe('▼12');
    expect(describeRankChange({ kind: 'new' }).text).toBe('new');
    expect(describeRankChange({ kind: 'same' }).label).toMatch(/same rank/);
  });
});
