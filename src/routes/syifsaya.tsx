import { createFileRoute } from '@tanstack/react-router';
import { MyShiftScreen } from '@/features/my-shift/my-shift-screen';

/**
 * /syifsaya (issue #30 item 1): "Syif saya", the patrol's one home for the shift (its landing page while a roster of
 * theirs covers now, src/routes/index.tsx). The root guard asks 'activityLogWrite' (ROUTE_PERMISSIONS); the menu
 * shows it to the patrol roles (contract/menu.ts).
 */
export const Route = createFileRoute('/syifsaya')({
  component: function MyShiftRoute() {
    const navigate = Route.useNavigate();
    return (
      <MyShiftScreen
        onOpenChecklist={(id) => void navigate({ to: '/senaraisemak/$rosterId', params: { rosterId: String(id) } })}
        onOpenActivityLog={(id) => void navigate({ to: '/activitylog/$rosterId/$mode', params: { rosterId: String(id), mode: 'edit' } })}
        onOpenReport={(id) => void navigate({ to: '/activitylog/$rosterId/$mode', params: { rosterId: String(id), mode: 'view' } })}
        onOpenCase={(incidentId) => void navigate({ to: '/insidenView/$insidenId', params: { insidenId: String(incidentId) } })}
      />
    );
  },
});
