/** User management (/admin), admins only. */
import { createFileRoute } from '@tanstack/react-router';
import { AdminPage } from '../features/admin-users/admin-page';

export const Route = createFileRoute('/admin')({
  component: AdminPage,
});
