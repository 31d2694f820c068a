/**
 * Daily / Weekly Races chart (loaded lazily with uPlot): Team Races and Lifetime Races as
 * horizontal grouped bars, one row per period, newest at the top.
 *
 * uPlot has no horizontal bar type, but its scales can be turned: the category scale `x` runs
 * vertically (ori 1) and the Races scale horizontally (ori 0), and its `bars` path builder then
 * draws horizontal bars. That keeps one chart library (already loaded for the Batch Inspector),
 * with its legend, cursor and resizing, instead of a second hand-made renderer.
 */
import { useMemo } from 'react';
import uPlot from 'uplot';
import { formatInt } from '../../lib/format';
import { UplotChart } from '../../ui/uplot-chart';
import { CHART_COLORS, LABEL_FONT, axisStyle } from './chart-theme';
import { useResolvedTheme } from '../../lib/theme';
import { periodChartHeight, type PeriodRaces } from './period-races';

/** Whole-number steps for the Races axis. */
const RACE_INCRS = [
  1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10_000, 20_000, 50_000, 100_000,
];

/** Each of the two bars takes this share of its row, at most BAR_MAX CSS pixels thick. */
const BAR_SIZE = 0.36;
const BAR_MAX = 16;

export interface PeriodChartProps {
  /** Newest first. */
  periods: PeriodRaces[];
  /** Axis title of the periods: Day or Week. */
  periodLabel: string;
  /** Label of one period key (YYYY-MM-DD). */
  formatPeriod: (key: string) => string;
}

/** Writes each bar's number just past its end. */
function valueLabels(u: uPlot) {
  const ctx = u.ctx;
  const px = uPlot.pxRatio;
  const row = Math.abs(u.valToPos(1, 'x', true) - u.valToPos(0, 'x', true));
  const bar = Math.min(row * BAR_SIZE, BAR_MAX * px);
  ctx.save();
  ctx.font = LABEL_FONT.replace('12px', `${Math.round(11 * px)}px`);
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.fillStyle = CHART_COLORS.axis;
  for (const s of [1, 2]) {
    const values = u.data[s];
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v == null) continue;
      const y = u.valToPos(i, 'x', true) + (s === 1 ? -bar / 2 : bar / 2);
      ctx.fillText(formatInt(v), u.valToPos(v, 'y', true) + 4 * px, y);
    }
  }
  ctx.restore();
}

export function periodChartOptions(labels: string[], periodLabel: string): Omit<uPlot.Options, 'width' | 'height'> {
  const n = labels.length;
  return {
    scales: {
      x: { time: false, ori: 1, dir: -1, range: [-0.5, Math.max(n, 1) - 0.5] },
      // Room after the longest bar for its number.
      y: { ori: 0, dir: 1, range: (_u, _min, max) => [0, Math.max(10, (max ?? 0) * 1.2)] },
    },
    series: [
      { label: periodLabel, value: (_u, v) => (v == null ? '' : (labels[v] ?? '')) },
      {
        label: 'Team Races',
        fill: CHART_COLORS.races,
        stroke: CHART_COLORS.racesStroke,
        width: 0,
        paths: uPlot.paths.bars!({ size: [BAR_SIZE, BAR_MAX], align: -1 }),
        points: { show: false },
        value: (_u, v) => formatInt(v),
      },
      {
        label: 'Lifetime Races',
        fill: CHART_COLORS.lifetime,
        stroke: CHART_COLORS.lifetime,
        width: 0,
        paths: uPlot.paths.bars!({ size: [BAR_SIZE, BAR_MAX], align: 1 }),
        points: { show: false },
        value: (_u, v) => formatInt(v),
      },
    ],
    axes: [
      {
        ...axisStyle(),
        scale: 'x',
        side: 3,
        label: periodLabel,
        size: 96,
        grid: { show: false },
        splits: () => labels.map((_, i) => i),
        values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
      },
      {
        ...axisStyle(),
        scale: 'y',
        side: 2,
        label: 'Races',
        incrs: RACE_INCRS,
        values: (_u, splits) => splits.map((v) => formatInt(v)),
      },
    ],
    cursor: { points: { show: false }, drag: { x: false, y: false } },
    legend: { live: false },
    hooks: { draw: [valueLabels] },
  };
}

/** The text alternative: team and lifetime races of each period, newest first. */
function periodSummary(periods: PeriodRaces[], periodLabel: string, formatPeriod: (key: string) => string): string {
  if (!periods.length) return `Races per ${periodLabel.toLowerCase()}: none.`;
  const list = periods.map(
    (p) => `${formatPeriod(p.period)}: ${formatInt(p.teamRaces)} team, ${formatInt(p.lifetimeRaces)} lifetime`,
  );
  return `Team and lifetime races per ${periodLabel.toLowerCase()}, newest first. ${list.join('; ')}.`;
}

export default function PeriodChart({ periods, periodLabel, formatPeriod }: PeriodChartProps) {
  const labels = useMemo(() => periods.map((p) => formatPeriod(p.period)), [periods, formatPeriod]);
  const theme = useResolvedTheme();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- theme: the colours are read from its CSS tokens
  const options = useMemo(() => periodChartOptions(labels, periodLabel), [labels, periodLabel, theme]);
  const data = useMemo(
    (): uPlot.AlignedData => [
      periods.map((_, i) => i),
      periods.map((p) => p.teamRaces),
      periods.map((p) => p.lifetimeRaces),
    ],
    [periods],
  );
  return (
    <div className="period-chart" data-testid="period-chart" data-periods={periods.length}>
      <UplotChart
        options={options}
        data={data}
        height={periodChartHeight(periods.length)}
        label={periodSummary(periods, periodLabel, formatPeriod)}
      />
    </div>
  );
}
