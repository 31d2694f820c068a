import { describe, expect, it } from 'vitest';
import { BOXES, groupBySquad, moveMember } from './squads';

const m = (Username: string, CurrentDisplayName: string, squad: string) => ({ Username, CurrentDisplayName, squad });

describe('squads board grouping', () => {
  it('puts members without a known squad in Unassigned and sorts each box by name', () => {
    const boxes = groupBySquad([
      m('z', 'zed', 'Mango'),
      m('a', 'Amy', 'Mango'),
      m('b', 'bob', ''),
      m('c', 'Cy', 'Kiwi'),
    ]);
    expect(Object.keys(boxes)).toEqual(BOXES);
    expect(BOXES).toEqual([
      'Unassigned',
      'Avocado',
      'Blueberry',
      'Coconut',
      'Dragonfruit',
      'Durian',
      'Fig',
      'Grape',
      'Mango',
      'Peach',
    ]);
    expect(boxes.Mango.map((x) => x.Username)).toEqual(['a', 'z']);
    expect(boxes.Unassigned.map((x) => x.Username)).toEqual(['b', 'c']);
    expect(boxes.Fig).toEqual([]);
  });

  it('moves one member, Unassigned meaning no squad', () => {
    const list = [m('a', 'A', 'Fig'), m('b', 'B', '')];
    expect(moveMember(list, 'a', 'Unassigned')).toEqual([m('a', 'A', ''), m('b', 'B', '')]);
    expect(moveMember(list, 'b', 'Peach')).toEqual([m('a', 'A', 'Fig'), m('b', 'B', 'Peach')]);
  });
});
