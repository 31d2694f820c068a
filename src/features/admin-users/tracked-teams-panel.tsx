/**
 * Tracked teams: add a team tag to poll, stop or resume polling one. The collector reads the list at
 * its next poll, so no configuration change or restart is needed. History of a stopped team stays.
 * A team the game does not answer for (a wrong tag, an unreadable answer) shows since when and why.
 */
import { keys } from '../../api/keys';
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { TrackedTeamRow } from '../../../contract/staff';
import { useOnline } from '../../lib/online';
import { DataTable, type Column } from '../../ui/data-table';
import { DisabledReason } from '../../ui/disabled-reason';
import { QueryView } from '../../ui/states';
import { errorText } from '../../api/error-text';
import { localDateTime } from './local-time';
import { trackTeam, trackedTeamsQueryOptions, untrackTeam } from '../../api/staff';

export function TrackedTeamsPanel() {
  const qc = useQueryClient();
  const online = useOnline();
  const teams = useQuery(trackedTeamsQueryOptions());
  const [tag, setTag] = useState('');
  const [error, setError] = useState<string | null>(null);
  const offline = online ? undefined : 'Needs a connection';

  const change = useMutation({
    mutationFn: (v: { tag: string; track: boolean }) => (v.track ? trackTeam(v.tag) : untrackTeam(v.tag)),
    onSuccess: (_res, v) => {
      setError(null);
      if (v.track) setTag('');
      void qc.invalidateQueries({ queryKey: keys.trackedTeams });
      void qc.invalidateQueries({ queryKey: keys.teamTags });
    },
    onError: (err) => setError(errorText(err, 'Failed to update tracked teams')),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const t = tag.trim().toUpperCase();
    if (!/^[A-Z0-9]{1,10}$/.test(t)) return setError('A team tag is letters and digits, 1 to 10 characters');
    change.mutate({ tag: t, track: true });
  }

  const columns: Column<TrackedTeamRow>[] = [
    {
      key: 'tag',
      identity: true,
      header: 'Tag',
      render: (r) => (
        <Link to="/roster" search={{ tag: r.tag }}>
          {r.tag}
        </Link>
      ),
    },
    { key: 'name', header: 'Name', render: (r) => r.name ?? '' },
    {
      key: 'tracked',
      header: 'Status',
      render: (r) => (
        <span className={`track-badge ${r.tracked ? 'on' : 'off'}`}>{r.tracked ? 'Tracked' : 'Not tracked'}</span>
      ),
    },
    { key: 'lastPolledAt', header: 'Last Poll', className: 'cell-wrap', render: (r) => <LastPoll row={r} /> },
    {
      key: 'actions',
      header: 'Actions',
      render: (r) => (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => change.mutate({ tag: r.tag, track: !r.tracked })}
          disabled={change.isPending || !!offline}
          title={offline}
          aria-label={`${r.tracked ? 'Stop tracking' : 'Track'} ${r.tag}`}
        >
          {r.tracked ? 'Stop tracking' : 'Track again'}
        </button>
      ),
    },
  ];

  return (
    <section className="card" aria-labelledby="tracked-title">
      <div className="card-header">
        <h2 id="tracked-title" className="card-title">
          Tracked teams
        </h2>
        <p className="card-hint">Changes apply at the collector’s next poll.</p>
      </div>
      <form className="inline-form" onSubmit={submit}>
        <div className="field">
          <label htmlFor="track-tag">Team tag</label>
          <input
            id="track-tag"
            value={tag}
            onChange={(e) => setTag(e.target.value)}
            maxLength={10}
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="e.g. BEEHVE"
          />
        </div>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={change.isPending || !!offline}
          title={offline}
          aria-describedby={offline ? 'tracked-offline' : undefined}
        >
          Track team
        </button>
        <DisabledReason id="tracked-offline" reason={offline} />
      </form>
      <p className="form-error" role="alert">
        {error ?? ''}
      </p>
      <QueryView query={teams} loadingText="Loading teams..." errorText="Failed to fetch teams">
        {() => (
          <DataTable
            columns={columns}
            rows={teams.data ?? []}
            rowKey={(r) => r.tag}
            emptyText="No teams yet."
            caption="Teams table"
            leadColumns={['actions']}
          />
        )}
      </QueryView>
    </section>
  );
}

/** The last successful poll, and for a team failing now since when and the newest error in words. */
function LastPoll({ row }: { row: TrackedTeamRow }) {
  const polled = localDateTime(row.lastPolledAt);
  if (!row.failingSince) return <>{polled || 'Not yet'}</>;
  return (
    <>
      {polled && <span className="last-poll">{polled}</span>}
      <span className="poll-failing">
        {polled ? 'Failing' : 'Never collected, failing'} since {localDateTime(row.failingSince)}: {row.lastError}
      </span>
    </>
  );
}
