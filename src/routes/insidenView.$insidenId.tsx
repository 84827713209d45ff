import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '@/app/not-found';
import { IncidentDetailScreen } from '@/features/incidents/detail/incident-detail-screen';
import { JournalPanel, MediaAttachments, journalKeys } from '@/features/journal';
import { DraftSearchSchema } from '@/features/incidents/new-case/draft-search';

const positiveId = (s: string) => (/^\d{1,9}$/.test(s) && Number(s) > 0 ? Number(s) : null);

/** /insidenView/{insidenId}: the incident detail page (§2.7) with the case journal and Lampiran Media. */
export const Route = createFileRoute('/insidenView/$insidenId')({
  validateSearch: DraftSearchSchema,
  component: function InsidenViewRoute() {
    const { insidenId } = Route.useParams();
    const { draft } = Route.useSearch();
    const qc = useQueryClient();
    const id = positiveId(insidenId);
    if (id === null) return <NotFound />;
    return (
      <IncidentDetailScreen
        key={id}
        incidentId={id}
        draftId={draft}
        journal={({ incidentId, subformId, ticketNumber }) => <JournalPanel incidentId={incidentId} subformId={subformId} ticketNumber={ticketNumber} />}
        media={({ incidentId, subformId, disabled }) => <MediaAttachments incidentId={incidentId} subformId={subformId} disabled={disabled} />}
        onCaseChanged={() => void qc.invalidateQueries({ queryKey: journalKeys.all })}
      />
    );
  },
});
