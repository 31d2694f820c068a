/**
 * What a staff write leaves stale, refreshed by key prefix (keys.ts): only the queries on screen
 * refetch, the rest are fetched again when next shown.
 */
import type { QueryClient } from '@tanstack/react-query';
import { keys } from './keys';

/**
 * The teams an event write touches: the team on screen and the event's Team Tag(s) before and
 * after (an event's TeamTag as the API sends it: upper-case tags separated by spaces).
 */
export function eventTeams(shown: string, ...teamTags: Array<string | null | undefined>): string[] {
  return [...new Set([shown, ...teamTags.flatMap((t) => (t ? t.split(/\s+/).filter(Boolean) : []))])];
}

/** After an event write: the events list of each touched team (an edit may drop one) and every event's data. */
export function refreshEvents(qc: QueryClient, tags: readonly string[]) {
  return Promise.all([
    ...tags.map((tag) => qc.invalidateQueries({ queryKey: keys.teamEvents(tag) })),
    qc.invalidateQueries({ queryKey: keys.events }),
  ]);
}

/** After a squad move or rename: the team's roster and squad names, and every event (squad columns, summaries). */
export function refreshSquads(qc: QueryClient, tag: string) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: keys.roster(tag) }),
    qc.invalidateQueries({ queryKey: keys.squadNames(tag) }),
    qc.invalidateQueries({ queryKey: keys.events }),
  ]);
}

/**
 * After a bot flag: the bot marker and the boards that leave bots out. The roster and health of
 * `tag` (the racer's team; none when they have no team), the racer's info banner, every board,
 * every team's trackers (a racer shows in a former team's past days too), every event, and
 * /admin's list of flags.
 */
export function refreshAfterBotFlag(qc: QueryClient, tag: string | null, username: string) {
  return Promise.all([
    tag ? qc.invalidateQueries({ queryKey: keys.roster(tag) }) : null,
    tag ? qc.invalidateQueries({ queryKey: keys.health(tag) }) : null,
    // The hourly races list each racer with the flag (the Activity export's Bot column).
    qc.invalidateQueries({
      queryKey: keys.teams,
      predicate: (q) => q.queryKey[2] === 'races' && q.queryKey[3] === 'hourly',
    }),
    qc.invalidateQueries({ queryKey: keys.racerInfo(username) }),
    qc.invalidateQueries({ queryKey: keys.leaderboards }),
    qc.invalidateQueries({
      queryKey: keys.teams,
      predicate: (q) => q.queryKey[2] === 'participants',
    }),
    qc.invalidateQueries({ queryKey: keys.events }),
    qc.invalidateQueries({ queryKey: keys.botFlags }),
  ]);
}
