import { createFileRoute } from '@tanstack/react-router';
import { StaffingScreen } from '@/features/roster/staffing-screen';
import { parseStaffingSearch } from '@/features/roster/roster-search';

/** /staffingroster (issue #15): section × shift of a day, gaps flagged, people on leave. Permission 'rosterList'. */
export const Route = createFileRoute('/staffingroster')({
  validateSearch: parseStaffingSearch,
  component: function StaffingRosterRoute() {
    const navigate = Route.useNavigate();
    return <StaffingScreen search={Route.useSearch()} onSearchChange={(search) => void navigate({ search, replace: true })} />;
  },
});
