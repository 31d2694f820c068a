/**
 * Squads tab of /teams/admin: the Unassigned box and the nine squads of the team, in their colours.
 * Dragging a member (mouse or touch) to another box, or picking the new box from the member's own
 * button, calls POST /api/update-member-squad; the board moves at once and is re-fetched after.
 */
import { useCallback, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentDisplayNamesResponse, RosterMember } from '../../../contract/roster';
import { useOnline } from '../../lib/online';
import { ErrorBox, Loading } from '../../ui/states';
import { errorText } from '../../api/error-text';
import { MoveMemberDialog } from './move-member-dialog';
import { SquadBox } from './squad-box';
import { SquadNameDialog } from './squad-name-dialog';
import type { SquadName } from '../../../contract/squads';
import { BOXES, groupBySquad, moveMember, type BoxKey } from './squads';
import { refreshSquads } from '../../api/refresh';
import { rosterQueryOptions, squadNamesQueryOptions } from '../../api/teams';
import { updateMemberSquad } from '../../api/staff';

export function SquadsBoard({ tag }: { tag: string }) {
  const qc = useQueryClient();
  const online = useOnline();
  const members = useQuery(rosterQueryOptions(tag));
  const names = useQuery(squadNamesQueryOptions(tag));
  const [renaming, setRenaming] = useState<SquadName | null>(null);
  const [picked, setPicked] = useState<RosterMember | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const customNames = useMemo(
    () => Object.fromEntries((names.data ?? []).map((n) => [n.squad, n.customName])) as Partial<Record<BoxKey, string>>,
    [names.data],
  );
  const boxes = useMemo(() => groupBySquad(members.data ?? []), [members.data]);

  const move = useMutation({
    mutationFn: (v: { username: string; to: BoxKey }) => updateMemberSquad({ username: v.username, squad: v.to, tag }),
    onMutate: async ({ username, to }) => {
      setFailure(null);
      const key = rosterQueryOptions(tag).queryKey;
      await qc.cancelQueries({ queryKey: key });
      qc.setQueryData<CurrentDisplayNamesResponse>(key, (prev) => (prev ? moveMember(prev, username, to) : prev));
    },
    onError: (err) => setFailure(errorText(err, 'Failed to update squad')),
    onSettled: () => refreshSquads(qc, tag),
  });

  const onDrop = useCallback(
    (username: string, from: BoxKey, to: BoxKey) => {
      if (from !== to) move.mutate({ username, to });
    },
    [move],
  );

  if (members.isPending) return <Loading text="Loading members..." />;
  if (members.isError) return <ErrorBox text="Failed to refresh display names" />;

  const disabled = !online;
  return (
    <section className="card squads-card" aria-labelledby="squads-title">
      <div className="card-header">
        <h2 id="squads-title" className="card-title">
          Squads of {tag}
        </h2>
        <p className="card-hint">
          {online
            ? 'Drag a member to another squad, or tap a member to pick one.'
            : 'Offline: moving members needs a connection.'}
        </p>
      </div>
      {failure ? (
        <div className="state state-error squads-failure" role="alert">
          <span>{failure}</span>
          <button type="button" className="icon-btn" aria-label="Dismiss" onClick={() => setFailure(null)}>
            ×
          </button>
        </div>
      ) : null}
      <div className="squads-board">
        {BOXES.map((b) => (
          <SquadBox
            key={b}
            box={b}
            customName={customNames[b] ?? null}
            members={boxes[b]}
            disabled={disabled}
            onDrop={onDrop}
            onRename={setRenaming}
            onPick={setPicked}
          />
        ))}
      </div>
      <SquadNameDialog
        tag={tag}
        squad={renaming}
        current={renaming ? (customNames[renaming] ?? null) : null}
        onClose={() => setRenaming(null)}
        onSaved={() => {
          setRenaming(null);
          void refreshSquads(qc, tag);
        }}
      />
      <MoveMemberDialog
        member={picked}
        names={customNames}
        disabled={disabled}
        onMove={onDrop}
        onClose={() => setPicked(null)}
      />
    </section>
  );
}
