/** A rank number; 1, 2 and 3 are shown as gold, silver and bronze medals. */
const MEDALS: Record<number, string> = { 1: 'gold', 2: 'silver', 3: 'bronze' };

export function RankBadge({ rank }: { rank: number }) {
  const medal = MEDALS[rank];
  return (
    <span
      className={`rank-badge${medal ? ` rank-${medal}` : ''}`}
      aria-label={medal ? `Rank ${rank} (${medal})` : `Rank ${rank}`}
    >
      {rank}
    </span>
  );
}
