import { lazy, memo, useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { can } from '@contract/roles';
import { DashboardScreen } from '@/features/dashboard/dashboard-screen';
import { type DashboardSearch, DashboardSearchSchema } from '@/features/dashboard/dashboard-search';
import { useSession, userRole } from '@/lib/session';

/** "Laporan peronda" (issue #30 item 2): the TMC's field reports above the dashboard's tabs, loaded on demand. */
const FieldReportPanel = memo(lazy(async () => ({ default: (await import('@/features/field-report/field-report-panel')).FieldReportPanel })));

export const Route = createFileRoute('/')({
  validateSearch: DashboardSearchSchema,
  component: function DashboardRoute() {
    const navigate = Route.useNavigate();
    const decides = can(userRole(useSession()?.user).name, 'fieldReportDecide');
    // one function for the route's life: the dashboard's panels are memoised on their props
    const onSearchChange = useCallback((search: DashboardSearch) => navigate({ search, replace: true }), [navigate]);
    return <DashboardScreen search={Route.useSearch()} onSearchChange={onSearchChange} topPanel={decides ? <FieldReportPanel /> : undefined} />;
  },
});
