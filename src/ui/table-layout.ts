/**
 * Column order of the shared table. A wide screen shows the columns as given; a narrow one puts
 * the identity columns (rank, name or tag) first and the numbers that matter most (the sorted
 * column, then the table's lead columns) right after them, so a phone shows who and how much side
 * by side without scrolling.
 */
export interface LayoutColumn {
  key: string;
  identity?: boolean;
}

export function orderColumns<C extends LayoutColumn>(columns: C[], narrow: boolean, lead: string[]): C[] {
  if (!narrow) return columns;
  const identity = columns.filter((c) => c.identity);
  const rest = columns.filter((c) => !c.identity);
  const first = lead.map((k) => rest.find((c) => c.key === k)).filter((c): c is C => !!c);
  return [...identity, ...first, ...rest.filter((c) => !first.includes(c))];
}

/** The sorted column when there is one and it is not an identity column, then the table's own lead columns. */
export function leadKeys(sortKey: string | undefined, lead: string[] | undefined, columns: LayoutColumn[]): string[] {
  const sorted = sortKey && columns.some((c) => c.key === sortKey && !c.identity) ? [sortKey] : [];
  return [...sorted, ...(lead ?? []).filter((k) => k !== sortKey)];
}
