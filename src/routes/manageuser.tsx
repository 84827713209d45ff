import { createFileRoute } from '@tanstack/react-router';
import { ManageUsersScreen } from '@/features/users/manage-users-screen';
import { parseManageUserSearch } from '@/features/users/users-search';

export const Route = createFileRoute('/manageuser')({
  validateSearch: parseManageUserSearch,
  component: function ManageUserRoute() {
    const navigate = Route.useNavigate();
    return <ManageUsersScreen search={Route.useSearch()} onSearchChange={(search) => navigate({ search, replace: true })} />;
  },
});
