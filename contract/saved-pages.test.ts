import { describe, expect, it } from 'vitest';
import { entryScriptOf, pageAddress } from './saved-pages';

describe('saved pages', () => {
  it('keeps a page under its path and query; `/` is the board', () => {
    expect(pageAddress(new URL('https://stats.example/'))).toBe('/leaderboards');
    expect(pageAddress(new URL('https://stats.example/leaderboards?view=teams#top'))).toBe('/leaderboards?view=teams');
    expect(pageAddress(new URL('https://stats.example/racers/alice/bests'))).toBe('/racers/alice/bests');
  });

  it("reads the build's entry script of a drawn page, not the inline scripts", () => {
    const html =
      '<head><script>theme()</script><script type="module" crossorigin src="/assets/app-d9OUQSpy.js"></script>' +
      '<link rel="modulepreload" href="/assets/x.js"></head><body><script nonce="n">$_TSR=1</script></body>';
    expect(entryScriptOf(html)).toBe('/assets/app-d9OUQSpy.js');
    expect(entryScriptOf('<div id="root"></div>')).toBeNull();
  });
});
