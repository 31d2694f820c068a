/**
 * Exports tables to CSV or Excel in the browser. The writers (papaparse, write-excel-file) are
 * loaded only when someone exports. Excel: one workbook, one sheet per table. CSV: one file per
 * table, `{fileBase}.csv` for a single table, else `{fileBase}_{sheet name}.csv`.
 */
import { downloadBlob } from './download';
import { sheetNames } from './sheet-names';
import type { ExportRequest } from './types';

export type {
  CellValue,
  ExportAs,
  ExportColumn,
  ExportFormat,
  ExportInput,
  ExportRequest,
  ExportSheet,
  ExportType,
} from './types';

/** Keeps a file name portable: letters, digits, dot, dash and underscore. */
export function safeFileBase(s: string): string {
  return s.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '') || 'export';
}

export async function exportTable({ fileBase, format, sheets }: ExportRequest): Promise<void> {
  const base = safeFileBase(fileBase);
  if (format === 'xlsx') {
    const { xlsxBlob } = await import('./xlsx');
    downloadBlob(await xlsxBlob(sheets), `${base}.xlsx`);
    return;
  }
  const { csvBlob } = await import('./csv');
  const names = sheetNames(sheets.map((s) => s.name));
  sheets.forEach((sheet, i) => {
    const name = sheets.length === 1 ? base : `${base}_${safeFileBase(names[i])}`;
    downloadBlob(csvBlob(sheet), `${name}.csv`);
  });
}
