/** The Batch Inspector table: the batches of the chosen range, newest first, 50 a page. */
import { useMemo } from 'react';
import { formatAccuracy, formatCT, formatInt, formatWpm, MISSING } from '../../lib/format';
import { DataTable, type Column } from '../../ui/data-table';
import { Pager } from '../../ui/pager';
import { batchTableRow, type BatchSeries, type BatchTableRow } from './batch-series';

export const BATCH_PAGE_SIZE = 50;

const columns: Column<BatchTableRow>[] = [
  { key: 'end', header: 'Batch End Time', identity: true, render: (r) => formatCT(r.endTime * 1000) },
  { key: 'name', header: 'Display Name', render: (r) => r.displayName || MISSING },
  { key: 'tag', header: 'Team Tag', render: (r) => r.teamTag },
  { key: 'races', header: 'Races', numeric: true, render: (r) => formatInt(r.races) },
  { key: 'wpm', header: 'WPM', numeric: true, render: (r) => formatWpm(r.wpm) },
  { key: 'acc', header: 'Accuracy', numeric: true, render: (r) => formatAccuracy(r.accuracy) },
];

export interface BatchTableProps {
  series: BatchSeries;
  lo: number;
  hi: number;
  /** 1-based. */
  page: number;
  onPage: (page: number) => void;
}

export function pageCount(rows: number): number {
  return Math.max(1, Math.ceil(rows / BATCH_PAGE_SIZE));
}

export function BatchTable({ series, lo, hi, page, onPage }: BatchTableProps) {
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
      <p className="batch-count" data-testid="batch-count">
        {formatInt(count)} {count === 1 ? 'batch' : 'batches'}
      </p>
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
