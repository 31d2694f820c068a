/** Query options of a racer's Bests tab and of the head-to-head comparison. */
import { queryOptions } from '@tanstack/react-query';
import type { RacerBestsResponse, RacerCompareResponse } from '../../../contract/racer-pages';
import { apiGet } from '../../lib/api';

export function racerBestsQueryOptions(username: string) {
  return queryOptions({
    queryKey: ['racer-bests', { username }] as const,
    queryFn: () => apiGet<RacerBestsResponse>('/api/racer-bests', { username }),
  });
}

export interface CompareSelection {
  a: string;
  b: string;
  from: string;
  to: string;
}

export function racerCompareQueryOptions(s: CompareSelection) {
  return queryOptions({
    queryKey: ['racer-compare', { a: s.a, b: s.b, from: s.from, to: s.to }] as const,
    queryFn: () => apiGet<RacerCompareResponse>('/api/racer-compare', { a: s.a, b: s.b, from: s.from, to: s.to }),
  });
}
