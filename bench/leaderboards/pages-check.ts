/**
 * The reference dataset's pages against the naive query: every page of the individual board, in
 * several sorts, read through HTTP and put end to end, equals the naive whole list's counted rows
 * sorted the same way here (text lower-cased, missing values last, ties in Rank order).
 */
import type { App } from '../../server/http/context.js';

type Row = Record<string, unknown>;

const SORTS = [
  ['Points', 'desc'],
  ['Points', 'asc'],
  ['WPM', 'asc'],
  ['Accuracy', 'desc'],
  ['CurrentDisplayName', 'asc'],
  ['TeamTag', 'desc'],
] as const;

function sortedLikePages(rows: Row[], key: string, dir: 'asc' | 'desc'): Row[] {
  const value = (r: Row) => {
    const v = r[key];
    return typeof v === 'string' ? v.toLowerCase() : typeof v === 'number' && Number.isFinite(v) ? v : null;
  };
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return x === y ? 0 : (x < y ? -1 : 1) * (dir === 'asc' ? 1 : -1);
  });
}

/** Whether every sort's pages (of 200 rows) match; `same` compares two lists of rows. */
export async function pagesAgree(
  app: App,
  wholeListUrl: string,
  naive: Row[],
  same: (a: Row[], b: Row[]) => boolean,
): Promise<boolean> {
  const counted = naive.filter((r) => r.Rank !== null);
  for (const [key, dir] of SORTS) {
    const rows: Row[] = [];
    for (let page = 1; ; page++) {
      const res = await app.inject(`${wholeListUrl}&page=${page}&pageSize=200&sort=${key}&dir=${dir}`);
      const body = res.json<{ rows: Row[]; pages: number }>();
      rows.push(...body.rows);
      if (page >= body.pages) break;
    }
    if (!same(rows, sortedLikePages(counted, key, dir))) return false;
  }
  return true;
}
