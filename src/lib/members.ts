/**
 * The team of the chosen racer ("This is me"), from GET /api/member-data-latest when it is
 * loaded, else as stored when they were chosen.
 */
import { skipToken, useQuery } from '@tanstack/react-query';
import { membersQueryOptions } from '../api/racers';
import { useMyRacer, type MyRacer } from './my-racer';

/** The chosen racer and their current team tag (null when no racer is chosen or they have none). */
export function useMyRacerWithTeam(): { me: MyRacer | null; myTeamTag: string | null } {
  const me = useMyRacer();
  const { data } = useQuery({ ...membersQueryOptions(), ...(me ? {} : { queryFn: skipToken }) });
  if (!me) return { me, myTeamTag: null };
  // Once the list is loaded it decides: a racer who left every tracked team has none.
  const myTeamTag = data ? (data.find((m) => m.Username === me.username)?.TeamTag ?? null) : me.teamTag;
  return { me, myTeamTag };
}
