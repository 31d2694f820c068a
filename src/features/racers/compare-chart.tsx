/**
 * Head-to-head chart (loaded lazily with uPlot): each racer's races per day as side-by-side bars
 * and WPM as a line on the left axis, accuracy as a dashed line on the right axis (70-100 %).
 */
import { useMemo } from 'react';
import uPlot from 'uplot';
import type { RacerCompareResponse } from '../../../contract/racer-pages';
import { dayStart, formatInZone } from '../../../rules/site-time';
import { formatAccuracy, formatInt, formatWpm, MISSING } from '../../lib/format';
import { UplotChart } from '../../ui/uplot-chart';
import { axisStyle } from './chart-theme';
import { useResolvedTheme } from '../../lib/theme';

import { COMPARE_CHART_HEIGHT } from './compare-chart-size';
/** Racer A blue, racer B orange (the site's palette). */
export const COMPARE_COLORS = {
  a: '#2563eb',
  aFill: 'rgba(37, 99, 235, 0.45)',
  b: '#c2410c',
  bFill: 'rgba(240, 100, 15, 0.45)',
};

const barsLeft = uPlot.paths.bars!({ size: [0.4, 40], align: -1 });
const barsRight = uPlot.paths.bars!({ size: [0.4, 40], align: 1 });

const pct = (v: number | null) => (v === null ? null : v * 100);

function compareOptions(tz: string, names: [string, string]): Omit<uPlot.Options, 'width' | 'height'> {
  const [a, b] = names;
  const races = (label: string, stroke: string, fill: string, paths: uPlot.Series.PathBuilder): uPlot.Series => ({
    label,
    scale: 'y',
    stroke,
    fill,
    width: 0,
    paths,
    points: { show: false },
    value: (_u, v) => formatInt(v),
  });
  const wpmLine = (label: string, stroke: string): uPlot.Series => ({
    label,
    scale: 'y',
    stroke,
    width: 2,
    points: { size: 5 },
    spanGaps: false,
    value: (_u, v) => formatWpm(v),
  });
  const accLine = (label: string, stroke: string): uPlot.Series => ({
    label,
    scale: 'acc',
    stroke,
    width: 1.5,
    dash: [6, 4],
    points: { size: 4 },
    value: (_u, v) => (v == null ? MISSING : `${v.toFixed(2)}%`),
  });
  return {
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), tz),
    scales: {
      x: { time: true },
      y: { range: (_u, _min, max) => [0, Math.max(10, Math.ceil(max / 10) * 10)] },
      acc: { range: [70, 100] },
    },
    series: [
      { label: 'Day', value: (_u, v) => (v == null ? MISSING : formatInZone(v * 1000, tz, 'EEE, MMM d, yyyy')) },
      races(`${a} races`, COMPARE_COLORS.a, COMPARE_COLORS.aFill, barsLeft),
      races(`${b} races`, COMPARE_COLORS.b, COMPARE_COLORS.bFill, barsRight),
      wpmLine(`${a} WPM`, COMPARE_COLORS.a),
      wpmLine(`${b} WPM`, COMPARE_COLORS.b),
      accLine(`${a} accuracy`, COMPARE_COLORS.a),
      accLine(`${b} accuracy`, COMPARE_COLORS.b),
    ],
    axes: [
      { ...axisStyle(), space: 56 },
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
  };
}

/** The text alternative: the range and both racers' totals; the table below lists every day. */
function compareSummary(data: RacerCompareResponse): string {
  const one = (r: RacerCompareResponse['a']) =>
    `${r.username} ${formatInt(r.totals.races)} races at ${formatWpm(r.totals.wpm)} WPM and ${formatAccuracy(r.totals.accuracy)} accuracy`;
  return `Races, WPM and accuracy per day from ${data.from} to ${data.to}: ${one(data.a)}; ${one(data.b)}. The table below lists each day.`;
}

export default function CompareChart({ data, tz }: { data: RacerCompareResponse; tz: string }) {
  const theme = useResolvedTheme();
  const options = useMemo(
    () => compareOptions(tz, [data.a.username, data.b.username]),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- theme: the colours are read from its CSS tokens
    [tz, data.a.username, data.b.username, theme],
  );
  const series = useMemo(
    (): uPlot.AlignedData => [
      data.days.map((d) => dayStart(d, tz).getTime() / 1000),
      data.a.races,
      data.b.races,
      data.a.wpm,
      data.b.wpm,
      data.a.accuracy.map(pct),
      data.b.accuracy.map(pct),
    ],
    [data, tz],
  );
  return (
    <div className="compare-chart" data-testid="compare-chart" data-days={data.days.length}>
      <UplotChart options={options} data={series} height={COMPARE_CHART_HEIGHT} label={compareSummary(data)} />
    </div>
  );
}
