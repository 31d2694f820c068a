/**
 * Benchmark page: draws the racer's history with the production Batch Inspector chart (the
 * series conversion, the React component and its uPlot options). The columns arrive the way the
 * app receives them: through an external store read with useSyncExternalStore, as TanStack
 * Query's useQuery does, into a component that is already mounted.
 */
import { useMemo, useSyncExternalStore } from 'react';
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

let columns: BatchColumns | null = null;
let onDraw: () => void = () => {};
/** One function for every render: a new one would re-create the chart. */
const drawn = () => onDraw();
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

function Bench() {
  const data = useSyncExternalStore(subscribe, () => columns);
  const series = useMemo(() => (data ? toBatchSeries(data) : null), [data]);
  const wpmMax = useMemo(() => wpmAxisMax(topWpm(null, series?.wpm ?? [])), [series]);
  if (!series) return null;
  return (
    <BatchChart series={series} lo={0} hi={series.time.length} wpmMax={wpmMax} tz="America/Chicago" onDraw={drawn} />
  );
}

createRoot(document.getElementById('chart')!).render(<Bench />);

window.runChart = (c) =>
  new Promise((resolve) => {
    const t0 = performance.now();
    let done = false;
    onDraw = () => {
      if (!done) resolve(performance.now() - t0);
      done = true;
    };
    columns = c;
    listeners.forEach((l) => l());
  });
