import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '@/app/not-found';
import { ChecklistScreen } from '@/features/checklist/checklist-screen';

/**
 * /senaraisemak/{rosterId} (issue #16): the daily vehicle and asset checklist of a roster, on the patrol's tablet
 * (offline too). The root guard asks 'checklistWrite' (ROUTE_PERMISSIONS '/senaraisemak/*'); the server's
 * `can.save` says whether this caller may record it.
 */
export const Route = createFileRoute('/senaraisemak/$rosterId')({
  component: function ChecklistRoute() {
    const { rosterId } = Route.useParams();
    const navigate = Route.useNavigate();
    const id = /^\d{1,9}$/.test(rosterId) && Number(rosterId) > 0 ? Number(rosterId) : null;
    if (id === null) return <NotFound />;
    return (
      <ChecklistScreen
        key={id}
        rosterId={id}
        onBack={() => void navigate({ to: '/dailyactivitylog' })}
        onOpenActivityLog={() => void navigate({ to: '/activitylog/$rosterId/$mode', params: { rosterId: String(id), mode: 'edit' } })}
      />
    );
  },
});
