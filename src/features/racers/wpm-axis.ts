/** The Batch Inspector's WPM axis: 0 to the top WPM rounded up to a multiple of 10, 100 if none. */

export const DEFAULT_WPM_AXIS_MAX = 100;

export function wpmAxisMax(topWpm: number | null | undefined): number {
  if (topWpm === null || topWpm === undefined || !Number.isFinite(topWpm) || topWpm <= 0) return DEFAULT_WPM_AXIS_MAX;
  return Math.ceil(topWpm / 10) * 10;
}

/** The racer's top WPM: the banner's Top WPM or, if any batch was faster, that batch. */
export function topWpm(highestSpeed: number | null | undefined, batchWpm: readonly (number | null)[]): number | null {
  let top = highestSpeed ?? null;
  for (const w of batchWpm) if (w !== null && (top === null || w > top)) top = w;
  return top;
}
