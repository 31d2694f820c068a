/**
 * Bot flags: flag a racer as a bot by username (leaderboards hide flagged racers unless "Show
 * flagged racers" is ticked; the roster marks them), and the list of flagged racers to unflag.
 */
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { BotFlagRow } from '../../../contract/staff';
import { useOnline } from '../../lib/online';
import { DataTable, type Column } from '../../ui/data-table';
import { DisabledReason } from '../../ui/disabled-reason';
import { QueryView } from '../../ui/states';
import { errorText } from '../../api/error-text';
import { localDateTime } from './local-time';
import { allUsernamesQueryOptions } from '../../api/racers';
import { botFlagsQueryOptions, putBotFlag } from '../../api/staff';

export function BotFlagsPanel() {
  const qc = useQueryClient();
  const online = useOnline();
  const listId = useId();
  const flags = useQuery(botFlagsQueryOptions());
  const usernames = useQuery(allUsernamesQueryOptions());
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const offline = online ? undefined : 'Needs a connection';

  const flag = useMutation({
    mutationFn: (v: { username: string; bot: boolean }) => putBotFlag(v.username, v.bot),
    onSuccess: (_res, v) => {
      setError(null);
      if (v.bot) setUsername('');
      // Leaderboards, rosters and events show the bot marker too.
      void qc.invalidateQueries();
    },
    onError: (err, v) => setError(errorText(err, v.bot ? 'Failed to flag racer' : 'Failed to unflag racer')),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!username.trim()) return setError('Username required');
    flag.mutate({ username: username.trim(), bot: true });
  }

  const columns: Column<BotFlagRow>[] = [
    {
      key: 'username',
      identity: true,
      header: 'Username',
      render: (r) => (
        <Link to="/racers" search={{ username: r.username, subtab: 'batch' }}>
          {r.username}
        </Link>
      ),
    },
    { key: 'displayName', header: 'Display Name', render: (r) => r.displayName ?? '' },
    { key: 'flaggedBy', header: 'Flagged By', render: (r) => r.flaggedBy ?? '' },
    { key: 'flaggedAt', header: 'Flagged', render: (r) => localDateTime(r.flaggedAt) },
    {
      key: 'actions',
      header: 'Actions',
      render: (r) => (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => flag.mutate({ username: r.username, bot: false })}
          disabled={flag.isPending || !!offline}
          title={offline}
        >
          Unflag
        </button>
      ),
    },
  ];

  return (
    <section className="card" aria-labelledby="bot-flags-title">
      <div className="card-header">
        <h2 id="bot-flags-title" className="card-title">
          Bot flags
        </h2>
      </div>
      <form className="inline-form" onSubmit={submit}>
        <div className="field">
          <label htmlFor="bot-username">Racer username</label>
          <input
            id="bot-username"
            list={listId}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
          <datalist id={listId}>
            {(usernames.data ?? []).map((u) => (
              <option key={u} value={u} />
            ))}
          </datalist>
        </div>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={flag.isPending || !!offline}
          title={offline}
          aria-describedby={offline ? 'bot-flags-offline' : undefined}
        >
          Flag as bot
        </button>
        <DisabledReason id="bot-flags-offline" reason={offline} />
      </form>
      <p className="form-error" role="alert">
        {error ?? ''}
      </p>
      <QueryView query={flags} loadingText="Loading bot flags..." errorText="Failed to fetch bot flags">
        {() => (
          <DataTable
            columns={columns}
            rows={flags.data ?? []}
            rowKey={(r) => String(r.userID)}
            emptyText="No racer is flagged as a bot."
            caption="Flagged racers table"
            leadColumns={['actions']}
          />
        )}
      </QueryView>
    </section>
  );
}
