/**
 * Times, in headless Chromium, how long it takes from a racer's batch columns to a drawn Batch
 * Inspector chart: the production chart (bench/racer-chart/production-page.tsx) against uPlot
 * alone (bare-page.ts), both bundled with esbuild into a temporary folder and run in the same
 * browser, alternating, on fresh pages.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import type { BatchColumns } from '../../contract/racers.js';
import { syntheticColumns } from './synthetic-batches.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const PAGES = { production: 'production-page.tsx', bare: 'bare-page.ts' } as const;
type PageKind = keyof typeof PAGES;

export interface ChartTiming {
  batches: number;
  production: number;
  bare: number;
}

async function bundle(dir: string, kind: PageKind): Promise<string> {
  const out = path.join(dir, kind);
  await build({
    entryPoints: [path.join(here, PAGES[kind])],
    bundle: true,
    format: 'iife',
    minify: true,
    jsx: 'automatic',
    target: 'es2022',
    outdir: out,
    entryNames: 'page',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const css = fs.existsSync(path.join(out, 'page.css')) ? '<link rel="stylesheet" href="page.css">' : '';
  fs.writeFileSync(
    path.join(out, 'index.html'),
    `<!doctype html><html><head><meta charset="utf-8">${css}<style>body{margin:0;font:14px system-ui}#chart{width:1200px}</style></head>` +
      '<body><div id="chart"></div><script src="page.js"></script></body></html>',
  );
  return pathToFileURL(path.join(out, 'index.html')).href;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

export async function measureChartDraw(
  log: (line: string) => void,
  sizes = [5_000, 50_000],
  runs = 7,
): Promise<ChartTiming[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'racer-chart-bench-'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--headless'],
  });
  try {
    const urls = { production: await bundle(dir, 'production'), bare: await bundle(dir, 'bare') };
    const results: ChartTiming[] = [];
    const draw = async (kind: PageKind, columns: BatchColumns) => {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.goto(urls[kind]);
      const ms = await page.evaluate((c) => window.runChart(c), columns);
      await page.close();
      return ms;
    };
    // One untimed round first: the browser's first pages pay for starting its processes and caches.
    const warmUp = syntheticColumns(sizes[0]);
    await draw('production', warmUp);
    await draw('bare', warmUp);
    for (const size of sizes) {
      const columns: BatchColumns = syntheticColumns(size);
      const times: Record<PageKind, number[]> = { production: [], bare: [] };
      for (let run = 0; run < runs; run++) {
        // Alternate which page goes first, so neither always meets a busier machine.
        const order: PageKind[] = run % 2 ? ['bare', 'production'] : ['production', 'bare'];
        for (const kind of order) times[kind].push(await draw(kind, columns));
      }
      const r = { batches: size, production: median(times.production), bare: median(times.bare) };
      log(
        `${size} batches: production ${r.production.toFixed(1)} ms, bare uPlot ${r.bare.toFixed(1)} ms (medians of ${runs})`,
      );
      results.push(r);
    }
    return results;
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
