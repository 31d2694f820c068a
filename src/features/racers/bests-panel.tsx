/**
 * Bests tab of a racer: personal bests (fastest batch, most races in a day and a week, best
 * accuracy day), each linked to the inspector on its dates, and the lifetime-race milestones with
 * the day each was passed.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Milestone, PersonalBest, RacerBestsResponse } from '../../../contract/racer-pages';
import { formatInZone } from '../../../rules/site-time';
import { accuracyColumn, numberColumn, textColumn } from '../../lib/export/columns';
import type { ExportSheet } from '../../lib/export/export-table';
import { formatAccuracy, formatCT, formatInt, formatWpm } from '../../lib/format';
import { DataTable, type Column } from '../../ui/data-table';
import { ExportButtons } from '../../ui/export-buttons';
import { Empty, QueryView } from '../../ui/states';
import { BEST_KINDS } from './racer-pages';
import { racerErrorText } from './racer-error-text';
import { racerBestsQueryOptions } from '../../api/racers';

/** A calendar day key shown as a date (formatted at noon UTC, so no zone can move it). */
const dayText = (day: string, pattern = 'EEE, MMM d, yyyy') =>
  formatInZone(Date.parse(`${day}T12:00:00Z`), 'UTC', pattern);

interface BestRow {
  kind: PersonalBest['kind'];
  label: string;
  rule: string;
  best: PersonalBest | undefined;
}

function whenText(b: PersonalBest): string {
  if (b.kind === 'fastest-batch') return formatCT(b.at);
  if (b.kind === 'most-races-week') return `Week of ${dayText(b.at, 'MMM d, yyyy')}`;
  return dayText(b.at);
}

interface Props {
  username: string;
  tag: string | undefined;
}

export function BestsPanel({ username, tag }: Props) {
  const query = useQuery(racerBestsQueryOptions(username));
  const data = query.data;
  const inspectorLink = (from: string, to: string, text: string) => (
    <Link to="/racers/$username/$subtab" params={{ username, subtab: 'batch' }} search={{ tag, from, to }}>
      {text}
    </Link>
  );

  const bestRows: BestRow[] = BEST_KINDS.map((k) => ({ ...k, best: data?.bests.find((b) => b.kind === k.kind) }));
  const bestColumns: Column<BestRow>[] = [
    {
      key: 'record',
      header: 'Record',
      identity: true,
      render: (r) => (
        <span className="best-record">
          <span className="best-label">{r.label}</span>
          <span className="best-rule">{r.rule}</span>
        </span>
      ),
    },
    {
      key: 'when',
      header: 'When',
      render: (r) => (r.best ? inspectorLink(r.best.from, r.best.to, whenText(r.best)) : 'Not yet'),
    },
    { key: 'races', header: 'Races', numeric: true, render: (r) => formatInt(r.best?.races) },
    { key: 'wpm', header: 'WPM', numeric: true, render: (r) => formatWpm(r.best?.wpm) },
    { key: 'accuracy', header: 'Accuracy', numeric: true, render: (r) => formatAccuracy(r.best?.accuracy) },
  ];
  const milestoneColumns: Column<Milestone>[] = [
    { key: 'races', header: 'Lifetime races', identity: true, render: (m) => formatInt(m.races) },
    {
      key: 'day',
      header: 'Passed on',
      render: (m) => (m.day ? inspectorLink(m.day, m.day, dayText(m.day)) : 'Before the first recorded day'),
    },
  ];

  const sheets = (): ExportSheet[] | null => {
    if (!data) return null;
    const bests: ExportSheet<BestRow> = {
      name: 'Bests',
      rows: bestRows,
      columns: [
        textColumn('Record', (r) => r.label),
        textColumn('When', (r) => r.best?.at),
        numberColumn('Races', (r) => r.best?.races),
        numberColumn('WPM', (r) => r.best?.wpm, 1),
        accuracyColumn((r) => r.best?.accuracy),
      ],
    };
    const milestones: ExportSheet<Milestone> = {
      name: 'Milestones',
      rows: data.milestones,
      columns: [numberColumn('Lifetime races', (m) => m.races), textColumn('Passed on', (m) => m.day)],
    };
    return [bests, milestones] as ExportSheet[];
  };

  return (
    <section className="card racer-panel" aria-labelledby="bests-title">
      <header className="card-header">
        <h2 id="bests-title" className="card-title">
          Personal Bests
        </h2>
        <ExportButtons fileBase={`bests_${username}`} sheets={sheets} disabled={!data} />
      </header>
      <QueryView
        query={query}
        loadingText="Loading personal bests..."
        errorText={(error) => racerErrorText(error, 'Failed to fetch personal bests')}
      >
        {(data) => (
          <BestsContent data={data} bestRows={bestRows} bestColumns={bestColumns} milestoneColumns={milestoneColumns} />
        )}
      </QueryView>
    </section>
  );
}

interface ContentProps {
  data: RacerBestsResponse;
  bestRows: BestRow[];
  bestColumns: Column<BestRow>[];
  milestoneColumns: Column<Milestone>[];
}

function BestsContent({ data, bestRows, bestColumns, milestoneColumns }: ContentProps) {
  return (
    <>
      {data.bests.length === 0 ? <Empty text="No personal bests yet: they need recorded races." /> : null}
      <DataTable
        caption="Personal bests"
        columns={bestColumns}
        rows={bestRows}
        rowKey={(r) => r.kind}
        maxHeight="none"
      />
      <h3 className="bests-subtitle" id="milestones-title">
        Lifetime milestones
      </h3>
      {data.lifetimeRaces === null ? (
        <Empty text="No lifetime race count has been read for this racer yet." />
      ) : (
        <>
          <p className="bests-lifetime" data-testid="lifetime-summary">
            Lifetime races: <strong>{formatInt(data.lifetimeRaces)}</strong>
            {data.nextMilestone !== null ? (
              <>
                {' '}
                · next milestone {formatInt(data.nextMilestone)} ({formatInt(data.nextMilestone - data.lifetimeRaces)}{' '}
                to go)
              </>
            ) : null}
          </p>
          <DataTable
            caption="Lifetime milestones"
            columns={milestoneColumns}
            rows={data.milestones}
            rowKey={(m) => String(m.races)}
            emptyText={`No milestone passed yet: the first is ${formatInt(1000)} races.`}
            maxHeight="none"
          />
        </>
      )}
    </>
  );
}
