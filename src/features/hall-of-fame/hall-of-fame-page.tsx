/**
 * /halloffame: the top racer and team of every closed day, week or month (newest first, a page
 * at a time), sortable and exportable, and the all-time records. Flagged racers are left out.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { HallPeriod } from '../../../contract/hall-of-fame';
import { HALL_PERIODS } from '../../../rules/hall-of-fame';
import { hallOfFameQueryOptions } from '../../api/hall-of-fame';
import { Card } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { ExportButtons } from '../../ui/export-buttons';
import { Pager } from '../../ui/pager';
import { QueryView } from '../../ui/states';
import { TabLinks } from '../../ui/tabs';
import { hallColumns } from './hall-of-fame-columns';
import {
  DEFAULT_HALL_SORT,
  hallSheet,
  nextHallSort,
  PERIOD_LABELS,
  sortHall,
  type HallSort,
  type HallSortKey,
} from './hall-of-fame-rows';
import { RecordsCard } from './records-card';
import './hall-of-fame.css';

const EMPTY: Record<HallPeriod, string> = {
  day: 'No closed day yet: a day shows here once it has ended.',
  week: 'No closed week yet: a week (Sunday to Saturday) shows here once it has ended.',
  month: 'No closed month yet: a month shows here once it has ended.',
};

export function HallOfFamePage({ period, page }: { period: HallPeriod; page: number }) {
  const query = useQuery(hallOfFameQueryOptions(period, page));
  const navigate = useNavigate();
  const [sort, setSort] = useState<HallSort>(DEFAULT_HALL_SORT);
  const rows = useMemo(() => sortHall(query.data?.periods ?? [], sort), [query.data, sort]);

  return (
    <div className="hof-page">
      <h1 className="page-title">Hall of Fame</h1>
      <p className="hof-intro">
        The top racer and team by Points of every day, week (Sunday to Saturday) and month that has ended, with flagged
        racers left out, as the boards show them.
      </p>
      <TabLinks label="Period">
        {HALL_PERIODS.map((p) => (
          <Link
            key={p}
            to="/halloffame"
            search={{ period: p }}
            className={`tab${p === period ? ' active' : ''}`}
            aria-current={p === period ? 'page' : undefined}
          >
            {PERIOD_LABELS[p]}
          </Link>
        ))}
      </TabLinks>
      <Card
        title={`Winners by ${PERIOD_LABELS[period].toLowerCase()}`}
        actions={
          <ExportButtons
            fileBase={`hall_of_fame_${period}`}
            sheets={() => [hallSheet(period, rows)]}
            disabled={!rows.length}
          />
        }
        className="hof-winners"
      >
        <QueryView
          query={query}
          loadingText="Loading the Hall of Fame..."
          errorText={(error) => `Failed to fetch the Hall of Fame: ${error.message}`}
        >
          {(data) => (
            <>
              <DataTable
                caption={`Hall of Fame by ${PERIOD_LABELS[period].toLowerCase()}`}
                columns={hallColumns(period)}
                rows={rows}
                rowKey={(r) => r.start}
                sort={sort}
                onHeaderClick={(key) => setSort((s) => nextHallSort(s, key as HallSortKey))}
                leadColumns={['racer', 'Points']}
                emptyText={page > 1 ? 'No periods on this page.' : EMPTY[period]}
              />
              {data.pages > 1 ? (
                <Pager
                  page={page}
                  pageCount={data.pages}
                  onPage={(p) => void navigate({ to: '/halloffame', search: { period, page: p } })}
                />
              ) : null}
            </>
          )}
        </QueryView>
      </Card>
      {query.data ? <RecordsCard records={query.data.records} /> : null}
    </div>
  );
}
