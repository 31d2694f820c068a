/**
 * Benchmark page: the same history drawn by uPlot alone (same series kinds and scales, default
 * axes and legend, no React), the baseline the production chart is compared with.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { BatchColumns } from '../../contract/racers';

window.runChart = (c: BatchColumns) =>
  new Promise((resolve) => {
    const t0 = performance.now();
    const n = c.endTime.length;
    const wpm = new Array<number | null>(n);
    const acc = new Array<number | null>(n);
    let top = 0;
    for (let i = 0; i < n; i++) {
      wpm[i] = c.secs[i] > 0 ? c.typed[i] / 5 / (c.secs[i] / 60) : null;
      acc[i] = c.typed[i] > 0 ? 100 * (1 - c.errs[i] / c.typed[i]) : null;
      if ((wpm[i] ?? 0) > top) top = wpm[i]!;
    }
    let done = false;
    new uPlot(
      {
        width: 1200,
        height: 600,
        scales: { x: { time: true }, y: { range: [0, Math.ceil(top / 10) * 10 || 100] }, acc: { range: [70, 100] } },
        series: [
          {},
          { label: 'WPM', stroke: '#f0640f' },
          {
            label: 'Races',
            fill: 'rgba(37, 99, 235, 0.55)',
            width: 0,
            paths: uPlot.paths.bars!({ size: [0.8, 24, 1] }),
          },
          { label: 'Accuracy', scale: 'acc', stroke: '#15803d' },
        ],
        axes: [{}, {}, { scale: 'acc', side: 1, grid: { show: false } }],
        hooks: {
          draw: [
            () => {
              if (!done) resolve(performance.now() - t0);
              done = true;
            },
          ],
        },
      },
      [c.endTime, wpm, c.races, acc],
      document.getElementById('chart')!,
    );
  });
