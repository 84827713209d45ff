import { createFileRoute } from '@tanstack/react-router';
import { VehicleFormScreen } from '@/features/fleet/vehicle-form-screen';
import { fleetIdParam } from '@/features/fleet/fleet-search';

/** /registervehicle/{vehicleId}: edit a vehicle, its "needs attention", checklists, assets and history (fleetManage). */
export const Route = createFileRoute('/registervehicle/$vehicleId')({
  component: function EditVehicleRoute() {
    const { vehicleId } = Route.useParams();
    return <VehicleFormScreen key={vehicleId} vehicleId={fleetIdParam(vehicleId) ?? -1} />;
  },
});
