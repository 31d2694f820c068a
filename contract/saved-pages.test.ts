import { describe, expect, it } from 'vitest';
import { entryScriptOf, pageAddress, withFirstPaintAtContent } from './saved-pages';

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

  it('stores a kept page with its first paint held until the footer is parsed', () => {
    const page =
      '<html><head><title>x</title></head><body><div id="root"><footer id="site-footer"></footer></div></body></html>';
    expect(withFirstPaintAtContent(page)).toBe(
      '<html><head><title>x</title><link rel="expect" href="#site-footer" blocking="render"></head><body><div id="root"><footer id="site-footer"></footer></div></body></html>',
    );
  });
});
