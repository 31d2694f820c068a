/** One line on the roster: how many members need attention, linking to the team's Health view. */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { rosterHealthQueryOptions } from '../../api/teams';

export function HealthSummary({ tag }: { tag: string }) {
  const { data } = useQuery(rosterHealthQueryOptions(tag));
  if (!data || !data.members.length) return null;
  const needing = data.members.filter((m) => m.Attention.length > 0).length;
  return (
    <p className="health-summary">
      {needing ? (
        <>
          <strong>{needing}</strong> of <strong>{data.members.length}</strong> members need attention (idle, below a
          requirement, or flagged by the game).{' '}
        </>
      ) : (
        <>Every member is active and meets the team's requirements. </>
      )}
      <Link to="/health" search={{ tag }}>
        See roster health
      </Link>
    </p>
  );
}
