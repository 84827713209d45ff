import { createFileRoute } from '@tanstack/react-router';
import { LoopingReportScreen } from '@/features/roster-reports/looping-report-screen';
import { parsePagedReportSearch } from '@/features/roster-reports/roster-reports-search';

/** /laporanrondaan (LoopingReportV2, issue #17 item 8): Laporan Rondaan, rondas completed per roster against the plan; permission 'reports' (ROUTE_PERMISSIONS). */
export const Route = createFileRoute('/laporanrondaan')({
  validateSearch: parsePagedReportSearch,
  component: function LoopingReportRoute() {
    const navigate = Route.useNavigate();
    return <LoopingReportScreen search={Route.useSearch()} onSearchChange={(search) => void navigate({ search, replace: true })} />;
  },
});
