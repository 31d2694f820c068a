/** The shape of an export: named sheets of rows, each column a header and a value per row. */

/** A cell: numbers are stored as numbers, null is an empty cell. */
export type CellValue = string | number | null;

export interface ExportColumn<Row> {
  header: string;
  /** Method syntax on purpose: a sheet of any row type fits `ExportSheet` (of unknown rows). */
  value(row: Row): CellValue | undefined;
}

export interface ExportSheet<Row = unknown> {
  /** The sheet's name; cleaned and made unique (see sheet-names.ts). For CSV, part of the file name when there are several sheets. */
  name: string;
  columns: ExportColumn<Row>[];
  rows: Row[];
}

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportRequest {
  /** File name without extension, e.g. event_12_participants. */
  fileBase: string;
  format: ExportFormat;
  sheets: ExportSheet[];
}
