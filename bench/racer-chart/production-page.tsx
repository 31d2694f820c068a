/**
 * Benchmark page: draws the racer's history with the production Batch Inspector chart (the
 * series conversion, the React component and its uPlot options), from the API's columns.
 */
import { createRoot } from 'react-dom/client';
import type { BatchColumns } from '../../contract/racers';
import BatchChart from '../../src/features/racers/batch-chart';
import { toBatchSeries } from '../../src/features/racers/batch-series';
import { topWpm, wpmAxisMax } from '../../src/features/racers/wpm-axis';

declare global {
  interface Window {
    /** Draws the columns and resolves with the milliseconds from data to the drawn chart. */
    runChart: (columns: BatchColumns) => Promise<number>;
  }
}

window.runChart = (columns) =>
  new Promise((resolve) => {
    const t0 = performance.now();
    const series = toBatchSeries(columns);
    const wpmMax = wpmAxisMax(topWpm(null, series.wpm));
    let done = false;
    const onDraw = () => {
      if (!done) resolve(performance.now() - t0);
      done = true;
    };
    createRoot(document.getElementById('chart')!).render(
      <BatchChart series={series} lo={0} hi={series.time.length} wpmMax={wpmMax} tz="America/Chicago" onDraw={onDraw} />,
    );
  });
