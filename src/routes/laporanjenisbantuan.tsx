import { createFileRoute } from '@tanstack/react-router';
import { AssistanceReportScreen } from '@/features/reports/assistance-report-screen';
import { parseReportScopeSearch } from '@/ui/report/report-search';

/** /laporanjenisbantuan (§2.1): Laporan Jenis Bantuan Lain-Lain; permission 'reportOtherAssistance' (ROUTE_PERMISSIONS: the Dashboard roles and OTHERS, §6). */
export const Route = createFileRoute('/laporanjenisbantuan')({
  validateSearch: parseReportScopeSearch,
  component: function AssistanceReportRoute() {
    const navigate = Route.useNavigate();
    return <AssistanceReportScreen search={Route.useSearch()} onSearchChange={(search) => void navigate({ search, replace: true })} />;
  },
});
