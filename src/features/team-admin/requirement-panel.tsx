/**
 * The Requirement panel of /teams/admin: the team's weekly races requirement (the game's, or the
 * staff's override; 0 sets none), how many weeks a strike counts (1-52) and the weekday of the
 * Discord "members at risk" post.
 */
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RequirementSettings } from '../../../contract/requirements';
import { useOnline } from '../../lib/online';
import { DisabledReason } from '../../ui/disabled-reason';
import { ErrorBox, Loading, OfflineNote } from '../../ui/states';
import { errorText } from '../../api/error-text';
import { requirementSettingsQueryOptions, saveRequirements } from '../../api/staff';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function RequirementPanel({ tag }: { tag: string }) {
  const settings = useQuery(requirementSettingsQueryOptions(tag));
  if (settings.data)
    return (
      <RequirementForm
        key={JSON.stringify(settings.data)}
        tag={tag}
        settings={settings.data}
        updatedAt={settings.dataUpdatedAt}
      />
    );
  if (settings.isError)
    return <ErrorBox text={errorText(settings.error, 'Failed to fetch the requirement settings')} />;
  return <Loading text="Loading requirement settings..." />;
}

function RequirementForm({
  tag,
  settings,
  updatedAt,
}: {
  tag: string;
  settings: RequirementSettings;
  updatedAt: number;
}) {
  const qc = useQueryClient();
  const online = useOnline();
  const id = useId();
  const [useGame, setUseGame] = useState(settings.override === null);
  const [override, setOverride] = useState(String(settings.override ?? settings.gameWeekly ?? ''));
  const [strikeWeeks, setStrikeWeeks] = useState(String(settings.strikeWeeks));
  const [weekday, setWeekday] = useState(settings.atRiskWeekday === null ? '' : String(settings.atRiskWeekday));
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');

  const save = useMutation({
    mutationFn: () =>
      saveRequirements({
        tag,
        override: useGame ? null : Number(override),
        strikeWeeks: Number(strikeWeeks),
        atRiskWeekday: weekday === '' ? null : Number(weekday),
      }),
    onSuccess: (next) => {
      qc.setQueryData(requirementSettingsQueryOptions(tag).queryKey, next);
      void qc.invalidateQueries({ queryKey: ['teams', tag] });
      setError(null);
      setNotice('Saved.');
    },
    onError: (err) => setError(errorText(err, 'Failed to save the requirement settings')),
  });

  const weeks = Number(strikeWeeks);
  const problem =
    !Number.isInteger(weeks) || weeks < 1 || weeks > 52
      ? 'Strikes count for 1 to 52 weeks.'
      : !useGame && (override.trim() === '' || !Number.isInteger(Number(override)) || Number(override) < 0)
        ? 'The requirement is a whole number of races, 0 or more.'
        : null;
  const blocked = online ? (problem ?? undefined) : 'Needs a connection';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setNotice('');
    if (!blocked) save.mutate();
  };

  return (
    <form className="card requirement-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Weekly requirement of {tag}</h2>
      <OfflineNote updatedAt={updatedAt} />
      <p className="muted">
        The game's team info asks for{' '}
        {settings.gameWeekly ? `${settings.gameWeekly.toLocaleString('en-US')} races a week` : 'no weekly races'}. A
        member below the requirement (pro rata for the week they joined) at the week's end gets a strike.
      </p>
      <fieldset>
        <legend>Races a week</legend>
        <label className="check">
          <input type="radio" name={`${id}-source`} checked={useGame} onChange={() => setUseGame(true)} />
          Use the game's value
        </label>
        <label className="check">
          <input type="radio" name={`${id}-source`} checked={!useGame} onChange={() => setUseGame(false)} />
          Set our own (0: no requirement)
        </label>
        <input
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          aria-label="Races a week"
          value={override}
          disabled={useGame}
          onChange={(e) => setOverride(e.target.value)}
        />
      </fieldset>
      <label htmlFor={`${id}-weeks`}>Strikes count for (weeks, 1-52)</label>
      <input
        id={`${id}-weeks`}
        type="number"
        inputMode="numeric"
        min={1}
        max={52}
        step={1}
        value={strikeWeeks}
        onChange={(e) => setStrikeWeeks(e.target.value)}
      />
      <label htmlFor={`${id}-day`}>Discord "members at risk" post</label>
      <select id={`${id}-day`} value={weekday} onChange={(e) => setWeekday(e.target.value)}>
        <option value="">No post</option>
        {WEEKDAYS.map((d, i) => (
          <option key={d} value={String(i)}>
            Every {d}
          </option>
        ))}
      </select>
      {weekday !== '' && !settings.discordConnected ? (
        <p className="muted">Connect a Discord webhook on the Discord tab for the post to go out.</p>
      ) : null}
      {error ? (
        <p className="state state-error" role="alert">
          {error}
        </p>
      ) : null}
      <p role="status" className="muted">
        {notice}
      </p>
      <button
        type="submit"
        className="btn btn-primary"
        disabled={Boolean(blocked) || save.isPending}
        aria-describedby={blocked ? `${id}-why` : undefined}
      >
        {save.isPending ? 'Saving...' : 'Save'}
      </button>
      <DisabledReason id={`${id}-why`} reason={blocked} />
    </form>
  );
}
