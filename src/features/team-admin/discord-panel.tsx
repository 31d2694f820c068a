/**
 * The Discord panel of /teams/admin: paste the channel's webhook URL (write-only: only its last
 * 4 characters come back), choose the posts (event standings, daily top racers, joins and
 * leaves), see the posts Discord never confirmed, send a test message, or disconnect.
 */
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DiscordSettings } from '../../../contract/discord';
import { useOnline } from '../../lib/online';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DisabledReason } from '../../ui/disabled-reason';
import { ErrorBox, Loading, OfflineNote } from '../../ui/states';
import { errorText } from '../../api/error-text';
import { discordQueryOptions, removeDiscord, saveDiscord, testDiscord } from '../../api/staff';
import { DiscordUnconfirmed } from './discord-unconfirmed';

export function DiscordPanel({ tag }: { tag: string }) {
  const settings = useQuery(discordQueryOptions(tag));
  if (settings.data) return <DiscordForm tag={tag} settings={settings.data} updatedAt={settings.dataUpdatedAt} />;
  if (settings.isError) return <ErrorBox text={errorText(settings.error, 'Failed to fetch the Discord settings')} />;
  return <Loading text="Loading Discord settings..." />;
}

function DiscordForm({ tag, settings, updatedAt }: { tag: string; settings: DiscordSettings; updatedAt: number }) {
  const qc = useQueryClient();
  const online = useOnline();
  const id = useId();
  const [url, setUrl] = useState('');
  const [eventStandings, setEventStandings] = useState(settings.eventStandings);
  const [dailyTop, setDailyTop] = useState(settings.dailyTop);
  const [memberLog, setMemberLog] = useState(settings.memberLog);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [confirming, setConfirming] = useState(false);
  const offline = online ? undefined : 'Needs a connection';

  // Saved settings that change (a save, another admin's) reset the boxes, during render as React advises.
  const saved = `${settings.eventStandings}/${settings.dailyTop}/${settings.memberLog}`;
  const [shownSaved, setShownSaved] = useState(saved);
  if (shownSaved !== saved) {
    setShownSaved(saved);
    setEventStandings(settings.eventStandings);
    setDailyTop(settings.dailyTop);
    setMemberLog(settings.memberLog);
  }

  const key = discordQueryOptions(tag).queryKey;
  const save = useMutation({
    mutationFn: () =>
      saveDiscord({ tag, eventStandings, dailyTop, memberLog, ...(url.trim() ? { url: url.trim() } : {}) }),
    onSuccess: (next) => {
      qc.setQueryData(key, next);
      setUrl('');
      setError(null);
      setNotice('Saved.');
    },
    onError: (err) => setError(errorText(err, 'Failed to save the Discord settings')),
  });
  const test = useMutation({
    mutationFn: () => testDiscord(tag),
    onSuccess: (r) => {
      setError(r.delivered ? null : r.message);
      setNotice(r.delivered ? 'Test message posted: check the channel.' : '');
    },
    onError: (err) => setError(errorText(err, 'Failed to send the test message')),
  });
  const remove = useMutation({
    mutationFn: () => removeDiscord(tag),
    onSuccess: () => {
      setConfirming(false);
      setNotice('Webhook removed.');
      setError(null);
      void qc.invalidateQueries({ queryKey: key });
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    setNotice('');
    if (!settings.connected && !url.trim())
      return setError('Paste the webhook URL from Discord (Channel settings → Integrations → Webhooks)');
    save.mutate();
  }

  const busy = save.isPending || test.isPending || remove.isPending;
  const testReason = offline ?? (settings.connected ? undefined : 'Save a webhook first');

  return (
    <section className="card discord-panel" aria-labelledby={`${id}-title`}>
      <div className="card-header">
        <h2 id={`${id}-title`} className="card-title">
          Discord
        </h2>
        <p className="card-hint">
          {settings.connected
            ? `Posting to the webhook ending in …${settings.urlEnding}.`
            : `${tag} is not connected to Discord.`}
          {settings.linksOn ? '' : ' Posts carry no links until the server’s SITE_URL is set.'}
        </p>
      </div>
      <OfflineNote updatedAt={updatedAt} />
      <DiscordUnconfirmed
        tag={tag}
        posts={settings.unconfirmed}
        disabledReason={offline ?? (busy ? 'Busy' : undefined)}
        onQueued={(text) => {
          setError(null);
          setNotice(text);
        }}
        onError={(text) => {
          setNotice('');
          setError(text);
        }}
      />
      <form className="form" onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-url`}>{settings.connected ? 'Replace the webhook URL' : 'Webhook URL'}</label>
          <input
            id={`${id}-url`}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder={
              settings.connected ? `Leave empty to keep …${settings.urlEnding}` : 'https://discord.com/api/webhooks/…'
            }
            aria-describedby={`${id}-url-hint`}
          />
          <span id={`${id}-url-hint`} className="field-hint">
            From the channel’s settings: Integrations → Webhooks → Copy Webhook URL. It is kept on the server and never
            shown again.
          </span>
        </div>
        <fieldset className="choice-group">
          <legend>Post to the channel</legend>
          <label className="field-inline">
            <input type="checkbox" checked={eventStandings} onChange={(e) => setEventStandings(e.target.checked)} />
            Event standings: one message per event that updates as they change, final when it ends
          </label>
          <label className="field-inline">
            <input type="checkbox" checked={dailyTop} onChange={(e) => setDailyTop(e.target.checked)} />
            The team’s top racers of each day
          </label>
          <label className="field-inline">
            <input type="checkbox" checked={memberLog} onChange={(e) => setMemberLog(e.target.checked)} />
            Who joined and who left the team each day
          </label>
        </fieldset>
        <p className="form-error" role="alert">
          {error ?? ''}
        </p>
        <p className="discord-notice" role="status">
          {notice}
        </p>
        <div className="form-actions form-actions-wrap">
          <DisabledReason id={`${id}-reason`} reason={testReason} />
          {settings.connected && (
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => setConfirming(true)}
              disabled={busy || !!offline}
              title={offline}
              aria-describedby={offline ? `${id}-reason` : undefined}
            >
              Remove
            </button>
          )}
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              setNotice('');
              test.mutate();
            }}
            disabled={busy || !!testReason}
            title={testReason}
            aria-describedby={testReason ? `${id}-reason` : undefined}
          >
            {test.isPending ? 'Sending…' : 'Send a test message'}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy || !!offline}
            title={offline}
            aria-describedby={offline ? `${id}-reason` : undefined}
          >
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title="Remove the Discord webhook?"
        message={`${tag} stops posting to Discord, and messages not sent yet are dropped.`}
        confirmLabel="Remove"
        busyLabel="Removing…"
        busy={remove.isPending}
        error={remove.isError ? errorText(remove.error, 'Failed to remove the webhook') : null}
        disabledReason={offline}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
