/**
 * The WCAG 2.2 AA check: axe-core on every screen, as a visitor and as an admin, in the light
 * theme, the dark one a dark system gets, and the dark one chosen on a light system, with no
 * serious or critical violation allowed, and a text alternative on every chart canvas. The desktop
 * and phone specs both define their tests here.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demoData, screens, type Screen } from './screens';
import { ADMIN, logIn } from './support';

/** When set, a full-page picture of every screen is saved there (to look at the layouts). */
const SHOTS = process.env.SCREEN_SHOTS_DIR;

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** "screen: rule (n nodes) target…" for every serious or critical violation on the page. */
async function seriousViolations(page: Page, screen: Screen): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${screen.name}: ${v.id} (${v.nodes.length}) ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`)
          .join(' | ')}`,
    );
}

/** light; dark by the system's setting; dark chosen in the app on a light system. */
const THEMES = ['light', 'dark system', 'dark chosen'] as const;

export function defineAxeTests() {
  for (const theme of THEMES)
    for (const who of ['visitor', 'admin'] as const) {
      const title = `every screen has no serious or critical WCAG 2.2 AA violation (${who}${theme === 'light' ? '' : `, ${theme}`})`;
      test(title, async ({ page }) => {
        // Every screen in turn: about 2.5 minutes on a quiet 2-core machine, more on a busy one.
        test.setTimeout(360_000);
        await page.emulateMedia({ colorScheme: theme === 'dark system' ? 'dark' : 'light' });
        if (theme === 'dark chosen') await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
        await page.goto('/about');
        if (theme !== 'light') {
          await expect
            .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
            .toBe('rgb(11, 17, 32)');
        }
        const data = await demoData(page);
        if (who === 'admin') await logIn(page, ADMIN);
        const found: string[] = [];
        for (const screen of screens(data).filter((s) => !s.who || s.who === who)) {
          await screen.open(page);
          if (SHOTS)
            await page.screenshot({
              path: `${SHOTS}/${test.info().project.name}-${theme.replace(' ', '-')}-${who}-${screen.name.replace(/\W+/g, '-')}.png`,
              fullPage: true,
            });
          found.push(...(await seriousViolations(page, screen)));
          // axe does not look into canvases: every chart must carry its own text alternative.
          const unlabelled = await page
            .locator('canvas')
            .evaluateAll(
              (cs) =>
                cs.filter((c) => c.getAttribute('role') !== 'img' || !c.getAttribute('aria-label')?.trim()).length,
            );
          if (unlabelled) found.push(`${screen.name}: ${unlabelled} chart canvas(es) without a text alternative`);
        }
        if (process.env.AXE_LOG) console.log(`${who}: ${found.length} violations\n${found.join('\n')}`);
        expect(found).toEqual([]);
      });
    }
}
