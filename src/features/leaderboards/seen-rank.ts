/**
 * "Since you last looked": the rank each board last showed the visitor, kept on the device
 * (localStorage boardRanksSeen), per board and racer. The You card compares the rank it shows with
 * the one remembered from the visit before, then remembers the new one.
 */
import { useEffect, useState } from 'react';
import { rankChange, type RankChange } from '../../../rules/rank-change';
import { getStored, setStored } from '../../lib/storage';

/** Boards remembered at most (the oldest go first): a month of daily boards and the rolling ones. */
export const MAX_SEEN_BOARDS = 40;

export interface SeenRank {
  /** Which board (its period and window) and which racer. */
  board: string;
  username: string;
  rank: number;
}

export function parseSeen(raw: string | null): SeenRank[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    if (!Array.isArray(v)) return [];
    return v.filter(
      (s): s is SeenRank =>
        !!s &&
        typeof s === 'object' &&
        typeof (s as SeenRank).board === 'string' &&
        typeof (s as SeenRank).username === 'string' &&
        Number.isInteger((s as SeenRank).rank) &&
        (s as SeenRank).rank >= 1,
    );
  } catch {
    return [];
  }
}

const same = (s: SeenRank, board: string, username: string) =>
  s.board === board && s.username.toLowerCase() === username.toLowerCase();

/** The rank this board last showed this racer, if it ever did. */
export function seenRank(list: readonly SeenRank[], board: string, username: string): number | undefined {
  return list.find((s) => same(s, board, username))?.rank;
}

/** The list with this board's rank for the racer set (newest last, the oldest dropped past the limit). */
export function withSeenRank(list: readonly SeenRank[], seen: SeenRank): SeenRank[] {
  return [...list.filter((s) => !same(s, seen.board, seen.username)), seen].slice(-MAX_SEEN_BOARDS);
}

/** The change since the last look: null on a first look. */
export function changeSinceSeen(before: number | undefined, rank: number): RankChange | null {
  return before === undefined ? null : rankChange(rank, before);
}

export function rememberSeenRank(seen: SeenRank): void {
  setStored('boardRanksSeen', JSON.stringify(withSeenRank(parseSeen(getStored('boardRanksSeen')), seen)));
}

/**
 * The change of `rank` since the racer last looked at `board`: the remembered rank is read once
 * per board and racer (so the card keeps saying "since you last looked" while it stays open), and
 * the rank shown is remembered for the next visit.
 */
export function useChangeSinceSeen(board: string, username: string, rank: number | undefined): RankChange | null {
  const id = `${board}|${username}`;
  const [before, setBefore] = useState<{ id: string; rank: number | undefined }>(() => ({
    id,
    rank: seenRank(parseSeen(getStored('boardRanksSeen')), board, username),
  }));
  if (before.id !== id) setBefore({ id, rank: seenRank(parseSeen(getStored('boardRanksSeen')), board, username) });
  useEffect(() => {
    if (rank !== undefined) rememberSeenRank({ board, username, rank });
  }, [board, username, rank]);
  return rank === undefined || before.id !== id ? null : changeSinceSeen(before.rank, rank);
}
