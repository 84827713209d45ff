import { lazy } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { can } from '@contract/roles';
import { DashboardScreen } from '@/features/dashboard/dashboard-screen';
import { DashboardSearchSchema } from '@/features/dashboard/dashboard-search';
import { useSession, userRole } from '@/lib/session';

/** "Laporan peronda" (issue #30 item 2): the TMC's field reports above the dashboard's tabs, loaded on demand. */
const FieldReportPanel = lazy(async () => ({ default: (await import('@/features/field-report/field-report-panel')).FieldReportPanel }));

export const Route = createFileRoute('/')({
  validateSearch: DashboardSearchSchema,
  component: function DashboardRoute() {
    const navigate = Route.useNavigate();
    const decides = can(userRole(useSession()?.user).name, 'fieldReportDecide');
    return (
      <DashboardScreen
        search={Route.useSearch()}
        onSearchChange={(search) => navigate({ search, replace: true })}
        topPanel={decides ? <FieldReportPanel /> : undefined}
      />
    );
  },
});
