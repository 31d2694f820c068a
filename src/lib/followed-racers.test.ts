import { beforeEach, describe, expect, it } from 'vitest';
import { installMemoryWindow } from './memory-storage.test-support';
import { getFollowed, isFollowed, MAX_FOLLOWED, parseFollowed, toggleFollow, toggledFollow } from './followed-racers';

describe('followed racers', () => {
  let stored = installMemoryWindow();
  beforeEach(() => {
    stored = installMemoryWindow();
  });

  it('starts empty and keeps a follow on the device', () => {
    expect(getFollowed()).toEqual([]);
    toggleFollow('speedy');
    toggleFollow('Zoom');
    expect(getFollowed()).toEqual(['speedy', 'Zoom']);
    expect(JSON.parse(stored.get('followedRacers')!)).toEqual(['speedy', 'Zoom']);
  });

  it('a second star unfollows, whatever the letter case', () => {
    toggleFollow('speedy');
    toggleFollow('SPEEDY');
    expect(getFollowed()).toEqual([]);
    expect(isFollowed(['Speedy'], 'speedy')).toBe(true);
  });

  it('reads broken or foreign storage as empty and drops duplicates and non-names', () => {
    expect(parseFollowed('not json')).toEqual([]);
    expect(parseFollowed('{"a":1}')).toEqual([]);
    expect(parseFollowed('["a", 3, "", "A", " b "]')).toEqual(['a', 'b']);
  });

  it(`keeps at most ${MAX_FOLLOWED}`, () => {
    const many = Array.from({ length: MAX_FOLLOWED }, (_, i) => `r${i}`);
    expect(toggledFollow(many, 'one-more')).toHaveLength(MAX_FOLLOWED);
    expect(toggledFollow(many, 'one-more')).not.toContain('one-more');
  });
});
