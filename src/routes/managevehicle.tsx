import { createFileRoute } from '@tanstack/react-router';
import { ManageVehicleScreen } from '@/features/fleet/manage-vehicle-screen';
import { parseManageVehicleSearch } from '@/features/fleet/fleet-search';

// the root guard checks the route permission (src/lib/access.ts: readOrg); changing needs 'fleetManage', which the screen mirrors
export const Route = createFileRoute('/managevehicle')({
  validateSearch: parseManageVehicleSearch,
  component: function ManageVehicleRoute() {
    const navigate = Route.useNavigate();
    return <ManageVehicleScreen search={Route.useSearch()} onSearchChange={(search) => void navigate({ search, replace: true })} />;
  },
});
