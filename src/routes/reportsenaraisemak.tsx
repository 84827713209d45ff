import { createFileRoute } from '@tanstack/react-router';
import { ChecklistReportScreen } from '@/features/checklist/checklist-report-screen';
import { parseReportSearch } from '@/features/checklist/checklist-search';

/** /reportsenaraisemak (§2.1): Laporan Senarai Semak, the daily vehicle checklists; permission 'reportChecklist' (ROUTE_PERMISSIONS). */
export const Route = createFileRoute('/reportsenaraisemak')({
  validateSearch: parseReportSearch,
  component: function ChecklistReportRoute() {
    const navigate = Route.useNavigate();
    return <ChecklistReportScreen search={Route.useSearch()} onSearchChange={(search) => void navigate({ search, replace: true })} />;
  },
});
