import { createFileRoute } from '@tanstack/react-router';
import { ChecklistMasterScreen } from '@/features/fleet/checklist-master-screen';
import { parseMasterListSearch } from '@/features/fleet/fleet-search';

// /maintenance: the asset checklist master (§2.1); /maintenance/checkusername stays its public sibling.
// The root guard checks readOrg (src/lib/access.ts); changing needs 'fleetManage', which the screen mirrors.
export const Route = createFileRoute('/maintenance/')({
  validateSearch: parseMasterListSearch,
  component: function MaintenanceRoute() {
    const navigate = Route.useNavigate();
    return <ChecklistMasterScreen search={Route.useSearch()} onSearchChange={(search) => void navigate({ search, replace: true })} />;
  },
});
