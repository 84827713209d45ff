import { createFileRoute } from '@tanstack/react-router';
import { NewCaseScreen } from '@/features/incidents/new-case/new-case-screen';
import { DraftSearchSchema } from '@/features/incidents/new-case/draft-search';
import { eventTypeParam } from '@/lib/spec-routes';
import { searchParser } from '@/lib/url-params';

/**
 * /kesbaru, ?draft=<id> resumes a saved draft (issue #4); ?type=<184–190> opens the form with that event type chosen
 * (the §2.1 subform routes /accidentsubform … /lainlain send the user here, issue #19).
 */
const NewCaseSearchSchema = searchParser({ ...DraftSearchSchema.shape, type: eventTypeParam });

export const Route = createFileRoute('/kesbaru')({
  validateSearch: NewCaseSearchSchema,
  component: function KesBaruRoute() {
    const { draft, type } = Route.useSearch();
    return <NewCaseScreen key={draft ?? `new-${type ?? ''}`} draftId={draft} eventTypeId={type} />;
  },
});
