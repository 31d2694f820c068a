/** The activity charts' 12-colour palette (docs/product.md §9), and the colour of the grouped "Others" series. */
export const CHART_PALETTE = [
  '#f0640f',
  '#2563eb',
  '#16a34a',
  '#9333ea',
  '#dc2626',
  '#0891b2',
  '#ca8a04',
  '#db2777',
  '#4f46e5',
  '#65a30d',
  '#0d9488',
  '#7c3aed',
] as const;

export const OTHERS_COLOUR = '#94a3b8';

export function paletteColour(i: number): string {
  return CHART_PALETTE[i % CHART_PALETTE.length];
}
