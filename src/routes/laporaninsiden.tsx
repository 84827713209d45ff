import { createFileRoute } from '@tanstack/react-router';
import { IncidentReportScreen } from '@/features/reports/incident-report-screen';
import { parseIncidentReportSearch } from '@/features/reports/reports-search';

/** /laporaninsiden (§2.1): Laporan Insiden TMC & Masa Tindak Balas, with the event type (`category`); permission 'reports' (ROUTE_PERMISSIONS). */
export const Route = createFileRoute('/laporaninsiden')({
  validateSearch: parseIncidentReportSearch,
  component: function IncidentReportRoute() {
    const navigate = Route.useNavigate();
    return <IncidentReportScreen search={Route.useSearch()} onSearchChange={(search) => void navigate({ search, replace: true })} />;
  },
});
