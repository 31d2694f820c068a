/**
 * Racer inspector benchmark: GET /api/racer-batches for a year of history on PGlite, and the time
 * from data to drawn Batch Inspector chart in Chromium against bare uPlot (target: within 1.5× of
 * bare uPlot and under 100 ms for 50,000 batches).
 */
import { API_TABLE_HEAD, measureRacerBatchesEndpoint } from './racer-chart/api-timing.js';
import { measureChartDraw } from './racer-chart/chart-timing.js';

const RUNS = 7;

export default async function racerChartBench(log: (line: string) => void): Promise<string> {
  log('racer-batches endpoint, 50,000 batches on PGlite and PostgreSQL...');
  const api = await measureRacerBatchesEndpoint(50_000);
  api.forEach((l) => log(l));
  log('Batch Inspector chart in Chromium...');
  const charts = await measureChartDraw(log, [5_000, 50_000], RUNS);
  const rows = charts.map((c) => {
    const ratio = c.production / c.bare;
    const ok = ratio <= 1.5 && (c.batches < 50_000 || c.production < 100);
    return `| ${c.batches.toLocaleString('en-US')} | ${c.production.toFixed(1)} ms | ${c.bare.toFixed(1)} ms | ${ratio.toFixed(2)}× | ${ok ? 'met' : 'NOT met'} |`;
  });
  return [
    '## Racer inspector',
    '',
    'One racer with a year of 10-minute history (50,000 batches), synthetic and deterministic;',
    'PostgreSQL vacuumed and analyzed after the load (as its autovacuum would), PGlite as it is.',
    '',
    "### GET /api/racer-batches and the racer page's other calls (in-process, app.inject)",
    '',
    'Target for the racer page (format=columns, computed): ≤ 100 ms on PGlite, ≤ 30 ms on PostgreSQL.',
    '',
    ...API_TABLE_HEAD,
    ...api,
    '',
    `### Data to drawn chart (headless Chromium, 1200 × 600 px, median of ${RUNS} fresh pages)`,
    '',
    "From the API columns to uPlot's first draw: the production Batch Inspector chart (series",
    'conversion, React component, uPlot options) against uPlot alone with the same data and series.',
    'Target: at most 1.5× bare uPlot, and under 100 ms for 50,000 batches.',
    '',
    '| batches | production chart | bare uPlot | ratio | target |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
