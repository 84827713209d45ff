import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '@/app/not-found';
import { TeamEditScreen } from '@/features/teams/team-edit-screen';
import { parseTeamParam } from '@/features/teams/teams-search';

/** /createupdateteam/{teamId} (§2.1): a team's details, members, schedule and history; /createupdateteam/baru for a new team. */
export const Route = createFileRoute('/createupdateteam/$teamId')({
  component: function CreateUpdateTeamRoute() {
    const { teamId } = Route.useParams();
    const navigate = Route.useNavigate();
    const id = parseTeamParam(teamId);
    if (id === null) return <NotFound />;
    return (
      <TeamEditScreen
        key={teamId}
        teamId={id}
        onSaved={(saved) => void navigate({ to: '/createupdateteam/$teamId', params: { teamId: String(saved) }, replace: true })}
        onBack={() => void navigate({ to: '/listingteam' })}
      />
    );
  },
});
