import { createFileRoute } from '@tanstack/react-router';
import { LeaveListScreen } from '@/features/leave/leave-list-screen';
import { parseLeaveListSearch } from '@/features/leave/leave-search';

// permission 'adminOrg' is checked by the root guard through ROUTE_PERMISSIONS (src/lib/access.ts)
export const Route = createFileRoute('/listingleave')({
  validateSearch: parseLeaveListSearch,
  component: function ListingLeaveRoute() {
    const navigate = Route.useNavigate();
    return <LeaveListScreen search={Route.useSearch()} onSearchChange={(search) => void navigate({ search, replace: true })} />;
  },
});
