/**
 * The stacked hourly races chart: one bar segment per racer and hour (uPlot, loaded lazily), a
 * legend of the top 20 racers by races with Show More / Show Less, and a readout of the hovered hour.
 */
import { useMemo, useState } from 'react';
import { cssColor, useResolvedTheme } from '../../lib/theme';
import uPlot from 'uplot';
import type { HourlyRacesRow } from '../../../contract/activity';
import { formatInZone } from '../../../rules/site-time';
import { formatInt, zoneLabel } from '../../lib/format';
import { UplotChart } from '../../ui/uplot-chart';
import { buildHourlyStack, cumulativeStack, hourBucketsFor, HOURS_SHOWN, LEGEND_LIMIT } from './hourly-stack';
import { OTHERS_COLOUR, paletteColour } from './palette';
import { useMinuteClock } from '../../lib/use-minute-clock';
import { useStyleWhenHydrated } from '../../lib/use-hydrated';

const bars = uPlot.paths.bars!({ size: [0.82, 48], gap: 1 });

export interface HourlyChartProps {
  rows: HourlyRacesRow[];
  tz: string;
}

/** The text alternative: the day's total and its busiest hour. */
function hourlySummary(totals: number[], hourLabel: (i: number) => string): string {
  const sum = totals.reduce((n, t) => n + t, 0);
  if (sum === 0) return 'Races per hour by racer, last 24 hours: no races.';
  const peak = totals.indexOf(Math.max(...totals));
  return `Races per hour by racer, last 24 hours: ${formatInt(sum)} races in all; the busiest hour, ${hourLabel(peak)}, had ${formatInt(totals[peak])}. Hover or tap a bar for each racer's races.`;
}

export default function HourlyChart({ rows, tz }: HourlyChartProps) {
  const styled = useStyleWhenHydrated();
  const [expanded, setExpanded] = useState(false);
  const [hover, setHover] = useState<number | null>(null);
  const now = useMinuteClock();
  const stack = useMemo(() => {
    const hours = hourBucketsFor(rows, now.getTime(), HOURS_SHOWN);
    return buildHourlyStack(rows, hours, expanded ? null : LEGEND_LIMIT);
  }, [rows, expanded, now]);
  const colours = useMemo(
    () => stack.series.map((s, i) => (s.username === null ? OTHERS_COLOUR : paletteColour(i))),
    [stack],
  );

  const data = useMemo<uPlot.AlignedData>(
    () => [stack.hours.map((h) => h / 1000), ...cumulativeStack(stack.series)],
    [stack],
  );
  const theme = useResolvedTheme();
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(() => {
    const drawn = [...stack.series].reverse();
    const drawnColours = [...colours].reverse();
    return {
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), tz),
      legend: { show: false },
      cursor: { points: { show: false }, drag: { x: false, y: false } },
      scales: {
        x: { time: true, range: (_u, min, max) => [min - 1800, max + 1800] },
        y: { range: (_u, _min, max) => [0, Math.max(5, Math.ceil(max * 1.1))] },
      },
      axes: [
        { stroke: cssColor('--color-chart-axis'), grid: { show: false } },
        {
          stroke: cssColor('--color-chart-axis'),
          label: 'Races',
          grid: { stroke: cssColor('--color-chart-grid', '#eef0f4') },
          size: 56,
        },
      ],
      series: [
        {},
        ...drawn.map((s, i) => ({
          label: s.label,
          fill: drawnColours[i],
          stroke: drawnColours[i],
          width: 0,
          paths: bars,
          points: { show: false },
        })),
      ],
      hooks: { setCursor: [(u: uPlot) => setHover(u.cursor.idx ?? null)] },
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- theme: the colours are read from its CSS tokens
  }, [stack, colours, tz, theme]);

  const legend = stack.series.filter((s) => s.total > 0);
  const hourLabel = (i: number) => `${formatInZone(stack.hours[i], tz, 'EEE MMM d, h a')} ${zoneLabel(tz)}`;
  const readout =
    hover !== null && stack.hours[hover] !== undefined
      ? stack.series
          .map((s, i) => ({ label: s.label, races: s.values[hover], colour: colours[i] }))
          .filter((x) => x.races > 0)
          .sort((a, b) => b.races - a.races)
      : null;

  return (
    <div className="hourly-chart">
      <UplotChart
        options={options}
        data={data}
        height={320}
        className="activity-chart"
        label={hourlySummary(stack.totals, hourLabel)}
      />
      <p className="chart-readout" aria-live="polite">
        {readout && hover !== null ? (
          <>
            <strong>{hourLabel(hover)}</strong>: {formatInt(stack.totals[hover])} races
            {readout.length ? ' — ' : ''}
            {readout.slice(0, 6).map((x, i) => (
              <span key={x.label}>
                {i ? ', ' : ''}
                {x.label} {formatInt(x.races)}
              </span>
            ))}
            {readout.length > 6 ? ', …' : ''}
          </>
        ) : (
          <>Hover or tap a bar to see who raced in that hour.</>
        )}
      </p>
      <ul className="chart-legend" aria-label="Racers by races in the last 24 hours">
        {legend.map((s) => {
          const i = stack.series.indexOf(s);
          return (
            <li key={s.username ?? 'others'}>
              <span className="legend-swatch" style={styled({ background: colours[i] })} aria-hidden="true" />
              <span className="legend-label">{s.label}</span>
              <span className="legend-value">{formatInt(s.total)}</span>
            </li>
          );
        })}
      </ul>
      {stack.racerCount > LEGEND_LIMIT ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => setExpanded((e) => !e)}
          aria-expanded={expanded}
        >
          {expanded ? 'Show Less' : `Show More (${stack.racerCount - LEGEND_LIMIT})`}
        </button>
      ) : null}
    </div>
  );
}
