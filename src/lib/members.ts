/**
 * GET /api/member-data-latest: every tracked racer with display name and team, the list "Find
 * yourself" searches; and the team of the chosen racer ("This is me"), from that list when it is
 * loaded, else as stored when they were chosen.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberDataLatestResponse } from '../../contract/roster';
import { apiGet } from './api';
import { useMyRacer, type MyRacer } from './my-racer';

export function membersQueryOptions() {
  return queryOptions({
    queryKey: ['members-latest'] as const,
    queryFn: () => apiGet<MemberDataLatestResponse>('/api/member-data-latest'),
    staleTime: 5 * 60_000,
  });
}

/** The chosen racer and their current team tag (null when no racer is chosen or they have none). */
export function useMyRacerWithTeam(): { me: MyRacer | null; myTeamTag: string | null } {
  const me = useMyRacer();
  const { data } = useQuery({ ...membersQueryOptions(), enabled: !!me });
  if (!me) return { me, myTeamTag: null };
  // Once the list is loaded it decides: a racer who left every tracked team has none.
  const myTeamTag = data ? (data.find((m) => m.Username === me.username)?.TeamTag ?? null) : me.teamTag;
  return { me, myTeamTag };
}
