/**
 * One column definition serves the screen, the sort and the export, so a downloaded file always
 * matches the table: `render` for the cell, `sortValue` for sorting, `exportValue` for the file
 * (numbers rounded as the screen shows them, still numbers). A numeric column exports as a number,
 * any other as text, unless `exportType` says otherwise (accuracy: a fraction written as percent).
 */
import type { ReactNode } from 'react';
import type { ExportColumn, ExportInput, ExportSheet, ExportType } from '../../lib/export/export-table';
import type { Column } from '../../ui/data-table';
import type { SortValue } from './table-sort';

export interface ViewColumn<Row> {
  key: string;
  header: string;
  /** Header in the exported file when it differs (e.g. "Accuracy (%)"). */
  exportHeader?: string;
  numeric?: boolean;
  className?: string;
  /** Names the row; kept in view (see ui/data-table.tsx). */
  identity?: boolean;
  render: (row: Row) => ReactNode;
  sortValue: (row: Row) => SortValue;
  exportValue: (row: Row) => ExportInput;
  exportType?: ExportType;
}

export function toTableColumns<Row>(cols: ViewColumn<Row>[]): Column<Row>[] {
  return cols.map((c) => ({
    key: c.key,
    header: c.header,
    sortable: true,
    numeric: c.numeric,
    className: c.className,
    identity: c.identity,
    render: c.render,
  }));
}

/** The table's columns as export columns, then any the file has beyond the screen (the Bot column). */
export function toExportSheet<Row>(
  name: string,
  cols: ViewColumn<Row>[],
  rows: Row[],
  extra: ExportColumn<Row>[] = [],
): ExportSheet<Row> {
  const columns: ExportColumn<Row>[] = cols.map((c) => ({
    header: c.exportHeader ?? c.header,
    type: c.exportType ?? (c.numeric ? 'number' : 'text'),
    value: c.exportValue,
  }));
  return { name, rows, columns: [...columns, ...extra] };
}

export function sortValueOf<Row>(cols: ViewColumn<Row>[]): (row: Row, key: string) => SortValue {
  const byKey = new Map(cols.map((c) => [c.key, c]));
  return (row, key) => byKey.get(key)?.sortValue(row) ?? null;
}

/** A number rounded to `dp` decimals, or null. */
export function rounded(n: number | null | undefined, dp: number): number | null {
  if (n === null || n === undefined || !Number.isFinite(n)) return null;
  const f = 10 ** dp;
  return Math.round(n * f) / f;
}
