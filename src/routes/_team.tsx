/** Layout of the team routes: validates and keeps `tag` across the team sub-tabs. */
import { createFileRoute, retainSearchParams } from '@tanstack/react-router';
import { preload } from '../api/preload';
import { teamTagsQueryOptions } from '../api/teams';
import { TeamLayout } from '../features/app-shell/team-layout';
import { teamSearchSchema } from '../lib/search';

export const Route = createFileRoute('/_team')({
  validateSearch: teamSearchSchema,
  search: { middlewares: [retainSearchParams(['tag'])] },
  // The team picker's list: a page the server draws carries it, so the app hydrates what it drew.
  loader: ({ context: { queryClient } }) => preload(queryClient, teamTagsQueryOptions()),
  component: TeamLayout,
});
