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
export const updateEvent = (id: number, body: EventFormBody | PayToPlayBody) => apiSend<AdminEventResponse>('PUT', `/api/admin/events/${id}`, body);
export const deleteEvent = (id: number) => apiSend<{ success: true }>('DELETE', `/api/admin/events/${id}`);

export const updateMemberSquad = (body: { username: string; squad: string; tag: string }) =>
  apiSend<SuccessResponse>('POST', '/api/update-member-squad', body);
export const updateSquadName = (body: { tag: string; squad: string; customName: string }) =>
  apiSend<SuccessResponse>('POST', '/api/update-custom-squad-name', body);

/** After an event write: this screen's list and every public events screen. */
export function refreshEvents(qc: QueryClient, tag: string) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: teamEventsQueryOptions(tag).queryKey }),
    qc.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0] !== 'staff' && /event/i.test(q.queryKey[0]) }),
  ]);
}

/** After a squad write: the board, the names, and the roster's squad column. */
export function refreshSquads(qc: QueryClient, tag: string) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: squadMembersQueryOptions(tag).queryKey }),
    qc.invalidateQueries({ queryKey: squadNamesQueryOptions(tag).queryKey }),
    qc.invalidateQueries({ queryKey: ['current-display-names'] }),
    qc.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && /squad/i.test(q.queryKey[0]) }),
  ]);
}
