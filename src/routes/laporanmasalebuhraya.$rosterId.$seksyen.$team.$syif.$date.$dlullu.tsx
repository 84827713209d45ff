import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '@/app/not-found';
import { MainlineReportScreen } from '@/features/mainline-report/mainline-report-screen';
import { parseDluParams } from '@/features/mainline-report/mainline-rules';

/**
 * /laporanmasalebuhraya/{rosterId}/{seksyen}/{team}/{syif}/{date}/{dlullu} (§2.1; issue #15): the time-on-mainline
 * report of one roster, DLU or LLU highlighted; permission 'reports' (ROUTE_PERMISSIONS '/laporanmasalebuhraya/*').
 */
export const Route = createFileRoute('/laporanmasalebuhraya/$rosterId/$seksyen/$team/$syif/$date/$dlullu')({
  component: function LaporanMasaLebuhrayaRosterRoute() {
    const raw = Route.useParams();
    const navigate = Route.useNavigate();
    const params = parseDluParams(raw);
    if (!params) return <NotFound />;
    return (
      <MainlineReportScreen
        key={params.rosterId}
        params={params}
        onHighlight={(dlullu) =>
          void navigate({ to: '/laporanmasalebuhraya/$rosterId/$seksyen/$team/$syif/$date/$dlullu', params: { ...raw, dlullu }, replace: true })
        }
        onBack={() => void navigate({ to: '/activitylog/$rosterId/$mode', params: { rosterId: String(params.rosterId), mode: 'view' } })}
      />
    );
  },
});
