import { createFileRoute } from '@tanstack/react-router';
import { NewCaseScreen } from '@/features/incidents/new-case/new-case-screen';
import { DraftSearchSchema } from '@/features/incidents/new-case/draft-search';
import { eventTypeParam } from '@/lib/spec-routes';
import { searchParser, wholeNumber } from '@/lib/url-params';

/**
 * /kesbaru, ?draft=<id> resumes a saved draft (issue #4); ?type=<184–190> opens the form with that event type chosen
 * (the §2.1 subform routes /accidentsubform … /lainlain send the user here, issue #19); ?fieldReport=<id> opens it
 * prefilled from a patrol's field report, whose save accepts the report (Terima, issue #30 item 2).
 */
const NewCaseSearchSchema = searchParser({ ...DraftSearchSchema.shape, type: eventTypeParam, fieldReport: wholeNumber((n) => n > 0) });

export const Route = createFileRoute('/kesbaru')({
  validateSearch: NewCaseSearchSchema,
  component: function KesBaruRoute() {
    const { draft, type, fieldReport } = Route.useSearch();
    return (
      <NewCaseScreen
        key={draft ?? `new-${type ?? ''}-${fieldReport ?? ''}`}
        draftId={draft}
        eventTypeId={type}
        fieldReportId={draft ? undefined : fieldReport}
      />
    );
  },
});
