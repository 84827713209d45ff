/**
 * A case as the detail page composes it: the incident form with its journal and Lampiran Media. Used by the route
 * /insidenView/{id} and by the full-screen case dialog a notification opens.
 */
import { lazy, Suspense } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { IncidentDetailScreen } from '@/features/incidents/detail/incident-detail-screen';
import { JournalPanel, MediaAttachments, journalKeys } from '@/features/journal';
import type { CaseSection } from '@/lib/spec-routes';

/** the case's map dialog (issue #7): OpenLayers loads when it is first opened, never with the page */
const MapDialog = lazy(() => import('@/features/map/map-dialog').then((m) => ({ default: m.MapDialog })));

export function CaseView({ incidentId, draftId, section }: { incidentId: number; draftId?: string; section?: CaseSection }) {
  const qc = useQueryClient();
  return (
    <IncidentDetailScreen
      key={incidentId}
      incidentId={incidentId}
      draftId={draftId}
      openSection={section}
      journal={({ incidentId: id, subformId, ticketNumber }) => <JournalPanel incidentId={id} subformId={subformId} ticketNumber={ticketNumber} />}
      media={({ incidentId: id, subformId, disabled }) => <MediaAttachments incidentId={id} subformId={subformId} disabled={disabled} />}
      onCaseChanged={() => void qc.invalidateQueries({ queryKey: journalKeys.all })}
      mapDialog={(p) => (
        <Suspense fallback={null}>
          <MapDialog {...p} />
        </Suspense>
      )}
    />
  );
}
