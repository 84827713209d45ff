import { createFileRoute } from '@tanstack/react-router';
import { NewCaseScreen } from '@/features/incidents/new-case/new-case-screen';
import { DraftSearchSchema } from '@/features/incidents/new-case/draft-search';

/** /kesbaru, ?draft=<id> resumes a saved draft (issue #4). */
export const Route = createFileRoute('/kesbaru')({
  validateSearch: DraftSearchSchema,
  component: function KesBaruRoute() {
    const { draft } = Route.useSearch();
    return <NewCaseScreen key={draft ?? 'new'} draftId={draft} />;
  },
});
