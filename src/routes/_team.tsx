/** Layout of the team routes: validates and keeps `tag` across the team sub-tabs. */
import { createFileRoute, retainSearchParams } from '@tanstack/react-router';
import { TeamLayout } from '../features/app-shell/team-layout';
import { teamSearchSchema } from '../lib/search';

export const Route = createFileRoute('/_team')({
  validateSearch: teamSearchSchema,
  search: { middlewares: [retainSearchParams(['tag'])] },
  component: TeamLayout,
});
