/** Trackers (/trackers?tag): a chosen tag moves into the path, /trackers/{tag}. */
import { createFileRoute, redirect } from '@tanstack/react-router';
import { TrackersPage } from '../../features/trackers/trackers-page';

export const Route = createFileRoute('/_team/trackers/')({
  beforeLoad: ({ search }) => {
    if (search.tag)
      throw redirect({
        to: '/trackers/$tag',
        params: { tag: search.tag },
        search: (prev) => ({ ...prev, tag: undefined }),
        replace: true,
      });
  },
  component: () => <TrackersPage tag={undefined} />,
});
