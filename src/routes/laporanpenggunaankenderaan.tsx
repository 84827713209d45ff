import { createFileRoute } from '@tanstack/react-router';
import { VehicleUsageScreen } from '@/features/roster-reports/vehicle-usage-screen';
import { parseReportScopeSearch } from '@/ui/report/report-search';

/** /laporanpenggunaankenderaan (§2.1): Laporan Penggunaan Kenderaan; permission 'reports' (ROUTE_PERMISSIONS). */
export const Route = createFileRoute('/laporanpenggunaankenderaan')({
  validateSearch: parseReportScopeSearch,
  component: function VehicleUsageRoute() {
    const navigate = Route.useNavigate();
    return <VehicleUsageScreen search={Route.useSearch()} onSearchChange={(search) => void navigate({ search, replace: true })} />;
  },
});
