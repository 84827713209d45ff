import { createFileRoute } from '@tanstack/react-router';
import { IncidentMapScreen } from '@/features/map/incident-map-screen';

// permission 'map' (§6) is checked by the root guard through ROUTE_PERMISSIONS (src/lib/access.ts); the route is a
// chunk of its own (autoCodeSplitting), so OpenLayers loads only here and with the case page's map dialog
export const Route = createFileRoute('/map')({
  component: IncidentMapScreen,
});
