/** A bar chart of total races per day or week (last 8 entries), with the count above each bar (uPlot, lazy). */
import { useMemo } from 'react';
import { cssColor, useResolvedTheme } from '../../lib/theme';
import uPlot from 'uplot';
import type { PeriodRacesRow } from '../../../contract/activity';
import { formatInt } from '../../lib/format';
import { UplotChart } from '../../ui/uplot-chart';

const bars = uPlot.paths.bars!({ size: [0.6, 72] });
export const PERIOD_ENTRIES = 8;

export interface PeriodChartProps {
  rows: PeriodRacesRow[];
  /** Short x-axis label of a YYYY-MM-DD key. */
  label: (date: string) => string;
  colour: string;
  /** Accessible description, e.g. "Daily races". */
  title: string;
}

const labelFont = (px: number) => `${Math.round(px * devicePixelRatio)}px system-ui, sans-serif`;

/** Draws each bar's count above it, in a smaller font when the widest count is wider than a bar's slot (so neighbours never touch). */
function valueLabels(u: uPlot) {
  const { ctx } = u;
  const xs = u.data[0];
  const ys = u.data[1];
  ctx.save();
  ctx.font = labelFont(11.5);
  const slot = (u.bbox.width / Math.max(xs.length, 1)) * 0.9;
  const widest = Math.max(
    0,
    ...ys.map((y) => (y === null || y === undefined ? 0 : ctx.measureText(formatInt(y)).width)),
  );
  if (widest > slot) ctx.font = labelFont(Math.max(8, (11.5 * slot) / widest));
  ctx.fillStyle = cssColor('--color-chart-label', '#1f2937');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  xs.forEach((x, i) => {
    const y = ys[i];
    if (y === null || y === undefined) return;
    ctx.fillText(formatInt(y), u.valToPos(x, 'x', true), u.valToPos(y, 'y', true) - 4 * devicePixelRatio);
  });
  ctx.restore();
}

export default function PeriodChart({ rows, label, colour, title }: PeriodChartProps) {
  const shown = useMemo(() => rows.slice(-PERIOD_ENTRIES), [rows]);
  const data = useMemo<uPlot.AlignedData>(() => [shown.map((_, i) => i), shown.map((r) => r.total_races)], [shown]);
  const labels = shown.map((r) => label(r.date)).join('|');
  const theme = useResolvedTheme();
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(() => {
    const names = labels.split('|');
    return {
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: false, range: () => [-0.5, names.length - 0.5] },
        y: { range: (_u, _min, max) => [0, Math.max(5, Math.ceil(max * 1.18))] },
      },
      axes: [
        {
          stroke: cssColor('--color-chart-axis'),
          grid: { show: false },
          splits: () => names.map((_, i) => i),
          // On a narrow chart every other label is left out so they never overlap.
          values: (u, splits) => {
            const step = u.bbox.width / devicePixelRatio / names.length < 44 ? 2 : 1;
            return splits.map((i) => ((names.length - 1 - i) % step === 0 ? (names[i] ?? '') : ''));
          },
        },
        {
          stroke: cssColor('--color-chart-axis'),
          label: 'Races',
          grid: { stroke: cssColor('--color-chart-grid', '#eef0f4') },
          size: 56,
        },
      ],
      series: [{}, { label: 'Races', fill: colour, stroke: colour, width: 0, paths: bars, points: { show: false } }],
      hooks: { draw: [valueLabels] },
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- theme: the colours are read from its CSS tokens
  }, [labels, colour, theme]);
  return (
    <figure className="period-chart" aria-label={title}>
      {/* The canvas is named by the title; the caption gives its numbers. */}
      <UplotChart options={options} data={data} height={260} className="activity-chart" label={title} />
      <figcaption className="sr-only">{shown.map((r) => `${r.date}: ${r.total_races} races`).join('; ')}</figcaption>
    </figure>
  );
}
