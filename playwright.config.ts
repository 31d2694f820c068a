/**
 * Browser tests: Debian's Chromium against the built app served by tests/browser/serve.ts (app and
 * API with a demo community), from STATIC_DIR (default dist/). Each worker has a server of its own,
 * on E2E_PORT + its index: specs that change a server's data (staff writes, polls, its clock) never
 * meet another worker's, and a spec file runs in one worker, its tests in order.
 */
import { defineConfig, devices } from '@playwright/test';

/** Two workers on a 2-core machine: much of a browser test is waiting on the page or the server. */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
const firstPort = Number(process.env.E2E_PORT ?? 4173);
const urlOf = (worker: number) => `http://127.0.0.1:${firstPort + worker}`;
// This file is read again in each worker, which Playwright tells its index.
const baseURL = urlOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests/browser',
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // reports/playwright.json feeds the table at the end of `npm test` (scripts/test.mjs).
  reporter: [
    ['list'],
    ['json', { outputFile: 'reports/playwright.json' }],
    ...(process.env.CI ? [['html', { open: 'never' }] as const] : []),
  ],
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /.*\.phone\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromium },
    },
    {
      // Specs (or tests) that need a phone run here: name the file *.phone.spec.ts.
      name: 'phone',
      testMatch: /.*\.phone\.spec\.ts/,
      use: {
        // A phone's own user agent: the server draws the phone's column order from it (server/http/page-drawing.ts).
        userAgent: devices['Pixel 7'].userAgent,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        launchOptions: chromium,
      },
    },
  ],
  webServer: Array.from({ length: WORKERS }, (_, worker) => ({
    command: 'npx tsx tests/browser/serve.ts',
    url: `${urlOf(worker)}/api/site`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      E2E_PORT: String(firstPort + worker),
      STATIC_DIR: process.env.STATIC_DIR ?? 'dist',
    },
  })),
});
