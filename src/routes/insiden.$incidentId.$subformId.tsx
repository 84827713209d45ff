import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '@/app/not-found';
import { IncidentPrintScreen } from '@/features/incidents/print/print-screen';

const id = (s: string, allowZero = false) => (/^\d{1,9}$/.test(s) && (allowZero || Number(s) > 0) ? Number(s) : null);

/** /insiden/{incidentId}/{subformId} (route name InsidenViewPrint): the printable incident view, without the shell. */
export const Route = createFileRoute('/insiden/$incidentId/$subformId')({
  component: function InsidenViewPrint() {
    const params = Route.useParams();
    const incidentId = id(params.incidentId);
    const subformId = id(params.subformId, true);
    if (incidentId === null || subformId === null) return <NotFound />;
    return <IncidentPrintScreen incidentId={incidentId} subformId={subformId} />;
  },
});
