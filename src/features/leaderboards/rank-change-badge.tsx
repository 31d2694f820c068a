/** ▲3 / ▼2 / – / new beside a rank: the change against the previous period of the same length. */
import { describeRankChange, type RankChange } from '../../../rules/rank-change';

export function RankChangeBadge({ change }: { change: RankChange | null }) {
  if (!change) return <span className="rank-change rank-change-pending" aria-hidden="true" />;
  const { text, label } = describeRankChange(change);
  return (
    <span className={`rank-change rank-change-${change.kind}`} title={label} aria-label={label} role="img">
      {text}
    </span>
  );
}
