import { createFileRoute } from '@tanstack/react-router';
import { CasePickerScreen } from '@/features/case-picker/case-picker-screen';
import { CasePickerSearchSchema } from '@/features/case-picker/case-picker-search';

/** /journalEntry (§2.1): choose a case, then its detail page opens at its journal part (permission 'viewCase'). */
export const Route = createFileRoute('/journalEntry')({
  validateSearch: CasePickerSearchSchema,
  component: function JournalEntryRoute() {
    const navigate = Route.useNavigate();
    return <CasePickerScreen section="journal" search={Route.useSearch()} onSearchChange={(search) => navigate({ search, replace: true })} />;
  },
});
