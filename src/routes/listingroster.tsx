import { createFileRoute } from '@tanstack/react-router';
import { RosterListScreen } from '@/features/roster/roster-list-screen';
import { parseRosterListSearch } from '@/features/roster/roster-search';

export const Route = createFileRoute('/listingroster')({
  validateSearch: parseRosterListSearch,
  component: function ListingRosterRoute() {
    const navigate = Route.useNavigate();
    return (
      <RosterListScreen
        search={Route.useSearch()}
        onSearchChange={(search) => navigate({ search, replace: true })}
        onNew={(preset) => void navigate({ to: '/createupdateroster/$rosterId', params: { rosterId: 'baru' }, search: preset })}
      />
    );
  },
});
