/**
 * A table's export sheet from the same column list that draws it: each column with `exportAs`, in
 * the table's order, then any columns the file has beyond the screen (the Bot column).
 */
import type { ExportAs, ExportColumn, ExportSheet } from './types';

interface TableColumn<Row> {
  header: string;
  exportAs?: ExportAs<Row>;
}

export function tableSheet<Row>(
  name: string,
  columns: readonly TableColumn<Row>[],
  rows: Row[],
  extra: ExportColumn<Row>[] = [],
): ExportSheet<Row> {
  const exported = columns.flatMap((c): ExportColumn<Row>[] =>
    c.exportAs
      ? [
          {
            header: c.exportAs.header ?? c.header,
            type: c.exportAs.type,
            decimals: c.exportAs.decimals,
            value: c.exportAs.value,
          },
        ]
      : [],
  );
  return { name, rows, columns: [...exported, ...extra] };
}
