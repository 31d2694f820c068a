/** The head-to-head chart's height, shared with its placeholder (the chart module loads lazily). */
export const COMPARE_CHART_HEIGHT = 380;
