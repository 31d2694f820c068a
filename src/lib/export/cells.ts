/** Cell values as both formats write them: finite numbers stay numbers, text is cut to Excel's limit. */
import type { CellValue, ExportSheet } from './types';

/** Excel holds at most 32,767 characters in a cell. */
export const MAX_CELL_TEXT = 32_767;

export function cellValue(v: CellValue | undefined, max = MAX_CELL_TEXT): CellValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  const s = String(v);
  return s.length > max ? s.slice(0, max) : s;
}

/** The header row and the data rows of a sheet as plain cell values. */
export function sheetTable<Row>(sheet: ExportSheet<Row>, max = MAX_CELL_TEXT): CellValue[][] {
  const header = sheet.columns.map((c) => cellValue(c.header, max));
  return [header, ...sheet.rows.map((row) => sheet.columns.map((c) => cellValue(c.value(row), max)))];
}
