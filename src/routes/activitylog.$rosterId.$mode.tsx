import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '@/app/not-found';
import { ActivityLogScreen } from '@/features/activity-log/activity-log-screen';
import { EndOfDutyPrintScreen } from '@/features/end-of-duty/print-screen';
import { EndOfDutyReportScreen } from '@/features/end-of-duty/report-screen';
import { activityLogPath, dluReportParams } from '@/features/end-of-duty/end-of-duty-rules';

const MODES = ['edit', 'view', 'print'] as const;
type Mode = (typeof MODES)[number];
const isMode = (m: string): m is Mode => (MODES as readonly string[]).includes(m);

/**
 * /activitylog/{rosterId}/{mode} (§2.1; issue #15): 'edit' records the shift's activities (a patrol's tablet, offline
 * too), 'view' is the roster's end-of-duty report (its timeline and summary), 'print' the report's printable view.
 * The root guard asks 'reports' (ROUTE_PERMISSIONS '/activitylog/*'); recording is checked on the screen
 * (activityLogWrite, and the server's `can.editActivities`).
 */
/**
 * `?record=<event id>` opens that event's dialog at once (Syif saya's next-event button); `&back=syifsaya` returns
 * there once it is saved or cancelled.
 */
const validateSearch = (s: Record<string, unknown>): { record?: number; back?: 'syifsaya' } => {
  const record = Number(s.record);
  return {
    ...(Number.isInteger(record) && record > 0 ? { record } : {}),
    ...(s.back === 'syifsaya' ? { back: 'syifsaya' as const } : {}),
  };
};

export const Route = createFileRoute('/activitylog/$rosterId/$mode')({
  validateSearch,
  component: function ActivityLogRoute() {
    const search = Route.useSearch();
    const { rosterId, mode } = Route.useParams();
    const navigate = Route.useNavigate();
    const id = /^\d{1,9}$/.test(rosterId) && Number(rosterId) > 0 ? Number(rosterId) : null;
    if (id === null || !isMode(mode)) return <NotFound />;
    const go = (m: 'edit' | 'view') => void navigate({ to: '/activitylog/$rosterId/$mode', params: { rosterId: String(id), mode: m } });
    if (mode === 'print') return <EndOfDutyPrintScreen rosterId={id} />;
    if (mode === 'edit')
      return (
        <ActivityLogScreen
          key={id}
          rosterId={id}
          onOpenReport={() => go('view')}
          onBack={() => void navigate({ to: search.back === 'syifsaya' ? '/syifsaya' : '/dailyactivitylog' })}
          recordEvent={search.record}
          onRecorded={search.back === 'syifsaya' ? () => void navigate({ to: '/syifsaya' }) : undefined}
        />
      );
    return (
      <EndOfDutyReportScreen
        key={id}
        rosterId={id}
        onBack={() => void navigate({ to: '/dailyactivitylog' })}
        onRecord={() => go('edit')}
        onPrint={() => window.open(activityLogPath(id, 'print'), '_blank')}
        onOpenDlu={(report, kind) =>
          void navigate({ to: '/laporanmasalebuhraya/$rosterId/$seksyen/$team/$syif/$date/$dlullu', params: dluReportParams(report.roster, kind) })
        }
        onOpenCase={(incidentId) => void navigate({ to: '/insidenView/$insidenId', params: { insidenId: String(incidentId) } })}
      />
    );
  },
});
