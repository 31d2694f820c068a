/**
 * The Batch Inspector table: the batches of the chosen range, newest first, 50 a page; the export
 * holds every batch of the range, file batches_{username}_{first day}_{last day}.
 */
import { useMemo } from 'react';
import { dayKeyOf } from '../../../rules/site-time';
import { asAccuracy, asNumber, asText } from '../../lib/export/columns';
import { tableSheet } from '../../lib/export/table-sheet';
import { formatAccuracy, formatCT, formatInt, formatWpm, MISSING } from '../../lib/format';
import { DataTable, type Column } from '../../ui/data-table';
import { ExportButtons } from '../../ui/export-buttons';
import { Pager } from '../../ui/pager';
import { batchTableRow, type BatchSeries, type BatchTableRow } from './batch-series';

export const BATCH_PAGE_SIZE = 50;

const columns: Column<BatchTableRow>[] = [
  {
    key: 'end',
    header: 'Batch End Time',
    identity: true,
    render: (r) => formatCT(r.endTime * 1000),
    exportAs: { type: 'text', value: (r) => formatCT(r.endTime * 1000), header: 'Batch End Time (CT)' },
  },
  {
    key: 'name',
    header: 'Display Name',
    render: (r) => r.displayName || MISSING,
    exportAs: asText((r) => r.displayName),
  },
  { key: 'tag', header: 'Team Tag', render: (r) => r.teamTag, exportAs: asText((r) => r.teamTag) },
  {
    key: 'races',
    header: 'Races',
    numeric: true,
    render: (r) => formatInt(r.races),
    exportAs: asNumber((r) => r.races),
  },
  { key: 'wpm', header: 'WPM', numeric: true, render: (r) => formatWpm(r.wpm), exportAs: asNumber((r) => r.wpm, 1) },
  {
    key: 'acc',
    header: 'Accuracy',
    numeric: true,
    render: (r) => formatAccuracy(r.accuracy),
    exportAs: asAccuracy((r) => r.accuracy),
  },
];

/** Every batch from index `lo` to `hi - 1`, newest first. */
export function batchRows(series: BatchSeries, lo: number, hi: number): BatchTableRow[] {
  const out: BatchTableRow[] = [];
  for (let i = hi - 1; i >= lo; i--) out.push(batchTableRow(series, i));
  return out;
}

/** The range's batches as the table shows them, on one sheet. */
export function batchSheet(series: BatchSeries, lo: number, hi: number) {
  return tableSheet('Batches', columns, batchRows(series, lo, hi));
}

export function batchFileBase(username: string, series: BatchSeries, lo: number, hi: number, tz: string): string {
  const day = (i: number) => dayKeyOf(series.columns.endTime[i] * 1000, tz);
  return hi > lo ? `batches_${username}_${day(lo)}_${day(hi - 1)}` : `batches_${username}`;
}

export interface BatchTableProps {
  series: BatchSeries;
  lo: number;
  hi: number;
  /** 1-based. */
  page: number;
  onPage: (page: number) => void;
  username: string;
  tz: string;
}

export function pageCount(rows: number): number {
  return Math.max(1, Math.ceil(rows / BATCH_PAGE_SIZE));
}

export function BatchTable({ series, lo, hi, page, onPage, username, tz }: BatchTableProps) {
  const count = hi - lo;
  const pages = pageCount(count);
  const current = Math.min(Math.max(1, page), pages);
  const rows = useMemo(() => {
    const first = hi - 1 - (current - 1) * BATCH_PAGE_SIZE;
    const out: BatchTableRow[] = [];
    for (let i = first; i > first - BATCH_PAGE_SIZE && i >= lo; i--) out.push(batchTableRow(series, i));
    return out;
  }, [series, lo, hi, current]);
  return (
    <div className="batch-table">
      <div className="batch-table-head">
        <p className="batch-count" data-testid="batch-count">
          {formatInt(count)} {count === 1 ? 'batch' : 'batches'}
        </p>
        <ExportButtons
          fileBase={batchFileBase(username, series, lo, hi, tz)}
          sheets={() => [batchSheet(series, lo, hi)]}
          disabled={count === 0}
          label="the batches"
        />
      </div>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => String(r.index)}
        caption="Batches"
        leadColumns={['races', 'wpm', 'acc']}
        emptyText="No batches in this date range."
        maxHeight="none"
      />
      <Pager page={current} pageCount={pages} onPage={onPage} />
    </div>
  );
}
