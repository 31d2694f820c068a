/**
 * The one place where a column's type turns its value into a cell, for CSV and Excel alike: numbers
 * stay numbers, accuracy becomes a percent with two decimals, flags become Yes / No, text is cut to
 * Excel's limit.
 */
import type { CellValue, ExportColumn, ExportInput, ExportSheet, ExportType } from './types';

/** Excel holds at most 32,767 characters in a cell. */
export const MAX_CELL_TEXT = 32_767;

/** Decimals of an exported accuracy percent. */
export const ACCURACY_DECIMALS = 2;

const roundings = new Map<number, Intl.NumberFormat>();

/**
 * Rounded as the screen's number formats round (lib/format.ts, Intl: half away from zero on the
 * number as written, so 89.85 → 89.9 where `toFixed` gives 89.8).
 */
function round(n: number, dp: number | undefined): number {
  if (dp === undefined) return n;
  let f = roundings.get(dp);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { maximumFractionDigits: dp, useGrouping: false });
    roundings.set(dp, f);
  }
  return Number(f.format(n)) || 0;
}

function toNumber(v: ExportInput): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string') {
    const s = v.replace(/,/g, '').trim();
    if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s)) return null;
    return Number(s);
  }
  return null;
}

function text(v: ExportInput, max: number): string | null {
  if (v === null || v === undefined) return null;
  const s = String(v);
  return s.length > max ? s.slice(0, max) : s;
}

/** A value written as its column's type says. */
export function typedCell(type: ExportType, v: ExportInput, decimals?: number, max = MAX_CELL_TEXT): CellValue {
  switch (type) {
    case 'number': {
      const n = toNumber(v);
      return n === null ? null : round(n, decimals);
    }
    case 'accuracy': {
      const n = toNumber(v);
      return n === null ? null : round(n * 100, ACCURACY_DECIMALS);
    }
    case 'yesNo':
      if (v === null || v === undefined || v === '') return null;
      return v === true || v === 1 || (typeof v === 'string' && /^(1|yes|true)$/i.test(v)) ? 'Yes' : 'No';
    default:
      return text(v, max);
  }
}

export function columnCell<Row>(c: ExportColumn<Row>, row: Row, max = MAX_CELL_TEXT): CellValue {
  return typedCell(c.type, c.value(row), c.decimals, max);
}

/** The header row and the data rows of a sheet as written cells. */
export function sheetTable<Row>(sheet: ExportSheet<Row>, max = MAX_CELL_TEXT): CellValue[][] {
  const header = sheet.columns.map((c) => text(c.header, max));
  return [header, ...sheet.rows.map((row) => sheet.columns.map((c) => columnCell(c, row, max)))];
}
