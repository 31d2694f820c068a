/** GET /api/event-payouts/{id} (public) and the staff write that marks a winner paid or unpaid. */
import { queryOptions } from '@tanstack/react-query';
import type { EventPayoutsResponse, MarkPayoutBody, MarkPayoutResponse } from '../../../contract/payouts';
import { apiGet, apiSend } from '../../lib/api';

export const payoutsQueryKey = (eventId: number) => ['event-payouts', { eventId }] as const;

export function payoutsQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: payoutsQueryKey(eventId),
    queryFn: () => apiGet<EventPayoutsResponse>(`/api/event-payouts/${eventId}`),
  });
}

export const markPayout = (eventId: number, body: MarkPayoutBody) =>
  apiSend<MarkPayoutResponse>('POST', `/api/event-payouts/${eventId}/mark`, body);
