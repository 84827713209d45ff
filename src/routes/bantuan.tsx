import { createFileRoute } from '@tanstack/react-router';
import { CasePickerScreen } from '@/features/case-picker/case-picker-screen';
import { CasePickerSearchSchema } from '@/features/case-picker/case-picker-search';

/** /bantuan (§2.1): choose a case, then its detail page opens at its assistance part (permission 'viewCase'). */
export const Route = createFileRoute('/bantuan')({
  validateSearch: CasePickerSearchSchema,
  component: function BantuanRoute() {
    const navigate = Route.useNavigate();
    return <CasePickerScreen section="assistance" search={Route.useSearch()} onSearchChange={(search) => navigate({ search, replace: true })} />;
  },
});
