import { createFileRoute } from '@tanstack/react-router';
import { AssetFormScreen } from '@/features/fleet/asset-form-screen';

/** /createupdateasset: a new asset (fleetManage, src/lib/access.ts). An index route, so /createupdateasset/{assetId} is its sibling. */
export const Route = createFileRoute('/createupdateasset/')({
  component: function NewAssetRoute() {
    return <AssetFormScreen />;
  },
});
