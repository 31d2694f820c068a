/** The saved drawing goes into index.html only for its own address, build and week. */
import { describe, expect, it } from 'vitest';
import { FIRST_PAINT_MAX_AGE, withSavedDrawing, type SavedFirstPaint } from './first-paint';

const INDEX =
  '<html><head><script type="module" crossorigin src="/assets/index-abc.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
const NOW = Date.UTC(2026, 10, 25, 12);
const saved: SavedFirstPaint = {
  address: '/leaderboards',
  script: '/assets/index-abc.js',
  savedAt: NOW - 60_000,
  html: '<div class="app"><table><tr><td>$&amp; 1</td></tr></table></div>',
};
const at = (path: string) => new URL(path, 'https://stats.example');

describe('withSavedDrawing', () => {
  it('puts the drawing inside the root, marked as the saved first paint', () => {
    expect(withSavedDrawing(INDEX, saved, at('/leaderboards'), NOW)).toBe(
      '<html><head><script type="module" crossorigin src="/assets/index-abc.js"></script></head>' +
        '<body><div id="root"><div class="first-paint" aria-busy="true">' +
        '<div class="app"><table><tr><td>$&amp; 1</td></tr></table></div></div></div></body></html>',
    );
  });

  it('only for the exact address it was drawn at', () => {
    expect(withSavedDrawing(INDEX, saved, at('/leaderboards?view=individuals'), NOW)).toBeNull();
    expect(withSavedDrawing(INDEX, saved, at('/leaderboards?tag=KYS'), NOW)).toBeNull();
    // `/` opens the board without a query.
    expect(withSavedDrawing(INDEX, saved, at('/'), NOW)).toContain('first-paint');
    expect(withSavedDrawing(INDEX, saved, at('/?tag=KYS'), NOW)).toContain('first-paint');
    const withQuery = { ...saved, address: '/leaderboards?view=individuals&period=7day' };
    expect(withSavedDrawing(INDEX, withQuery, at('/leaderboards?view=individuals&period=7day'), NOW)).toContain(
      'first-paint',
    );
  });

  it('only when drawn by the build this index.html loads', () => {
    expect(withSavedDrawing(INDEX, { ...saved, script: '/assets/index-old.js' }, at('/leaderboards'), NOW)).toBeNull();
    expect(withSavedDrawing(INDEX, { ...saved, script: '' }, at('/leaderboards'), NOW)).toBeNull();
  });

  it('only within a week, never from the future', () => {
    const weekOld = { ...saved, savedAt: NOW - FIRST_PAINT_MAX_AGE };
    expect(withSavedDrawing(INDEX, weekOld, at('/leaderboards'), NOW)).toContain('first-paint');
    expect(withSavedDrawing(INDEX, { ...weekOld, savedAt: weekOld.savedAt - 1 }, at('/leaderboards'), NOW)).toBeNull();
    expect(withSavedDrawing(INDEX, { ...saved, savedAt: NOW + 1 }, at('/leaderboards'), NOW)).toBeNull();
    expect(withSavedDrawing(INDEX, { ...saved, savedAt: Number.NaN }, at('/leaderboards'), NOW)).toBeNull();
  });

  it('not into a page without an empty root', () => {
    expect(withSavedDrawing(INDEX.replace('<div id="root"></div>', ''), saved, at('/leaderboards'), NOW)).toBeNull();
  });
});
