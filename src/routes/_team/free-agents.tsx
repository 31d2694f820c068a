/** Free agents (/free-agents?tag): racers who recently left a tracked team and are on none now. */
import { createFileRoute } from '@tanstack/react-router';
import { freeAgentsQueryOptions } from '../../api/hall-of-fame';
import { preload } from '../../api/preload';
import { FreeAgentsPage } from '../../features/free-agents/free-agents-page';

export const Route = createFileRoute('/_team/free-agents')({
  loader: ({ context: { queryClient } }) => {
    preload(queryClient, freeAgentsQueryOptions());
  },
  component: FreeAgentsPage,
});
