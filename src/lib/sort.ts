/**
 * Table sorting shared by the screens (docs/product.md §4): what a header click does, and a stable sort that
 * compares numbers numerically and text without regard to case (runs of digits as numbers).
 * Where missing values go and how ties break are each table's own rules, passed in.
 */
export type SortDir = 'asc' | 'desc';

export interface SortState<K extends string = string> {
  key: K;
  dir: SortDir;
}

/** A cell's sort value; null is a missing value. */
export type SortValue = string | number | null;

/** Clicking the sorted column toggles its direction; another column starts in `firstDir`. */
export function nextSort<K extends string>(current: SortState<K>, key: K, firstDir: SortDir): SortState<K> {
  if (current.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { key, dir: firstDir };
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Text order without regard to case, digits compared as numbers ("a2" before "a10"). */
export function compareText(a: string, b: string): number {
  return collator.compare(a, b);
}

/** Two present values: numbers numerically, anything else as text. */
export function compareValues(a: string | number, b: string | number): number {
  return typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
}

export interface SortOptions<Row> {
  /**
   * Where missing values go: 'last' whatever the direction (the default), or 'high' (above every
   * value: last ascending, first descending).
   */
  missing?: 'last' | 'high';
  /** Orders rows whose values tie; rows it leaves tied keep their input order. */
  tieBreak?: (a: Row, b: Row) => number;
}

/** A sorted copy of `rows` by `value(row, sort.key)` in `sort.dir`. */
export function sortedBy<Row, K extends string>(
  rows: readonly Row[],
  value: (row: Row, key: K) => SortValue,
  sort: SortState<K>,
  { missing = 'last', tieBreak }: SortOptions<Row> = {},
): Row[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  const missingAfter = missing === 'high' ? sign : 1;
  return rows
    .map((row, i) => ({ row, i, v: value(row, sort.key) }))
    .sort((a, b) => {
      if (a.v === null || b.v === null) {
        if (a.v !== b.v) return a.v === null ? missingAfter : -missingAfter;
      } else {
        const c = compareValues(a.v, b.v);
        if (c !== 0) return sign * c;
      }
      return tieBreak?.(a.row, b.row) || a.i - b.i;
    })
    .map((x) => x.row);
}
