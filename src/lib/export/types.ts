/**
 * The shape of an export: named sheets of rows, each column a header, a type and a value per row.
 * The type decides how the value is written, the same way in CSV and Excel (cells.ts).
 */

/** A written cell: numbers are stored as numbers, null is an empty cell. */
export type CellValue = string | number | null;

/**
 * How a column is written:
 * - `text`: as text;
 * - `number`: a number cell (rounded to `decimals` when given); text that is not a number is left empty;
 * - `accuracy`: a fraction 0–1 written as a percent with two decimals (0.9725 → 97.25);
 * - `yesNo`: a flag (true/false, 1/0) written as Yes or No; the Bot column is one.
 */
export type ExportType = 'text' | 'number' | 'accuracy' | 'yesNo';

/** What a column's value may be before its type writes it. */
export type ExportInput = string | number | boolean | null | undefined;

export interface ExportColumn<Row> {
  header: string;
  type: ExportType;
  /** For `number`: round to this many decimals. */
  decimals?: number;
  /** Method syntax on purpose: a sheet of any row type fits `ExportSheet` (of unknown rows). */
  value(row: Row): ExportInput;
}

/** A table column's export, declared beside its screen cell (ui/data-table.tsx `Column.exportAs`). */
export interface ExportAs<Row> {
  type: ExportType;
  value(row: Row): ExportInput;
  decimals?: number;
  /** The file's header when it differs from the screen's (e.g. "Accuracy (%)"). */
  header?: string;
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
