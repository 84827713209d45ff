import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '@/app/not-found';
import { CaseView } from '@/app/case-view';
import { DraftSearchSchema } from '@/features/incidents/new-case/draft-search';
import { caseSectionParam } from '@/lib/spec-routes';
import { searchParser } from '@/lib/url-params';

const positiveId = (s: string) => (/^\d{1,9}$/.test(s) && Number(s) > 0 ? Number(s) : null);

/** ?draft= (an edit draft to resume) and ?section= (open at the journal, further actions or assistance; issue #19) */
const CaseViewSearchSchema = searchParser({ ...DraftSearchSchema.shape, section: caseSectionParam });

/** /insidenView/{insidenId}: the incident detail page (§2.7) with the case journal and Lampiran Media. */
export const Route = createFileRoute('/insidenView/$insidenId')({
  validateSearch: CaseViewSearchSchema,
  component: function InsidenViewRoute() {
    const { insidenId } = Route.useParams();
    const { draft, section } = Route.useSearch();
    const id = positiveId(insidenId);
    if (id === null) return <NotFound />;
    return <CaseView incidentId={id} draftId={draft} section={section} />;
  },
});
