/**
 * Presentational table: the caller sorts and pages the rows; the table shows sort indicators,
 * keyboard-accessible header buttons, a sticky header and zebra rows, and scrolls sideways inside
 * its own box so the page never does.
 */
import type { KeyboardEvent, ReactNode } from 'react';
import type { SortState } from '../lib/sort';

export type { SortState };

export interface Column<Row> {
  key: string;
  header: string;
  sortable?: boolean;
  /** Right-aligned with tabular figures. */
  numeric?: boolean;
  render: (row: Row) => ReactNode;
  className?: string;
}

export interface DataTableProps<Row> {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  sort?: SortState;
  onHeaderClick?: (key: string) => void;
  onRowClick?: (row: Row) => void;
  emptyText?: string;
  caption?: string;
  /** Height of the scrolling box (the header sticks inside it); 'none' lets the table grow. */
  maxHeight?: string;
  /** The visitor's own row ("This is me"): highlighted, and named for screen readers. */
  isMine?: (row: Row) => boolean;
}

export function DataTable<Row>({ columns, rows, rowKey, sort, onHeaderClick, onRowClick, emptyText = 'No data.', caption, maxHeight, isMine }: DataTableProps<Row>) {
  const onRowKey = (e: KeyboardEvent<HTMLTableRowElement>, row: Row) => {
    if (onRowClick && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      onRowClick(row);
    }
  };
  return (
    <div className="table-wrap" style={maxHeight ? { maxHeight } : undefined} tabIndex={0} role="region" aria-label={caption ?? 'Table'}>
      <table className="data-table">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((c) => {
              const active = sort?.key === c.key;
              const ariaSort = c.sortable ? (active ? (sort!.dir === 'asc' ? 'ascending' : 'descending') : 'none') : undefined;
              return (
                <th key={c.key} scope="col" aria-sort={ariaSort} className={[c.numeric ? 'num' : '', c.className ?? ''].join(' ').trim() || undefined}>
                  {c.sortable && onHeaderClick ? (
                    <button type="button" className={`th-sort${active ? ' active' : ''}`} onClick={() => onHeaderClick(c.key)}>
                      <span>{c.header}</span>
                      <span className="sort-indicator" aria-hidden="true">
                        {active ? (sort!.dir === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  ) : (
                    c.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr className="empty-row">
              <td colSpan={columns.length}>{emptyText}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={rowKey(row)}
                className={[onRowClick ? 'clickable' : '', isMine?.(row) ? 'row-mine' : ''].join(' ').trim() || undefined}
                data-mine={isMine?.(row) ? 'true' : undefined}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={onRowClick ? (e) => onRowKey(e, row) : undefined}
                tabIndex={onRowClick ? 0 : undefined}
              >
                {columns.map((c, i) => (
                  <td key={c.key} className={[c.numeric ? 'num' : '', c.className ?? ''].join(' ').trim() || undefined}>
                    {i === 0 && isMine?.(row) ? <span className="sr-only">Your row: </span> : null}
                    {c.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
