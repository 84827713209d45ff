import { createFileRoute } from '@tanstack/react-router';
import { EndOfDutyListScreen } from '@/features/end-of-duty/end-of-duty-list-screen';
import { parseEndOfDutySearch } from '@/features/end-of-duty/end-of-duty-rules';

/** /dailyactivitylog (§2.1): Laporan Tamat Tugas, the end-of-duty reports; permission 'reports' (ROUTE_PERMISSIONS). */
export const Route = createFileRoute('/dailyactivitylog')({
  validateSearch: parseEndOfDutySearch,
  component: function DailyActivityLogRoute() {
    const navigate = Route.useNavigate();
    const open = (rosterId: number, mode: 'edit' | 'view') =>
      void navigate({ to: '/activitylog/$rosterId/$mode', params: { rosterId: String(rosterId), mode } });
    return (
      <EndOfDutyListScreen
        search={Route.useSearch()}
        onSearchChange={(search) => void navigate({ search, replace: true })}
        onOpen={(id) => open(id, 'view')}
        onRecord={(id) => open(id, 'edit')}
      />
    );
  },
});
