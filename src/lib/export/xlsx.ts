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
  return writeXlsxFile(book).toBlob();
}
