/** A racer's Hall of Fame awards (on the Bests tab): records held, and the months, weeks and days they won. */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { RacerAward } from '../../../contract/hall-of-fame';
import { HALL_WPM_MIN_RACES } from '../../../rules/hall-of-fame';
import { formatInZone } from '../../../rules/site-time';
import { formatAccuracy, formatInt, formatWpm } from '../../lib/format';
import { DataTable, type Column } from '../../ui/data-table';
import { Empty, QueryView } from '../../ui/states';
import { racerAwardsQueryOptions } from '../../api/hall-of-fame';
import { racerErrorText } from './racer-error-text';

const TITLES: Record<RacerAward['kind'], string> = {
  mostRacesDay: 'Record: most races in a day',
  mostRacesWeek: 'Record: most races in a week',
  bestDailyWpm: `Record: best daily WPM (${HALL_WPM_MIN_RACES}+ races)`,
  month: 'Racer of the month',
  week: 'Racer of the week',
  day: 'Racer of the day',
};

const day = (d: string, pattern: string) => formatInZone(Date.parse(`${d}T12:00:00Z`), 'UTC', pattern);

function whenText(a: RacerAward): string {
  if (a.kind === 'month') return day(a.start, 'MMMM yyyy');
  if (a.start === a.end) return day(a.start, 'EEE, MMM d, yyyy');
  return `${day(a.start, 'MMM d')} – ${day(a.end, 'MMM d, yyyy')}`;
}

export function AwardsPanel({ username, tag }: { username: string; tag: string | undefined }) {
  const query = useQuery(racerAwardsQueryOptions(username));
  const columns: Column<RacerAward>[] = [
    { key: 'kind', header: 'Award', identity: true, render: (a) => TITLES[a.kind] },
    {
      key: 'when',
      header: 'When',
      render: (a) => (
        <Link
          to="/racers/$username/$subtab"
          params={{ username, subtab: 'batch' }}
          search={{ tag, from: a.start, to: a.end }}
        >
          {whenText(a)}
        </Link>
      ),
    },
    { key: 'races', header: 'Races', numeric: true, render: (a) => formatInt(a.Races) },
    { key: 'wpm', header: 'WPM', numeric: true, render: (a) => formatWpm(a.WPM) },
    { key: 'accuracy', header: 'Accuracy', numeric: true, render: (a) => formatAccuracy(a.Accuracy) },
    { key: 'points', header: 'Points', numeric: true, render: (a) => formatInt(a.Points) },
  ];
  return (
    <section className="card racer-panel" aria-labelledby="awards-title">
      <header className="card-header">
        <h2 id="awards-title" className="card-title">
          Hall of Fame awards
        </h2>
        <Link to="/halloffame" search={{ period: undefined }}>
          Hall of Fame
        </Link>
      </header>
      <QueryView
        query={query}
        loadingText="Loading awards..."
        errorText={(error) => racerErrorText(error, 'Failed to fetch awards')}
      >
        {(data) =>
          data.awards.length === 0 ? (
            <Empty text="No awards yet: the top racer of a closed day, week or month gets one." />
          ) : (
            <DataTable
              caption={`Awards of ${username}`}
              columns={columns}
              rows={data.awards}
              rowKey={(a) => `${a.kind}|${a.start}`}
            />
          )
        }
      </QueryView>
    </section>
  );
}
