/**
 * Rank change of a leaderboard row against the previous period of the same length: both boards
 * are ranked the same way (same sort, same bot filter), then each current row is compared with
 * its own rank on the previous board. Pure: the app computes it for whatever sort is shown.
 */

export type RankChange =
  | { kind: 'up'; by: number }
  | { kind: 'down'; by: number }
  | { kind: 'same' }
  /** Not on the previous board. */
  | { kind: 'new' };

/** Ranks from an ordered list of keys: the first key has rank 1. */
export function ranksOf<K>(ordered: readonly K[]): Map<K, number> {
  const ranks = new Map<K, number>();
  ordered.forEach((k, i) => {
    if (!ranks.has(k)) ranks.set(k, i + 1);
  });
  return ranks;
}

/** The change of one row: up when its rank number got smaller. */
export function rankChange(rank: number, previousRank: number | undefined): RankChange {
  if (previousRank === undefined) return { kind: 'new' };
  if (previousRank === rank) return { kind: 'same' };
  return previousRank > rank ? { kind: 'up', by: previousRank - rank } : { kind: 'down', by: rank - previousRank };
}

/** The change of every key of the current board, given both boards' keys in rank order. */
export function rankChanges<K>(current: readonly K[], previous: readonly K[]): Map<K, RankChange> {
  const before = ranksOf(previous);
  const out = new Map<K, RankChange>();
  current.forEach((k, i) => {
    if (!out.has(k)) out.set(k, rankChange(i + 1, before.get(k)));
  });
  return out;
}

/** "▲3", "▼12", "–" or "new", with a label for screen readers. */
export function describeRankChange(c: RankChange): { text: string; label: string } {
  switch (c.kind) {
    case 'up':
      return { text: `▲${c.by}`, label: `up ${c.by} from the previous period` };
    case 'down':
      return { text: `▼${c.by}`, label: `down ${c.by} from the previous period` };
    case 'same':
      return { text: '–', label: 'same rank as the previous period' };
    case 'new':
      return { text: 'new', label: 'not ranked in the previous period' };
  }
}
