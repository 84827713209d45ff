import { createFileRoute } from '@tanstack/react-router';
import { AssetFormScreen } from '@/features/fleet/asset-form-screen';
import { fleetIdParam } from '@/features/fleet/fleet-search';

/** /createupdateasset/{assetId}: edit an asset, its history, delete (fleetManage). */
export const Route = createFileRoute('/createupdateasset/$assetId')({
  component: function EditAssetRoute() {
    const { assetId } = Route.useParams();
    return <AssetFormScreen key={assetId} assetId={fleetIdParam(assetId) ?? -1} />;
  },
});
