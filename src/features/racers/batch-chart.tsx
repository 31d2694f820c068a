/**
 * Batch Inspector chart (loaded lazily with uPlot): WPM line and Races bars on the left axis
 * (0 to the WPM axis maximum), Accuracy line on the right axis (70-100 %), batch end time in the
 * site zone on the x axis with at most about 30 labels.
 */
import { useMemo } from 'react';
import uPlot from 'uplot';
import { formatCT, formatInt, formatWpm, MISSING } from '../../lib/format';
import { UplotChart } from '../../ui/uplot-chart';
import type { BatchSeries } from './batch-series';
import { CHART_COLORS, axisStyle } from './chart-theme';
import { useResolvedTheme } from '../../lib/theme';

export const BATCH_CHART_HEIGHT = 600;
const MAX_X_LABELS = 30;
/** Lines break where the racer did not race for longer than this (seconds): a new session. */
const SESSION_GAP = 3600;

/** Adds a gap to the WPM and Accuracy lines between batches more than SESSION_GAP apart. */
function sessionGaps(
  u: uPlot,
  _seriesIdx: number,
  idx0: number,
  idx1: number,
  nullGaps: uPlot.Series.Gaps,
): uPlot.Series.Gaps {
  const xs = u.data[0];
  const gaps: uPlot.Series.Gaps = [];
  for (let i = idx0; i < idx1; i++) {
    if (xs[i + 1] - xs[i] > SESSION_GAP) {
      gaps.push([Math.round(u.valToPos(xs[i], 'x', true)) + 1, Math.round(u.valToPos(xs[i + 1], 'x', true)) - 1]);
    }
  }
  return nullGaps.length ? [...nullGaps, ...gaps].sort((a, b) => a[0] - b[0]) : gaps;
}

const sparseBars = uPlot.paths.bars!({ size: [0.8, 24, 1] });

/**
 * Races bars. While every batch gets about two pixels, uPlot's own bars; beyond that (a year is
 * 50,000 batches on ~1,200 pixels) one bar per pixel column as tall as the tallest batch in it:
 * the same picture as the overlapping bars (they all start at 0), with ~40 times fewer rectangles
 * to fill, which is what drawing 50,000 batches costs most.
 */
function racesBars(u: uPlot, seriesIdx: number, idx0: number, idx1: number): uPlot.Series.Paths | null {
  const { left, width } = u.bbox;
  if ((idx1 - idx0 + 1) * 2 <= width) return sparseBars(u, seriesIdx, idx0, idx1);
  const xs = u.data[0];
  const ys = u.data[seriesIdx];
  const min = u.scales.x.min ?? xs[idx0];
  const max = u.scales.x.max ?? xs[idx1];
  const k = width / (max - min || 1);
  const base = Math.round(u.valToPos(0, 'y', true));
  const path = new Path2D();
  const column = (px: number, v: number) => {
    const top = Math.round(u.valToPos(v, 'y', true));
    path.rect(px, top, 1, base - top);
  };
  let col = -1;
  let tallest = 0;
  for (let i = idx0; i <= idx1; i++) {
    const v = ys[i];
    if (v == null || v <= 0) continue;
    const px = Math.floor(left + (xs[i] - min) * k);
    if (px !== col) {
      if (col >= 0) column(col, tallest);
      col = px;
      tallest = v;
    } else if (v > tallest) tallest = v;
  }
  if (col >= 0) column(col, tallest);
  return { stroke: path, fill: path, clip: null, band: null, flags: 0 };
}

export interface BatchChartProps {
  series: BatchSeries;
  /** Index window [lo, hi) of the batches to draw. */
  lo: number;
  hi: number;
  /** Top of the WPM axis (wpmAxisMax). */
  wpmMax: number;
  tz: string;
  /** Called after every draw (benchmarks and tests); pass one function for every render, a new one re-creates the chart. */
  onDraw?: (chart: uPlot) => void;
}

export function batchChartOptions(
  tz: string,
  wpmMax: number,
  onDraw: (u: uPlot) => void,
): Omit<uPlot.Options, 'width' | 'height'> {
  return {
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), tz),
    scales: {
      x: { time: true },
      y: { range: [0, wpmMax] },
      acc: { range: [70, 100] },
    },
    series: [
      { label: 'Batch end', value: (_u, v) => (v == null ? MISSING : formatCT(v * 1000, 'MMM d, yyyy h:mm a', tz)) },
      // Points show by themselves when batches are far enough apart to see them.
      {
        label: 'WPM',
        scale: 'y',
        stroke: CHART_COLORS.wpm,
        width: 1.5,
        gaps: sessionGaps,
        points: { size: 4 },
        value: (_u, v) => formatWpm(v),
      },
      {
        label: 'Races',
        scale: 'y',
        stroke: CHART_COLORS.racesStroke,
        fill: CHART_COLORS.races,
        width: 0,
        paths: racesBars,
        points: { show: false },
        value: (_u, v) => formatInt(v),
      },
      {
        label: 'Accuracy',
        scale: 'acc',
        stroke: CHART_COLORS.accuracy,
        width: 1.5,
        gaps: sessionGaps,
        points: { size: 4 },
        value: (_u, v) => (v == null ? MISSING : `${v.toFixed(2)}%`),
      },
    ],
    axes: [
      // At most about 30 labels, whatever the width: each label gets at least 1/30 of the plot.
      { ...axisStyle(), space: (_u, _i, _min, _max, dim) => Math.max(64, dim / MAX_X_LABELS) },
      { ...axisStyle(), scale: 'y', label: 'WPM / Races', size: 52 },
      {
        ...axisStyle(),
        scale: 'acc',
        side: 1,
        label: 'Accuracy',
        size: 56,
        grid: { show: false },
        values: (_u, splits) => splits.map((v) => `${v}%`),
      },
    ],
    legend: { live: true },
    hooks: { draw: [onDraw] },
  };
}

/** The text alternative: the span, its races and best WPM; the table below lists every batch. */
function batchSummary(series: BatchSeries, lo: number, hi: number): string {
  if (hi <= lo) return 'WPM, races and accuracy per batch: no batches in this date range.';
  let races = 0;
  let top: number | null = null;
  for (let i = lo; i < hi; i++) {
    races += series.races[i] ?? 0;
    const w = series.wpm[i];
    if (w !== null && w !== undefined && (top === null || w > top)) top = w;
  }
  const span = `${formatCT(series.time[lo] * 1000)} to ${formatCT(series.time[hi - 1] * 1000)}`;
  return `WPM, races and accuracy of ${formatInt(hi - lo)} batches from ${span}: ${formatInt(races)} races, top WPM ${top === null ? MISSING : formatWpm(top)}. The table below lists each batch.`;
}

export default function BatchChart({ series, lo, hi, wpmMax, tz, onDraw }: BatchChartProps) {
  const theme = useResolvedTheme();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- theme: the colours are read from its CSS tokens
  const options = useMemo(() => batchChartOptions(tz, wpmMax, (u) => onDraw?.(u)), [tz, wpmMax, onDraw, theme]);
  const data = useMemo(
    (): uPlot.AlignedData => [
      series.time.slice(lo, hi),
      series.wpm.slice(lo, hi),
      series.races.slice(lo, hi),
      series.accuracyPct.slice(lo, hi),
    ],
    [series, lo, hi],
  );
  return (
    <div className="batch-chart" data-testid="batch-chart" data-points={hi - lo}>
      <UplotChart options={options} data={data} height={BATCH_CHART_HEIGHT} label={batchSummary(series, lo, hi)} />
    </div>
  );
}
