import { createFileRoute } from '@tanstack/react-router';
import { MainlineListScreen } from '@/features/roster-reports/mainline-list-screen';
import { parsePagedReportSearch } from '@/features/roster-reports/roster-reports-search';

/**
 * /laporanmasalebuhraya (§2.1): Laporan Masa Dalam Laluan Utama (DLU) of a period; permission 'reports'
 * (ROUTE_PERMISSIONS). An index route, so the one-roster report /laporanmasalebuhraya/{rosterId}/… stays its sibling.
 */
export const Route = createFileRoute('/laporanmasalebuhraya/')({
  validateSearch: parsePagedReportSearch,
  component: function MainlineListRoute() {
    const navigate = Route.useNavigate();
    return <MainlineListScreen search={Route.useSearch()} onSearchChange={(search) => void navigate({ search, replace: true })} />;
  },
});
