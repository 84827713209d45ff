import { createFileRoute } from '@tanstack/react-router';
import { ShiftListScreen } from '@/features/shifts/shift-list-screen';
import { parseShiftListSearch } from '@/features/shifts/shift-search';

// the root guard checks the route permission (src/lib/access.ts); writing needs 'adminShifts', which the screen mirrors
export const Route = createFileRoute('/listingshift')({
  validateSearch: parseShiftListSearch,
  component: function ListingShiftRoute() {
    const navigate = Route.useNavigate();
    return <ShiftListScreen search={Route.useSearch()} onSearchChange={(search) => void navigate({ search, replace: true })} />;
  },
});
