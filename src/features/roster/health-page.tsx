/** /health: the team's roster health table, its strike history and its membership log. */
import { Empty } from '../../ui/states';
import { HealthTable } from './health-table';
import { MembershipLog } from './membership-log';
import { StrikeHistory } from './strike-history';
import './roster.css';
import './health.css';

export function HealthPage({ tag }: { tag: string | undefined }) {
  if (!tag) return <Empty text="Select a team to see its roster health." />;
  return (
    <div className="roster-page">
      <HealthTable tag={tag} />
      <StrikeHistory tag={tag} />
      <MembershipLog tag={tag} />
    </div>
  );
}
