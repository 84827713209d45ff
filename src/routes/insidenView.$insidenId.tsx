import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '@/app/not-found';
import { CaseView } from '@/app/case-view';
import { DraftSearchSchema } from '@/features/incidents/new-case/draft-search';

const positiveId = (s: string) => (/^\d{1,9}$/.test(s) && Number(s) > 0 ? Number(s) : null);

/** /insidenView/{insidenId}: the incident detail page (§2.7) with the case journal and Lampiran Media. */
export const Route = createFileRoute('/insidenView/$insidenId')({
  validateSearch: DraftSearchSchema,
  component: function InsidenViewRoute() {
    const { insidenId } = Route.useParams();
    const { draft } = Route.useSearch();
    const id = positiveId(insidenId);
    if (id === null) return <NotFound />;
    return <CaseView incidentId={id} draftId={draft} />;
  },
});
