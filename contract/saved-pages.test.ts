import { describe, expect, it } from 'vitest';
import { APP_START_LATEST_MS, entryScriptOf, pageAddress, withFirstPaintAtContent } from './saved-pages';

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

  it("starts a kept page's entry script after its first frame, by a script with the page's nonce", () => {
    const page =
      '<html><head><script type="module" crossorigin src="/assets/app-d9OUQSpy.js"></script></head>' +
      '<body><div id="root"><p>&lt;/body&gt;</p><script nonce="abc">$_TSR=1</script></div></body></html>';
    const kept = withFirstPaintAtContent(page);
    expect(kept).not.toContain('<script type="module"');
    expect(kept).toContain(
      '<head><link rel="modulepreload" crossorigin href="/assets/app-d9OUQSpy.js"><link rel="expect" href="#site-footer" blocking="render"></head>',
    );
    const start = /<script nonce="abc">([^<]+)<\/script><\/body><\/html>$/.exec(kept)?.[1] ?? '';
    expect(start).toContain('requestAnimationFrame(()=>setTimeout(start))');
    expect(start).toContain(`setTimeout(start,${APP_START_LATEST_MS})`);
    expect(start).toContain('s.src="/assets/app-d9OUQSpy.js"');
    // The kept page's content is untouched.
    expect(kept).toContain('<p>&lt;/body&gt;</p><script nonce="abc">$_TSR=1</script></div>');
  });

  it('keeps the entry script as it is on a page without a nonce (its policy would refuse a new script)', () => {
    const page =
      '<html><head><script type="module" crossorigin src="/assets/app.js"></script></head><body></body></html>';
    expect(withFirstPaintAtContent(page)).toContain('<script type="module" crossorigin src="/assets/app.js"></script>');
  });
});
