/** /activity: team stat cards, the stacked hourly chart, and the daily and weekly races charts. */
import { Empty } from '../../ui/states';
import { HourlyCard, PeriodCard } from './activity-charts';
import { TeamStatCards } from './team-stat-cards';
import './activity.css';

export function ActivityPage({ tag }: { tag: string | undefined }) {
  if (!tag) return <Empty text="Select a team to see its activity." />;
  return (
    <div className="activity-page">
      <TeamStatCards tag={tag} />
      <HourlyCard tag={tag} />
      <div className="activity-periods">
        <PeriodCard tag={tag} period="daily" />
        <PeriodCard tag={tag} period="weekly" />
      </div>
    </div>
  );
}
