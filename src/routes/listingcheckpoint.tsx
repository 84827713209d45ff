import { createFileRoute } from '@tanstack/react-router';
import { CheckpointListScreen } from '@/features/rondas/checkpoint-list-screen';
import { parseCheckpointListSearch } from '@/features/rondas/ronda-search';

/** /listingcheckpoint: every ronda checkpoint of the user's region scope, filtered by ronda or section. */
export const Route = createFileRoute('/listingcheckpoint')({
  validateSearch: parseCheckpointListSearch,
  component: function ListingCheckpointRoute() {
    const navigate = Route.useNavigate();
    return <CheckpointListScreen search={Route.useSearch()} onSearchChange={(search) => navigate({ search, replace: true })} />;
  },
});
