/**
 * CSV text of one sheet (papaparse). Starts with a byte-order mark so spreadsheet programs read
 * UTF-8. Text is defused against formula injection whatever the reader's conventions:
 * - text that a spreadsheet would take as a formula (= + - @, or tab, CR, LF; also after leading
 *   spaces, and the full-width ＝ ＋ － ＠ some programs fold to them) gets a leading ', so it stays text;
 * - every text cell is quoted, so a `,` `;` or tab inside it cannot start a new cell (and a formula)
 *   in a program that splits on another separator than ours.
 */
import Papa from 'papaparse';
import { MAX_CELL_TEXT, sheetTable } from './cells';
import type { ExportSheet } from './types';

const FORMULA_START = /^(?:[\t\r\n]|\s*[=+\-@\uff1d\uff0b\uff0d\uff20])/;

/** The text as a spreadsheet will show it, never as a formula. */
export function defuseFormula(text: string): string {
  // Leave room for the ', so the cell still fits Excel's limit.
  return FORMULA_START.test(text) ? `'${text.slice(0, MAX_CELL_TEXT - 1)}` : text;
}

export function toCsv<Row>(sheet: ExportSheet<Row>): string {
  const table = sheetTable(sheet).map((r) => r.map((v) => (typeof v === 'string' ? defuseFormula(v) : v)));
  return `\ufeff${Papa.unparse(table, { quotes: (value) => typeof value === 'string', escapeFormulae: false, newline: '\r\n' })}`;
}

export function csvBlob<Row>(sheet: ExportSheet<Row>): Blob {
  return new Blob([toCsv(sheet)], { type: 'text/csv;charset=utf-8' });
}
