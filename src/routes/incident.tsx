import { createFileRoute } from '@tanstack/react-router';
import { CaseSearchScreen } from '@/features/case-search/case-search-screen';
import { CaseSearchSchema } from '@/features/case-search/case-search-search';

export const Route = createFileRoute('/incident')({
  validateSearch: CaseSearchSchema,
  component: function IncidentListRoute() {
    const navigate = Route.useNavigate();
    return <CaseSearchScreen mode="all" search={Route.useSearch()} onSearchChange={(search) => navigate({ search, replace: true })} />;
  },
});
