/**
 * The individual board's team filter: a tag typed here narrows the board to that team's racers
 * (the `team` param of the address); it is applied once typing pauses, without a history entry
 * per letter.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { validTag } from '../../lib/search';
import { replayEarlyText } from '../../ui/replay-early-input';

const TYPING_PAUSE_MS = 400;

export function TeamFilter({
  team,
  onTeam,
}: {
  team: string | undefined;
  onTeam: (team: string | undefined, replace: boolean) => void;
}) {
  const id = useId();
  const [text, setText] = useState(team ?? '');
  // Back, a link or a cleared board change the address: the box follows it.
  const [shownTeam, setShownTeam] = useState(team);
  if (shownTeam !== team) {
    setShownTeam(team);
    if ((text.trim() ? validTag(text) : undefined) !== team) setText(team ?? '');
  }
  const onTeamRef = useRef(onTeam);
  useEffect(() => {
    onTeamRef.current = onTeam;
  });
  useEffect(() => {
    const wanted = text.trim() ? validTag(text) : undefined;
    if (wanted === team || (text.trim() && !wanted)) return;
    const timer = window.setTimeout(() => onTeamRef.current(wanted, true), TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [text, team]);
  return (
    <div className="field lb-filter">
      <label htmlFor={id}>Team</label>
      <input
        ref={replayEarlyText}
        id={id}
        type="search"
        placeholder="Team tag, e.g. PAC"
        value={text}
        autoCapitalize="characters"
        onChange={(e) => setText(e.target.value)}
      />
    </div>
  );
}
