import { createFileRoute } from '@tanstack/react-router';
import { RondaListScreen } from '@/features/rondas/ronda-list-screen';
import { parseRondaListSearch } from '@/features/rondas/ronda-search';

/** /listingronda: the rondas (patrol loops) of the user's region scope (issue #14 item 6). */
export const Route = createFileRoute('/listingronda')({
  validateSearch: parseRondaListSearch,
  component: function ListingRondaRoute() {
    const navigate = Route.useNavigate();
    return <RondaListScreen search={Route.useSearch()} onSearchChange={(search) => navigate({ search, replace: true })} />;
  },
});
