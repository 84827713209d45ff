import { createFileRoute } from '@tanstack/react-router';
import { FieldReportButton, MyFieldReports } from '@/features/field-report/my-field-reports';
import { MyShiftScreen } from '@/features/my-shift/my-shift-screen';
import type { ShiftToWarm } from '@/app/shift-warmup';
import { can } from '@contract/roles';
import { useSession, userRole } from '@/lib/session';

// the warm-up (the shift's screens and cases kept for offline use) runs once a fresh answer has come, after the screen
// is on the page: its code (the journal's, the activity log's, the checklist's and the case's calls) loads then, not
// before the patrol's first screen
const warmShift = (shift: ShiftToWarm) =>
  void import('@/app/shift-warmup').then(
    (m) => m.warmShift(shift),
    (err: unknown) => console.warn('[warm] the warm-up could not load', err),
  );

/**
 * /syifsaya (issue #30 item 1): "Syif saya", the patrol's one home for the shift (its landing page while a roster of
 * theirs covers now, src/routes/index.tsx). The root guard asks 'activityLogWrite' (ROUTE_PERMISSIONS); the menu
 * shows it to the patrol roles (contract/menu.ts). The field report's part (issue #30 item 2, src/features/field-report/)
 * is the patrol's (fieldReportWrite): "Lapor kejadian" under the roster, "Laporan saya" after the steps.
 */
export const Route = createFileRoute('/syifsaya')({
  component: function MyShiftRoute() {
    const navigate = Route.useNavigate();
    const user = useSession()?.user;
    const userId = user?.userId;
    const reports = can(userRole(user).name, 'fieldReportWrite');
    const openCase = (incidentId: number) => void navigate({ to: '/insidenView/$insidenId', params: { insidenId: String(incidentId) } });
    return (
      <MyShiftScreen
        onOpenChecklist={(id) => void navigate({ to: '/senaraisemak/$rosterId', params: { rosterId: String(id) } })}
        onOpenActivityLog={(id, record) =>
          void navigate({
            to: '/activitylog/$rosterId/$mode',
            params: { rosterId: String(id), mode: 'edit' },
            search: record === undefined ? {} : { record, back: 'syifsaya' },
          })
        }
        onOpenReport={(id) => void navigate({ to: '/activitylog/$rosterId/$mode', params: { rosterId: String(id), mode: 'view' } })}
        onOpenCase={openCase}
        onShiftLoaded={userId ? (shift) => warmShift({ userId, ...shift }) : undefined}
        reportAction={reports ? (roster) => <FieldReportButton roster={roster} /> : undefined}
        fieldReports={reports ? () => <MyFieldReports onOpenCase={openCase} /> : undefined}
      />
    );
  },
});
