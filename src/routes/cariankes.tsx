import { createFileRoute } from '@tanstack/react-router';
import { CaseSearchScreen } from '@/features/case-search/case-search-screen';
import { CaseSearchSchema } from '@/features/case-search/case-search-search';

export const Route = createFileRoute('/cariankes')({
  validateSearch: CaseSearchSchema,
  component: function CarianKesRoute() {
    const navigate = Route.useNavigate();
    return <CaseSearchScreen mode="search" search={Route.useSearch()} onSearchChange={(search) => navigate({ search, replace: true })} />;
  },
});
