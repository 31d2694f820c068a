/** Where "my" row is in a sorted, paged table: the page that holds it, for the "My rank" jump. */

/** The 1-based page holding the first row `isMine` accepts, or null when no row does. */
export function pageOfMyRow<Row>(rows: readonly Row[], isMine: (row: Row) => boolean, pageSize: number): number | null {
  const i = rows.findIndex(isMine);
  return i < 0 ? null : Math.floor(i / pageSize) + 1;
}
