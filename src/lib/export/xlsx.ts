/** An .xlsx workbook of one or more sheets (write-excel-file), numbers as number cells. */
import writeXlsxFile, { type Sheet, type SheetData } from 'write-excel-file/universal';
import { sheetTable } from './cells';
import { sheetNames } from './sheet-names';
import type { ExportSheet } from './types';

export async function xlsxBlob(sheets: ExportSheet[]): Promise<Blob> {
  const names = sheetNames(sheets.map((s) => s.name));
  const book: Sheet<Blob>[] = sheets.map((sheet, i) => {
    const [header, ...rows] = sheetTable(sheet);
    const data: SheetData = [
      header.map((h) => ({ value: h ?? '', fontWeight: 'bold' as const })),
      ...rows.map((r) =>
        r.map((v) =>
          typeof v === 'number' ? { value: v, type: Number } : v === null ? null : { value: v, type: String },
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
