import { createFileRoute } from '@tanstack/react-router';
import { CasePickerScreen } from '@/features/case-picker/case-picker-screen';
import { CasePickerSearchSchema } from '@/features/case-picker/case-picker-search';

/** /furtheractions (§2.1): choose a case, then its detail page opens at its furtherActions part (permission 'viewCase'). */
export const Route = createFileRoute('/furtheractions')({
  validateSearch: CasePickerSearchSchema,
  component: function FurtheractionsRoute() {
    const navigate = Route.useNavigate();
    return <CasePickerScreen section="furtherActions" search={Route.useSearch()} onSearchChange={(search) => navigate({ search, replace: true })} />;
  },
});
