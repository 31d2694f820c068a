/** "Export CSV" and "Export Excel" for the table on screen; the writers load only when clicked. */
import { useState } from 'react';
import { exportTable, type ExportFormat, type ExportSheet } from '../../lib/export/export-table';

export interface ExportButtonsProps {
  fileBase: string;
  /** Builds the sheet at click time from the rows as currently sorted; null when there is nothing to export. */
  sheet: () => ExportSheet | null;
  disabled?: boolean;
}

export function ExportButtons({ fileBase, sheet, disabled }: ExportButtonsProps) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (format: ExportFormat) => {
    const s = sheet();
    if (!s) return;
    setBusy(format);
    setError(null);
    try {
      await exportTable({ fileBase, format, sheets: [s] });
    } catch (e) {
      setError(e instanceof Error && e.message ? `Export failed: ${e.message}` : 'Export failed');
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="export-buttons">
      <button type="button" className="btn btn-secondary btn-sm" disabled={disabled || busy !== null} onClick={() => void run('csv')}>
        {busy === 'csv' ? 'Exporting…' : 'Export CSV'}
      </button>
      <button type="button" className="btn btn-secondary btn-sm" disabled={disabled || busy !== null} onClick={() => void run('xlsx')}>
        {busy === 'xlsx' ? 'Exporting…' : 'Export Excel'}
      </button>
      {error ? (
        <span className="form-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
