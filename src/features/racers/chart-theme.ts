/** Colours and axis styling shared by the racer charts (the site's palette, see styles/base.css). */
export const CHART_COLORS = {
  wpm: '#f0640f',
  races: 'rgba(37, 99, 235, 0.55)',
  racesStroke: '#2563eb',
  accuracy: '#15803d',
  lifetime: 'rgba(15, 23, 42, 0.7)',
  axis: '#5b6477',
  grid: '#eceff5',
};

export const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
export const LABEL_FONT = 'bold 12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** Common look of one axis. */
export function axisStyle() {
  return {
    stroke: CHART_COLORS.axis,
    font: AXIS_FONT,
    labelFont: LABEL_FONT,
    grid: { stroke: CHART_COLORS.grid, width: 1 },
    ticks: { stroke: CHART_COLORS.grid, width: 1 },
  };
}
