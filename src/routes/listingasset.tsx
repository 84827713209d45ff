import { createFileRoute } from '@tanstack/react-router';
import { AssetListScreen } from '@/features/fleet/asset-list-screen';
import { parseAssetListSearch } from '@/features/fleet/fleet-search';

// the root guard checks the route permission (src/lib/access.ts: readOrg); changing needs 'fleetManage', which the screen mirrors
export const Route = createFileRoute('/listingasset')({
  validateSearch: parseAssetListSearch,
  component: function ListingAssetRoute() {
    const navigate = Route.useNavigate();
    return <AssetListScreen search={Route.useSearch()} onSearchChange={(search) => void navigate({ search, replace: true })} />;
  },
});
