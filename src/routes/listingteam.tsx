import { createFileRoute } from '@tanstack/react-router';
import { TeamListScreen } from '@/features/teams/team-list-screen';
import { NEW_TEAM_PARAM, parseTeamListSearch } from '@/features/teams/teams-search';

// permission 'adminOrg' is checked by the root guard through ROUTE_PERMISSIONS (src/lib/access.ts)
export const Route = createFileRoute('/listingteam')({
  validateSearch: parseTeamListSearch,
  component: function ListingTeamRoute() {
    const navigate = Route.useNavigate();
    return (
      <TeamListScreen
        search={Route.useSearch()}
        onSearchChange={(search) => void navigate({ search, replace: true })}
        onOpen={(id) => void navigate({ to: '/createupdateteam/$teamId', params: { teamId: id === 'new' ? NEW_TEAM_PARAM : String(id) } })}
      />
    );
  },
});
