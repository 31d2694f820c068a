/**
 * The Activity screen's stat cards from team-stats: the last 24 hours and the top racers. Flagged
 * racers are not top racers unless "Show flagged racers" is ticked, as on the leaderboards.
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TopRacer } from '../../../contract/activity';
import { formatAccuracy, formatInt, formatWpm, MISSING } from '../../lib/format';
import { StatCard, StatGrid } from '../../ui/stat-card';
import { ErrorBox, Loading, OfflineNote } from '../../ui/states';
import { teamStatsQueryOptions } from '../../api/teams';

function top(r: TopRacer | null) {
  return r
    ? { value: r.CurrentDisplayName, hint: `${formatInt(r.races)} races` }
    : { value: MISSING, hint: 'No races' };
}

export function TeamStatCards({ tag }: { tag: string }) {
  const [showBots, setShowBots] = useState(false);
  const botsId = useId();
  const query = useQuery(teamStatsQueryOptions(tag, showBots));
  const { data, isPending, error } = query;
  const toggle = (
    <label className="activity-bots" htmlFor={botsId}>
      <input id={botsId} type="checkbox" checked={showBots} onChange={(e) => setShowBots(e.target.checked)} />
      Show flagged racers
    </label>
  );
  if (isPending)
    return (
      <>
        {toggle}
        <Loading text="Loading team stats..." />
      </>
    );
  if (error && !data)
    return (
      <>
        {toggle}
        <ErrorBox text="Failed to load team stats. Please try again later." />
      </>
    );
  const day = top(data.top_racer);
  const week = top(data.top_racer_7d);
  return (
    <>
      {toggle}
      <OfflineNote updatedAt={query.dataUpdatedAt} />
      <StatGrid>
        <StatCard label="Races (24h)" value={formatInt(data.races)} />
        <StatCard label="Avg WPM (24h)" value={formatWpm(data.avg_wpm)} />
        <StatCard label="Accuracy (24h)" value={formatAccuracy(data.accuracy)} />
        <StatCard label="Active Members (24h)" value={formatInt(data.active_members)} />
        <StatCard label="Top Racer (24h)" value={<span className="stat-name">{day.value}</span>} hint={day.hint} />
        <StatCard label="Top Racer (7 days)" value={<span className="stat-name">{week.value}</span>} hint={week.hint} />
      </StatGrid>
    </>
  );
}
