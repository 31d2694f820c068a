/**
 * "Export CSV" and "Export Excel" for a table on screen (docs/product.md §5). The sheets are built at click
 * time, so they follow the rows as currently sorted and filtered (a board fetches all its rows
 * then); the writers (papaparse, write-excel-file) load only then, and both buttons stay busy until
 * the file is saved.
 */
import { useState } from 'react';
import { exportTable, type ExportFormat, type ExportSheet } from '../lib/export/export-table';

export interface ExportButtonsProps {
  /** File name without extension, e.g. roster_BEEHVE. */
  fileBase: string;
  /**
   * The sheets to write, built on click; null or none means there is nothing to export. Sheets
   * fetched on click may come with the file name they call for (a board names its window's dates).
   */
  sheets: () => ExportContent | Promise<ExportContent>;
  disabled?: boolean;
  /** What is exported, for screen readers when a screen has several tables ("Daily races"). */
  label?: string;
}

export type ExportContent = ExportSheet[] | { fileBase: string; sheets: ExportSheet[] } | null;

const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'Excel' },
];

export function ExportButtons({ fileBase, sheets, disabled, label }: ExportButtonsProps) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (format: ExportFormat) => {
    setBusy(format);
    setError(null);
    try {
      const content = await sheets();
      const named = content && !Array.isArray(content) ? content : { fileBase, sheets: content ?? [] };
      if (named.sheets.length) await exportTable({ fileBase: named.fileBase, format, sheets: named.sheets });
    } catch (e) {
      setError(e instanceof Error && e.message ? `Export failed: ${e.message}` : 'Export failed');
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="export-buttons" role="group" aria-label={label ? `Export ${label}` : 'Export'}>
      {FORMATS.map(({ format, label }) => (
        <button
          key={format}
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={disabled || busy !== null}
          onClick={() => void run(format)}
        >
          {busy === format ? (
            'Exporting…'
          ) : (
            <>
              {/* A phone shows "CSV" and "Excel" (the group says Export); the name stays "Export CSV". */}
              <span className="phone-sr-only">Export </span>
              {label}
            </>
          )}
        </button>
      ))}
      {error ? (
        <span className="form-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
