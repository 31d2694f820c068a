/**
 * CSV text of one sheet (papaparse). Starts with a byte-order mark so spreadsheet programs read
 * UTF-8; text that would start a formula (= + - @) is prefixed with ' so it stays text.
 */
import Papa from 'papaparse';
import { MAX_CELL_TEXT, sheetTable } from './cells';
import type { ExportSheet } from './types';

const FORMULA_START = /^[=+\-@\t\r]/;

export function toCsv<Row>(sheet: ExportSheet<Row>): string {
  // Leave room for the ' a formula-like text gets, so the cell still fits Excel's limit.
  const table = sheetTable(sheet).map((r) =>
    r.map((v) => (typeof v === 'string' && FORMULA_START.test(v) ? v.slice(0, MAX_CELL_TEXT - 1) : v)),
  );
  return `\ufeff${Papa.unparse(table, { escapeFormulae: true, newline: '\r\n' })}`;
}

export function csvBlob<Row>(sheet: ExportSheet<Row>): Blob {
  return new Blob([toCsv(sheet)], { type: 'text/csv;charset=utf-8' });
}
