/**
 * "Export CSV" and "Export Excel" for a table on screen (docs/product.md §5). The sheets are built at click
 * time, so they follow the rows as currently sorted and filtered; the writers (papaparse,
 * write-excel-file) load only then, and both buttons stay busy until the file is saved.
 */
import { useState } from 'react';
import { exportTable, type ExportFormat, type ExportSheet } from '../lib/export/export-table';

export interface ExportButtonsProps {
  /** File name without extension, e.g. roster_BEEHVE. */
  fileBase: string;
  /** The sheets to write, built on click; null or none means there is nothing to export. */
  sheets: () => ExportSheet[] | null;
  disabled?: boolean;
}

const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'Export CSV' },
  { format: 'xlsx', label: 'Export Excel' },
];

export function ExportButtons({ fileBase, sheets, disabled }: ExportButtonsProps) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (format: ExportFormat) => {
    const list = sheets();
    if (!list?.length) return;
    setBusy(format);
    setError(null);
    try {
      await exportTable({ fileBase, format, sheets: list });
    } catch (e) {
      setError(e instanceof Error && e.message ? `Export failed: ${e.message}` : 'Export failed');
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="export-buttons">
      {FORMATS.map(({ format, label }) => (
        <button
          key={format}
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={disabled || busy !== null}
          onClick={() => void run(format)}
        >
          {busy === format ? 'Exporting…' : label}
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
