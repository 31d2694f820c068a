/** The all-time records: most races in a day and in a week, and the best daily WPM from 25 races. */
import { Link } from '@tanstack/react-router';
import type { HallRecord, HallRecords } from '../../../contract/hall-of-fame';
import { HALL_WPM_MIN_RACES } from '../../../rules/hall-of-fame';
import { formatAccuracy, formatInt, formatWpm } from '../../lib/format';
import { Card } from '../../ui/card';
import { StatCard, StatGrid } from '../../ui/stat-card';
import { periodLabel } from './hall-of-fame-rows';

function Holder({ r, kind }: { r: HallRecord; kind: 'day' | 'week' }) {
  return (
    <>
      <Link
        to="/racers/$username/$subtab"
        params={{ username: r.Username, subtab: 'bests' }}
        search={{ tag: undefined }}
      >
        {r.CurrentDisplayName}
      </Link>
      {r.TeamTag ? ` (${r.TeamTag})` : ''} · {periodLabel(kind, r.start, r.end)}
      <br />
      {formatInt(r.Races)} races · {formatWpm(r.WPM)} WPM · {formatAccuracy(r.Accuracy)}
    </>
  );
}

export function RecordsCard({ records }: { records: HallRecords }) {
  const { mostRacesDay, mostRacesWeek, bestDailyWpm } = records;
  return (
    <Card title="All-time records" className="hof-records">
      <StatGrid>
        <StatCard
          label="Most races in a day"
          value={mostRacesDay ? formatInt(mostRacesDay.Races) : 'None yet'}
          hint={mostRacesDay ? <Holder r={mostRacesDay} kind="day" /> : null}
        />
        <StatCard
          label="Most races in a week"
          value={mostRacesWeek ? formatInt(mostRacesWeek.Races) : 'None yet'}
          hint={mostRacesWeek ? <Holder r={mostRacesWeek} kind="week" /> : null}
        />
        <StatCard
          label={`Best daily WPM (${HALL_WPM_MIN_RACES}+ races)`}
          value={bestDailyWpm ? formatWpm(bestDailyWpm.WPM) : 'None yet'}
          hint={bestDailyWpm ? <Holder r={bestDailyWpm} kind="day" /> : null}
        />
      </StatGrid>
    </Card>
  );
}
