import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '@/app/not-found';
import { SectionReportScreen } from '@/features/reports/section-report-screen';
import { parseSectionParam, parseSectionReportSearch } from '@/features/reports/reports-search';

/**
 * /laporanseksyen/{sectionId} (issue #17 item 8, report/Report1Section/{id}): one section's printable report of a
 * period; permission 'reports' (ROUTE_PERMISSIONS '/laporanseksyen/*'). A malformed id shows the not-found page.
 */
export const Route = createFileRoute('/laporanseksyen/$sectionId')({
  validateSearch: parseSectionReportSearch,
  component: function SectionReportRoute() {
    const { sectionId: raw } = Route.useParams();
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const sectionId = parseSectionParam(raw);
    if (sectionId === null) return <NotFound />;
    return (
      <SectionReportScreen
        key={sectionId}
        sectionId={sectionId}
        search={search}
        onSearchChange={(next) => void navigate({ search: next, replace: true })}
      />
    );
  },
});
