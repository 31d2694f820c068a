/** Groups a team's members into the Unassigned box and the nine squads of the squads board. */
import { SQUADS, UNASSIGNED, isSquadName, type SquadName } from '../../../contract/squads';

export type BoxKey = SquadName | typeof UNASSIGNED;
export const BOXES: BoxKey[] = [UNASSIGNED, ...SQUADS];

export interface BoardMember {
  Username: string;
  CurrentDisplayName: string;
  /** Squad key; '' means Unassigned. */
  squad: string;
}

export function boxOf(m: Pick<BoardMember, 'squad'>): BoxKey {
  return isSquadName(m.squad) ? m.squad : UNASSIGNED;
}

/** Every box with its members by display name (case-insensitive), empty boxes included. */
export function groupBySquad<M extends BoardMember>(members: M[]): Record<BoxKey, M[]> {
  const boxes = Object.fromEntries(BOXES.map((b) => [b, [] as M[]])) as Record<BoxKey, M[]>;
  for (const m of members) boxes[boxOf(m)].push(m);
  for (const b of BOXES) {
    boxes[b].sort(
      (a, c) =>
        a.CurrentDisplayName.localeCompare(c.CurrentDisplayName, undefined, { sensitivity: 'base' }) ||
        a.Username.localeCompare(c.Username),
    );
  }
  return boxes;
}

/** The members with one moved to `to` (the optimistic board before the server answers). */
export function moveMember<M extends BoardMember>(members: M[], username: string, to: BoxKey): M[] {
  return members.map((m) => (m.Username === username ? { ...m, squad: to === UNASSIGNED ? '' : to } : m));
}
