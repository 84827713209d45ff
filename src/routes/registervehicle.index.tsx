import { createFileRoute } from '@tanstack/react-router';
import { VehicleFormScreen } from '@/features/fleet/vehicle-form-screen';

/** /registervehicle: a new vehicle (fleetManage, src/lib/access.ts). An index route, so /registervehicle/{vehicleId} is its sibling. */
export const Route = createFileRoute('/registervehicle/')({
  component: function RegisterVehicleRoute() {
    return <VehicleFormScreen />;
  },
});
