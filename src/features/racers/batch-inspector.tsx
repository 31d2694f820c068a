/** Batch Inspector tab: the combined chart over the chosen range and the batch table below it. */
import { Suspense, lazy } from 'react';
import { Empty, Loading } from '../../ui/states';
import type { BatchSeries } from './batch-series';
import { BatchTable } from './batch-table';

const BatchChart = lazy(() => import('./batch-chart'));

export interface BatchInspectorProps {
  series: BatchSeries;
  lo: number;
  hi: number;
  wpmMax: number;
  tz: string;
  page: number;
  onPage: (page: number) => void;
  username: string;
}

export function BatchInspector({ series, lo, hi, wpmMax, tz, page, onPage, username }: BatchInspectorProps) {
  return (
    <section className="card racer-panel" aria-labelledby="batch-title">
      <header className="card-header">
        <h2 id="batch-title" className="card-title">
          Batch Inspector
        </h2>
        <span className="panel-note">
          10-minute batches, times in CT · drag on the chart to zoom, double-click to reset
        </span>
      </header>
      {hi - lo === 0 ? (
        <Empty text="No batches in this date range." />
      ) : (
        <Suspense
          fallback={
            <div className="batch-chart-placeholder">
              <Loading text="Loading chart..." />
            </div>
          }
        >
          <BatchChart series={series} lo={lo} hi={hi} wpmMax={wpmMax} tz={tz} />
        </Suspense>
      )}
      <BatchTable series={series} lo={lo} hi={hi} page={page} onPage={onPage} username={username} tz={tz} />
    </section>
  );
}
