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

export function defineAxeTests() {
  for (const who of ['visitor', 'admin'] as const) {
    test(`every ${who} screen has no serious or critical WCAG 2.2 AA violation, light and dark`, async ({ page }) => {
      // Every screen in turn, twice: about a minute on a quiet 2-core machine, more on a busy one.
      test.setTimeout(300_000);
      await page.goto('/about');
      const data = await demoData(page);
      if (who === 'admin') await logIn(page, ADMIN);
      const mine = screens(data).filter((s) =>
        who === 'visitor' ? s.who !== 'admin' : s.who === 'admin' || s.staffControls,
      );
      const found: string[] = [];
      const cut: string[] = [];
      const phone = (page.viewportSize()?.width ?? 0) < 500;
      for (const screen of mine) {
        await page.emulateMedia({ colorScheme: 'light' });
        await screen.open(page);
        found.push(...(await checkInTheme(page, screen, who, 'light')));
        // On a phone no number is cut: measured once per screen, the themes share one layout.
        if (phone) cut.push(...(await clippedNumbers(page, screen.name)));
        found.push(...(await checkInTheme(page, screen, who, 'dark')));
      }
      if (process.env.AXE_LOG) console.log(`${who}: ${found.length} violations\n${found.join('\n')}`);
      expect(found).toEqual([]);
      expect(cut, 'numbers cut at 390 px').toEqual([]);
    });
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
