/**
 * The WCAG 2.2 AA check: axe-core on every screen, in the light theme and the dark one, with no
 * serious or critical violation allowed, and a text alternative on every chart canvas. A visitor
 * sees every public screen; an admin the staff screens and the public ones that show staff
 * controls (the rest are the visitor's screens as drawn for anyone). Each screen is opened once
 * and checked in both themes: the theme is only <html data-theme> (src/styles/theme.css), so the
 * dark one chosen in the app is checked once to be exactly the dark one of a dark system. The
 * desktop and phone specs both define their tests here.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demoData, screens, type Screen } from './screens';
import { ADMIN, logIn } from './support';

/** When set, a full-page picture of every screen in each theme is saved there (to look at the layouts). */
const SHOTS = process.env.SCREEN_SHOTS_DIR;

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const DARK_BACKGROUND = 'rgb(11, 17, 32)';

/** "screen (theme): rule (n nodes) target…" for every serious or critical violation on the page. */
async function seriousViolations(page: Page, what: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${what}: ${v.id} (${v.nodes.length}) ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`)
          .join(' | ')}`,
    );
}

/** axe does not look into canvases: every chart must carry its own text alternative. */
async function unlabelledCharts(page: Page, what: string): Promise<string[]> {
  const unlabelled = await page
    .locator('canvas')
    .evaluateAll(
      (cs) => cs.filter((c) => c.getAttribute('role') !== 'img' || !c.getAttribute('aria-label')?.trim()).length,
    );
  return unlabelled ? [`${what}: ${unlabelled} chart canvas(es) without a text alternative`] : [];
}

/**
 * Every piece of text with a digit in it that is cut: partly hidden by a box (overflow hidden or
 * clip, an ellipsis, or the edge of a table scrolling sideways, where "73,93" would read as another
 * number) or running past the screen's edge, as "screen: text (cut by …)". A number wholly outside
 * a sideways-scrolling box is not cut: it is one swipe away, and that box's own edges are measured.
 */
async function clippedNumbers(page: Page, what: string): Promise<string[]> {
  const cut = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const host = node.parentElement;
      // A number: digits without letters ("73,938", "94.41%", "#7"), or anything in a numeric cell.
      const numeric = /\d/.test(text) && (!/[A-Za-z]/.test(text) || !!host?.closest('td.num, th.num'));
      if (!numeric || !host?.checkVisibility({ visibilityProperty: true })) continue;
      // Text only for screen readers (a 1 px box) is not on the screen to be cut.
      if (host.closest('.sr-only, [aria-hidden="true"], svg') || host.getBoundingClientRect().width <= 1) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width === 0) continue;
      let left = box.left;
      let right = box.right;
      let cutBy = '';
      for (let el: Element | null = host; el && el !== document.documentElement; el = el.parentElement) {
        const style = getComputedStyle(el);
        if (style.overflowX === 'visible') continue;
        const r = el.getBoundingClientRect();
        const inner = { left: r.left + el.clientLeft, right: r.left + el.clientLeft + el.clientWidth };
        const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
        const outside = right <= inner.left + 1 || left >= inner.right - 1;
        if (scrolls && outside) {
          // One swipe away: from here on the box's own edges must fit.
          left = r.left;
          right = r.right;
          continue;
        }
        if (left < inner.left - 1 || right > inner.right + 1) {
          cutBy = el.className ? `.${String(el.className).split(' ')[0]}` : el.tagName.toLowerCase();
          break;
        }
      }
      if (!cutBy && (left < -1 || right > window.innerWidth + 1)) cutBy = 'the screen edge';
      if (cutBy) found.push(`${text.trim().slice(0, 40)} (cut by ${cutBy})`);
    }
    return found;
  });
  return cut.map((c) => `${what}: ${c}`);
}

/**
 * Every tap target under 24 × 24 px, as "screen: what (w×h)": WCAG 2.5.8 lets a smaller one pass
 * when spaced out, but a thumb still misses it. A link inside running text and a box inside its
 * own label (the label is the target) are not counted.
 */
async function smallTargets(page: Page, what: string): Promise<string[]> {
  const small = await page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary')) {
      if (!el.checkVisibility({ visibilityProperty: true }) || el.closest('[inert]')) continue;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue;
      if (el.tagName === 'A' && getComputedStyle(el).display === 'inline' && !el.closest('td, th')) continue;
      if (el.tagName === 'INPUT' && el.closest('label')) continue;
      if (r.width < 24 || r.height < 24) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
        found.push(`${el.tagName.toLowerCase()} "${name}" (${Math.round(r.width)}×${Math.round(r.height)})`);
      }
    }
    return found;
  });
  return [...new Set(small)].map((s) => `${what}: ${s}`);
}

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

async function checkInTheme(page: Page, screen: Screen, who: string, theme: 'light' | 'dark'): Promise<string[]> {
  await page.emulateMedia({ colorScheme: theme });
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
  if (theme === 'dark') await expect.poll(() => bodyBackground(page)).toBe(DARK_BACKGROUND);
  // Colours change with a transition: axe reads them once every one has ended.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState === 'finished'),
  );
  if (SHOTS)
    await page.screenshot({
      path: `${SHOTS}/${test.info().project.name}-${theme}-${who}-${screen.name.replace(/\W+/g, '-')}.png`,
      fullPage: true,
    });
  const what = `${screen.name} (${theme})`;
  return [...(await seriousViolations(page, what)), ...(await unlabelledCharts(page, what))];
}

/** Every custom property (the colour tokens) and the colour scheme of the page as drawn now. */
function themeTokens(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    const tokens: Record<string, string> = {
      'color-scheme': style.colorScheme,
      body: getComputedStyle(document.body).backgroundColor,
    };
    for (const name of Array.from(style)) if (name.startsWith('--')) tokens[name] = style.getPropertyValue(name);
    return tokens;
  });
}

/** Screens per test: each part runs on whichever worker is free, in a few minutes at most. */
const PART_SIZE = 8;

const whose = (who: 'visitor' | 'admin') => (s: Screen) =>
  who === 'visitor' ? s.who !== 'admin' : s.who === 'admin' || s.staffControls;

export function defineAxeTests() {
  // The parts of a sweep share nothing but the server: they may run side by side.
  test.describe.configure({ mode: 'parallel' });
  for (const who of ['visitor', 'admin'] as const) {
    // The list's length and order do not depend on the demo's data (only their addresses do).
    const count = screens({ tag: '', eventId: 0, username: '' }).filter(whose(who)).length;
    const parts = Math.ceil(count / PART_SIZE);
    for (let part = 0; part < parts; part++) {
      const name = `every ${who} screen (part ${part + 1} of ${parts}) has no serious or critical WCAG 2.2 AA violation, light and dark`;
      test(name, async ({ page }) => {
        test.setTimeout(240_000);
        await page.goto('/about');
        const data = await demoData(page);
        if (who === 'admin') await logIn(page, ADMIN);
        const mine = screens(data)
          .filter(whose(who))
          .slice(part * PART_SIZE, (part + 1) * PART_SIZE);
        const found: string[] = [];
        const cut: string[] = [];
        const phone = (page.viewportSize()?.width ?? 0) < 500;
        for (const screen of mine) {
          await page.emulateMedia({ colorScheme: 'light' });
          await screen.open(page);
          found.push(...(await checkInTheme(page, screen, who, 'light')));
          // On a phone no number is cut and every target takes a thumb: measured once per screen,
          // the themes share one layout.
          if (phone) cut.push(...(await clippedNumbers(page, screen.name)), ...(await smallTargets(page, screen.name)));
          found.push(...(await checkInTheme(page, screen, who, 'dark')));
        }
        if (process.env.AXE_LOG) console.log(`${who}: ${found.length} violations\n${found.join('\n')}`);
        expect(found).toEqual([]);
        expect(cut, 'numbers cut, or targets under 24 px, at 390 px').toEqual([]);
      });
    }
  }

  test('dark chosen in the app on a light system is exactly the dark theme of a dark system', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/leaderboards?view=teams');
    await expect.poll(() => bodyBackground(page)).toBe(DARK_BACKGROUND);
    const system = await themeTokens(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect.poll(() => bodyBackground(page)).toBe(DARK_BACKGROUND);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await themeTokens(page)).toEqual(system);
  });
}
