/** Team Admin (/teams/admin?tag: events and squads, admin or teamadmin only). */
import { createFileRoute } from '@tanstack/react-router';
import { TeamAdminPage } from '../../features/team-admin/team-admin-page';

export const Route = createFileRoute('/_team/teams/admin')({
  component: TeamAdminRoute,
});

function TeamAdminRoute() {
  const { tag } = Route.useSearch();
  return <TeamAdminPage tag={tag} />;
}
