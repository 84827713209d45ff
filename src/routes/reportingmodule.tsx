import { createFileRoute } from '@tanstack/react-router';
import { HubScreen } from '@/features/reports/hub-screen';
import { parseReportScopeSearch } from '@/ui/report/report-search';

/** /reportingmodule (§2.1, issue #17 item 7): Modul Laporan, the reports hub with the KPI overview; permission 'reportHub' (ROUTE_PERMISSIONS). */
export const Route = createFileRoute('/reportingmodule')({
  validateSearch: parseReportScopeSearch,
  component: function ReportingModuleRoute() {
    const navigate = Route.useNavigate();
    return <HubScreen search={Route.useSearch()} onSearchChange={(search) => void navigate({ search, replace: true })} />;
  },
});
