/** "This is me" (/racers/find-me): search the racers and pick yourself. */
import { createFileRoute } from '@tanstack/react-router';
import { preload } from '../api/preload';
import { membersQueryOptions } from '../api/racers';
import { FindMePage } from '../features/me/find-me-page';

export const Route = createFileRoute('/racers/find-me')({
  loader: ({ context }) => preload(context.queryClient, membersQueryOptions()),
  component: FindMePage,
});
