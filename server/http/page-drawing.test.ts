import { describe, expect, it } from 'vitest';
import { wantsNarrowLayout } from './page-drawing.js';

describe('wantsNarrowLayout', () => {
  it('follows the mobile client hint when the browser sends one', () => {
    expect(wantsNarrowLayout({ 'sec-ch-ua-mobile': '?1', 'user-agent': 'X11; Linux x86_64' })).toBe(true);
    expect(wantsNarrowLayout({ 'sec-ch-ua-mobile': '?0', 'user-agent': 'Android 14; Mobile' })).toBe(false);
  });

  it('otherwise reads the user agent: phones are narrow, desktops and tablets are not', () => {
    expect(
      wantsNarrowLayout({ 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' }),
    ).toBe(true);
    expect(
      wantsNarrowLayout({ 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126.0 Mobile Safari/537.36' }),
    ).toBe(true);
    expect(
      wantsNarrowLayout({ 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0 Safari/537.36' }),
    ).toBe(false);
    expect(wantsNarrowLayout({ 'user-agent': 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Safari/604.1' })).toBe(
      false,
    );
    // An Android tablet says Android without Mobile.
    expect(
      wantsNarrowLayout({ 'user-agent': 'Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/126.0 Safari/537.36' }),
    ).toBe(false);
    expect(wantsNarrowLayout({})).toBe(false);
  });
});
