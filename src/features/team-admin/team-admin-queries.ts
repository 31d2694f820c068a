/**
 * Queries and writes of /teams/admin: the team's events, its members with their squads, and its
 * custom squad names. Keys sit under 'staff' so logging out can drop them; every write refreshes
 * what visitors see too (events lists, roster squads).
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AdminEventResponse, EventFormBody, PayToPlayBody } from '../../../contract/admin-events';
import type { TeamEventsResponse } from '../../../contract/events';
import type { CurrentDisplayNamesResponse } from '../../../contract/roster';
import type { SquadNamesResponse, SuccessResponse } from '../../../contract/staff';
import { apiGet, apiSend } from '../../lib/api';
import { EVENT_VIEWER_KEY_PREFIX, rosterQueryKey, teamEventsQueryKey } from '../../lib/query-keys';

export function teamEventsQueryOptions(tag: string) {
  return queryOptions({
    queryKey: ['staff', 'team-events', { tag }] as const,
    queryFn: () => apiGet<TeamEventsResponse>('/api/team-events', { tag }),
  });
}

export function squadMembersQueryOptions(tag: string) {
  return queryOptions({
    queryKey: ['staff', 'squad-members', { tag }] as const,
    queryFn: () => apiGet<CurrentDisplayNamesResponse>('/api/current-display-names', { tag }),
  });
}

export function squadNamesQueryOptions(tag: string) {
  return queryOptions({
    queryKey: ['staff', 'squad-names', { tag }] as const,
    queryFn: () => apiGet<SquadNamesResponse>('/api/squad-names', { tag }),
  });
}

export const createEvent = (body: EventFormBody) => apiSend<AdminEventResponse>('POST', '/api/admin/events', body);
export const updateEvent = (id: number, body: EventFormBody | PayToPlayBody) =>
  apiSend<AdminEventResponse>('PUT', `/api/admin/events/${id}`, body);
export const deleteEvent = (id: number) => apiSend<{ success: true }>('DELETE', `/api/admin/events/${id}`);

export const updateMemberSquad = (body: { username: string; squad: string; tag: string }) =>
  apiSend<SuccessResponse>('POST', '/api/update-member-squad', body);
export const updateSquadName = (body: { tag: string; squad: string; customName: string }) =>
  apiSend<SuccessResponse>('POST', '/api/update-custom-squad-name', body);

/**
 * The teams an event write touches: the team on screen and the event's Team Tag(s) before and
 * after (an event's TeamTag as the API sends it: upper-case tags separated by spaces).
 */
export function eventTeams(shown: string, ...teamTags: Array<string | null | undefined>): string[] {
  return [...new Set([shown, ...teamTags.flatMap((t) => (t ? t.split(/\s+/).filter(Boolean) : []))])];
}

/**
 * After an event write: this screen's list and the public events list of each touched team (an
 * edit that drops a team must leave that team's list too), and every open event viewer page.
 */
export function refreshEvents(qc: QueryClient, tags: readonly string[]) {
  return Promise.all([
    ...tags.flatMap((tag) => [
      qc.invalidateQueries({ queryKey: teamEventsQueryOptions(tag).queryKey }),
      qc.invalidateQueries({ queryKey: teamEventsQueryKey(tag) }),
    ]),
    qc.invalidateQueries({
      predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(EVENT_VIEWER_KEY_PREFIX),
    }),
  ]);
}

/** After a squad move or rename: the board, the names, the team's roster and every squad summary. */
export function refreshSquads(qc: QueryClient, tag: string) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: squadMembersQueryOptions(tag).queryKey }),
    qc.invalidateQueries({ queryKey: squadNamesQueryOptions(tag).queryKey }),
    qc.invalidateQueries({ queryKey: rosterQueryKey(tag) }),
    qc.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && /squad/i.test(q.queryKey[0]) }),
  ]);
}
