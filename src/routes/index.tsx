import { createFileRoute } from '@tanstack/react-router';
import { DashboardScreen } from '@/features/dashboard/dashboard-screen';
import { DashboardSearchSchema } from '@/features/dashboard/dashboard-search';

export const Route = createFileRoute('/')({
  validateSearch: DashboardSearchSchema,
  component: function DashboardRoute() {
    const navigate = Route.useNavigate();
    return <DashboardScreen search={Route.useSearch()} onSearchChange={(search) => navigate({ search, replace: true })} />;
  },
});
