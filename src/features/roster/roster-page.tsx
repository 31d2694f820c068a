/** /roster: the team info card and the roster table of the selected team. */
import { Empty } from '../../ui/states';
import { HealthSummary } from './health-summary';
import { RosterTable } from './roster-table';
import { TeamInfoCard } from './team-info-card';
import './roster.css';

export function RosterPage({ tag }: { tag: string | undefined }) {
  if (!tag) return <Empty text="Select a team to see its roster." />;
  return (
    <div className="roster-page">
      <TeamInfoCard tag={tag} />
      <HealthSummary tag={tag} />
      <RosterTable tag={tag} />
    </div>
  );
}
