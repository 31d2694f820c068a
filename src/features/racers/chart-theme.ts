/**
 * Colours and axis styling shared by the racer charts. Series colours read on light and dark;
 * axis, grid and the lifetime bars come from the theme's tokens (styles/theme.css) when read, so
 * a chart whose options are rebuilt on a theme change (`useResolvedTheme`) redraws in it.
 */
import { cssColor } from '../../lib/theme';

export const CHART_COLORS = {
  wpm: '#f0640f',
  races: 'rgba(37, 99, 235, 0.55)',
  racesStroke: '#2563eb',
  accuracy: '#16a34a',
  get lifetime() {
    return cssColor('--color-chart-line', 'rgba(15, 23, 42, 0.7)');
  },
  get axis() {
    return cssColor('--color-chart-axis', '#5b6477');
  },
  get grid() {
    return cssColor('--color-chart-grid', '#eceff5');
  },
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
