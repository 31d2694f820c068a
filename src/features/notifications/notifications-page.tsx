/**
 * /notifications: this device's push messages. The person picks what they want (someone passed
 * me on a rolling board, an event I'm in has ended, my weekly requirement at risk; for staff a
 * daily "members need attention" summary) and turns them on with a tap (iOS asks for permission
 * only then). Says plainly when the browser cannot receive them, when they are blocked, and that
 * changing them needs a connection.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { PushChoices } from '../../../contract/push';
import { useMyRacer } from '../../lib/my-racer';
import { OFFLINE_LEAD, useOfflineReason, useOnline } from '../../lib/online';
import { deviceSettings, pushSupport, saveDeviceChoices, turnOffDevice } from '../../lib/push-device';
import { useMe } from '../../lib/session';
import { useHydrated } from '../../lib/use-hydrated';
import { Card } from '../../ui/card';
import { DisabledReason } from '../../ui/disabled-reason';
import { ErrorBox, Loading } from '../../ui/states';
import './notifications.css';

const NEEDS_CONNECTION = 'Notification settings need a connection: they are saved on the server.';

type Permission = NotificationPermission | 'unknown';
const permissionNow = (): Permission => ('Notification' in window ? Notification.permission : 'unknown');

export function NotificationsPage() {
  // What this browser can do is known in the browser alone: the server's drawing (and hydration) says it is looking.
  const support = useHydrated() ? pushSupport() : null;
  return (
    <div className="notifications">
      <h1 className="page-title">Notifications</h1>
      <p className="notifications-lead">
        Messages on this device about what you choose, each opening the screen it is about. A few a day at most, never
        twice for the same thing.
      </p>
      {support === null ? (
        <Loading text="Looking at this device..." />
      ) : support === 'supported' ? (
        <NotificationSettings />
      ) : (
        <Unsupported needsInstall={support === 'needs-install'} />
      )}
    </div>
  );
}

function Unsupported({ needsInstall }: { needsInstall: boolean }) {
  return (
    <Card>
      <p className="state state-empty" role="status">
        {needsInstall
          ? 'On iPhone and iPad, notifications come to the app on your Home Screen: tap Share, then “Add to Home Screen”, and open NT Team Stats from there (iOS 16.4 or later).'
          : 'This browser cannot receive notifications from web apps.'}
      </p>
    </Card>
  );
}

function NotificationSettings() {
  const id = useId();
  const online = useOnline();
  const offlineReason = useOfflineReason();
  const me = useMe();
  const racer = useMyRacer();
  const queryClient = useQueryClient();
  const isStaff = me.logged_in && (me.role === 'admin' || me.role === 'teamadmin');
  const settings = useQuery({ queryKey: ['push-device'], queryFn: deviceSettings, networkMode: 'always', retry: 1 });
  const [permission, setPermission] = useState<Permission>(permissionNow);
  const [choices, setChoices] = useState<PushChoices>({
    username: null,
    passedBoard: '24hour',
    passedScope: 'individual',
    eventEnded: true,
    requirementRisk: true,
    staffSummary: false,
  });
  const [passedOn, setPassedOn] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');

  // The saved choices, once read (or saved again), replace the form's.
  const saved = settings.data?.choices ?? null;
  const [shownSaved, setShownSaved] = useState<PushChoices | null>(null);
  if (saved && saved !== shownSaved) {
    setShownSaved(saved);
    setChoices(saved);
    setPassedOn(saved.passedBoard !== null);
  }

  if (settings.isPending) return <Loading text="Looking at this device..." />;
  const subscribed = settings.data?.subscribed ?? false;
  const personal = racer !== null;
  const wanted: PushChoices = {
    ...choices,
    username: personal ? racer.username : null,
    passedBoard: personal && passedOn ? (choices.passedBoard ?? '24hour') : null,
    eventEnded: personal && choices.eventEnded,
    requirementRisk: personal && choices.requirementRisk,
    staffSummary: isStaff && choices.staffSummary,
  };
  const nothing = wanted.passedBoard === null && !wanted.eventEnded && !wanted.requirementRisk && !wanted.staffSummary;
  const reason = !online
    ? 'Needs a connection.'
    : permission === 'denied'
      ? 'Notifications are blocked for this site: allow them in the browser’s site settings, then come back.'
      : nothing
        ? 'Choose at least one message.'
        : undefined;
  const set = (patch: Partial<PushChoices>) => setChoices((c) => ({ ...c, ...patch }));

  const save = async () => {
    setError(null);
    setNotice('');
    // First, inside the tap: iOS grants permission only to a direct user action.
    const granted = permissionNow() === 'granted' ? 'granted' : await Notification.requestPermission();
    setPermission(granted);
    if (granted !== 'granted') return;
    setBusy(true);
    try {
      queryClient.setQueryData(['push-device'], await saveDeviceChoices(wanted));
      setNotice(subscribed ? 'Saved.' : 'Notifications are on for this device.');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not turn notifications on');
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setError(null);
    setBusy(true);
    try {
      await turnOffDevice();
      queryClient.setQueryData(['push-device'], { subscribed: false, choices: null });
      setNotice('Notifications are off for this device.');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not turn notifications off');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      {settings.isError && online ? <ErrorBox text={settings.error.message} /> : null}
      {!online ? (
        <p className="state state-empty state-offline" role="status">
          {OFFLINE_LEAD[offlineReason]}. {NEEDS_CONNECTION}
        </p>
      ) : null}
      <p className="notifications-status" data-testid="push-status">
        {subscribed ? 'On for this device.' : 'Off for this device.'}
        {permission === 'denied' ? ' Notifications are blocked for this site in the browser.' : ''}
      </p>
      <form
        className="form notifications-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <fieldset className="choice-group notifications-choices" disabled={!personal}>
          <legend>About me</legend>
          {personal ? (
            <p className="field-hint">
              As <strong>{racer.displayName}</strong> ({racer.username}
              {racer.teamTag ? ` · ${racer.teamTag}` : ''}).
            </p>
          ) : (
            <p className="field-hint">
              These need to know who you are: <Link to="/racers/find-me">choose “This is me”</Link> first.
            </p>
          )}
          <label>
            <input type="checkbox" checked={personal && passedOn} onChange={(e) => setPassedOn(e.target.checked)} />
            Someone passed me on the leaderboard
          </label>
          <div className="notifications-board">
            <span className="notifications-pick">
              <label htmlFor={`${id}-board`}>Board</label>
              <select
                id={`${id}-board`}
                value={choices.passedBoard ?? '24hour'}
                disabled={!passedOn}
                onChange={(e) => set({ passedBoard: e.target.value as '24hour' | '7day' })}
              >
                <option value="24hour">Last 24 hours</option>
                <option value="7day">Last 7 days</option>
              </select>
            </span>
            <span className="notifications-pick">
              <label htmlFor={`${id}-scope`}>For</label>
              <select
                id={`${id}-scope`}
                value={choices.passedScope}
                disabled={!passedOn}
                onChange={(e) => set({ passedScope: e.target.value as 'individual' | 'team' })}
              >
                <option value="individual">Me</option>
                <option value="team">My team</option>
              </select>
            </span>
          </div>
          <label>
            <input
              type="checkbox"
              checked={personal && choices.eventEnded}
              onChange={(e) => set({ eventEnded: e.target.checked })}
            />
            An event I’m in has ended: my rank, races and winnings
          </label>
          <label>
            <input
              type="checkbox"
              checked={personal && choices.requirementRisk}
              onChange={(e) => set({ requirementRisk: e.target.checked })}
            />
            My weekly requirement is at risk, on the last day of the team’s week
          </label>
        </fieldset>
        {isStaff ? (
          <fieldset className="choice-group notifications-choices">
            <legend>Staff</legend>
            <label>
              <input
                type="checkbox"
                checked={choices.staffSummary}
                onChange={(e) => set({ staffSummary: e.target.checked })}
              />
              Each morning: members who need attention
            </label>
          </fieldset>
        ) : null}
        <p className="form-error" role="alert">
          {error ?? ''}
        </p>
        <p className="notifications-notice" role="status">
          {notice}
        </p>
        <DisabledReason id={`${id}-reason`} reason={reason} />
        <div className="form-actions form-actions-wrap">
          {subscribed ? (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void turnOff()}
              disabled={busy || !online}
              aria-describedby={!online ? `${id}-reason` : undefined}
            >
              Turn off on this device
            </button>
          ) : null}
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy || reason !== undefined}
            aria-describedby={reason ? `${id}-reason` : undefined}
          >
            {subscribed ? 'Save' : 'Turn on notifications'}
          </button>
        </div>
      </form>
    </Card>
  );
}
