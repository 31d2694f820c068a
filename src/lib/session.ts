/** The login state as a hook (GET /api/me, src/api/session.ts). */
import { useQuery } from '@tanstack/react-query';
import type { MeResponse } from '../../contract/auth';
import { LOGGED_OUT, meQueryOptions } from '../api/session';

export function useMe(): MeResponse {
  return useQuery(meQueryOptions()).data ?? LOGGED_OUT;
}
