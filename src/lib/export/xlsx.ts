/**
 * An .xlsx workbook of one or more sheets (write-excel-file): the cells of cells.ts, numbers as
 * number cells, accuracy shown with its two decimals.
 */
import writeXlsxFile, { type Sheet, type SheetData } from 'write-excel-file/universal';
import { sheetTable } from './cells';
import { sheetNames } from './sheet-names';
import type { ExportSheet } from './types';

export async function xlsxBlob(sheets: ExportSheet[]): Promise<Blob> {
  const names = sheetNames(sheets.map((s) => s.name));
  const book: Sheet<Blob>[] = sheets.map((sheet, i) => {
    const [header, ...rows] = sheetTable(sheet);
    const formats = sheet.columns.map((c) => (c.type === 'accuracy' ? '0.00' : undefined));
    const data: SheetData = [
      header.map((h) => ({ value: h ?? '', fontWeight: 'bold' as const })),
      ...rows.map((r) =>
        r.map((v, c) =>
          typeof v === 'number'
            ? { value: v, type: Number, ...(formats[c] ? { format: formats[c] } : {}) }
            : v === null
              ? null
              : { value: v, type: String },
        ),
      ),
    ];
    return {
      data,
      sheet: names[i],
      columns: sheet.columns.map((c) => ({ width: Math.min(40, Math.max(10, c.header.length + 2)) })),
      stickyRowsCount: 1,
    };
  });
  return withDeadline(writeXlsxFile(book).toBlob(), XLSX_DEADLINE_MS);
}

/**
 * The writer compresses a large sheet in a worker and never hears of a worker that cannot start
 * (a stricter CSP, a browser without workers): without a deadline the export would wait forever.
 */
export const XLSX_DEADLINE_MS = 60_000;

export function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the spreadsheet could not be written')), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
