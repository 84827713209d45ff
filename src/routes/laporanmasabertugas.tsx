import { createFileRoute } from '@tanstack/react-router';
import { WorkDurationScreen } from '@/features/roster-reports/work-duration-screen';
import { parseWorkSearch } from '@/features/roster-reports/roster-reports-search';

/** /laporanmasabertugas (§2.1): Laporan Masa Bertugas, per person or per team (`group`); permission 'reports' (ROUTE_PERMISSIONS). */
export const Route = createFileRoute('/laporanmasabertugas')({
  validateSearch: parseWorkSearch,
  component: function WorkDurationRoute() {
    const navigate = Route.useNavigate();
    return <WorkDurationScreen search={Route.useSearch()} onSearchChange={(search) => void navigate({ search, replace: true })} />;
  },
});
