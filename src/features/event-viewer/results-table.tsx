/** One of the event tables: the rows in the given sort order, with sortable headers. */
import { DataTable } from '../../ui/data-table';
import type { SortState } from './table-sort';
import { toTableColumns, type ViewColumn } from './view-columns';

export interface ResultsTableProps<Row> {
  columns: ViewColumn<Row>[];
  /** Already sorted. */
  rows: Row[];
  rowKey: (row: Row) => string;
  sort: SortState;
  onSort: (key: string) => void;
  caption: string;
  /** The visitor's own row, highlighted. */
  isMine?: (row: Row) => boolean;
  /** Columns that follow the identity on a narrow screen, after the sorted one. */
  leadColumns?: string[];
}

export function ResultsTable<Row>({
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  caption,
  isMine,
  leadColumns,
}: ResultsTableProps<Row>) {
  return (
    <DataTable
      columns={toTableColumns(columns)}
      rows={rows}
      rowKey={rowKey}
      sort={sort}
      onHeaderClick={onSort}
      caption={caption}
      maxHeight="70vh"
      isMine={isMine}
      leadColumns={leadColumns}
    />
  );
}
