import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '@/app/not-found';
import { RosterEditScreen } from '@/features/roster/roster-edit-screen';
import { parseRosterNewSearch, parseRosterParam } from '@/features/roster/roster-search';

/**
 * /createupdateroster/{rosterId} (§2.1): a roster's form, lifecycle and history; /createupdateroster/baru for a new one
 * (?sectionId=&date= from the list). Permission 'rosterManage' through ROUTE_PERMISSIONS (src/lib/access.ts).
 */
export const Route = createFileRoute('/createupdateroster/$rosterId')({
  validateSearch: parseRosterNewSearch,
  component: function CreateUpdateRosterRoute() {
    const { rosterId } = Route.useParams();
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const id = parseRosterParam(rosterId);
    if (id === null) return <NotFound />;
    return (
      <RosterEditScreen
        key={rosterId}
        rosterId={id}
        preset={search}
        onSaved={(saved) => void navigate({ to: '/createupdateroster/$rosterId', params: { rosterId: String(saved) }, search: {}, replace: true })}
        onBack={() => void navigate({ to: '/listingroster' })}
      />
    );
  },
});
