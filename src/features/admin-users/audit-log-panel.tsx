/** The audit log: every staff change, newest first, who and when, 50 at a time with "Load more". */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntry } from '../../../contract/staff';
import { DataTable, type Column } from '../../ui/data-table';
import { QueryView } from '../../ui/states';
import { auditText } from './audit-text';
import { localDateTime } from './local-time';
import { auditLogQueryOptions } from '../../api/staff';

const columns: Column<AuditEntry>[] = [
  { key: 'at', header: 'When', className: 'cell-shrink', identity: true, render: (e) => localDateTime(e.at) },
  { key: 'actor', header: 'Who', className: 'cell-shrink', render: (e) => e.actor },
  { key: 'what', header: 'What', className: 'cell-wrap', render: (e) => auditText(e) },
];

export function AuditLogPanel() {
  const log = useInfiniteQuery(auditLogQueryOptions());
  const rows = log.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <section className="card" aria-labelledby="audit-title">
      <div className="card-header">
        <h2 id="audit-title" className="card-title">
          Audit log
        </h2>
      </div>
      <QueryView query={log} loadingText="Loading audit log..." errorText="Failed to fetch the audit log">
        {() => (
          <>
            <DataTable
              columns={columns}
              rows={rows}
              rowKey={(e) => String(e.id)}
              emptyText="No staff changes yet."
              caption="Audit log table"
              leadColumns={['what']}
            />
            {log.hasNextPage ? (
              <div className="pager">
                <button
                  type="button"
                  className="btn btn-secondary"
                  onClick={() => void log.fetchNextPage()}
                  disabled={log.isFetchingNextPage}
                >
                  {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
                </button>
              </div>
            ) : null}
          </>
        )}
      </QueryView>
    </section>
  );
}
