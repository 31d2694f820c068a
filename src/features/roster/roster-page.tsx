/** /roster: the team info card and the roster table of the selected team. */
import { useQuery } from '@tanstack/react-query';
import { Empty } from '../../ui/states';
import { HealthSummary } from './health-summary';
import { RosterTable } from './roster-table';
import { TeamInfoCard } from './team-info-card';
import './roster.css';
import { teamInfoQueryOptions } from '../../api/teams';

export function RosterPage({ tag }: { tag: string | undefined }) {
  // Shared with the info card through the cache: the roster's requirement summary needs the number.
  const info = useQuery(teamInfoQueryOptions(tag));
  if (!tag) return <Empty text="Select a team to see its roster." />;
  return (
    <div className="roster-page">
      <TeamInfoCard tag={tag} />
      <HealthSummary tag={tag} />
      <RosterTable tag={tag} weeklyRequirement={info.data?.WeeklyRequirements ?? null} />
    </div>
  );
}
