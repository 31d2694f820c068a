/** "This is me" (/racers/find-me): search the racers and pick yourself. */
import { createFileRoute } from '@tanstack/react-router';
import { FindMePage } from '../features/me/find-me-page';
import { membersQueryOptions } from '../lib/members';

export const Route = createFileRoute('/racers/find-me')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(membersQueryOptions());
  },
  component: FindMePage,
});
