import { createFileRoute } from '@tanstack/react-router';
import { StaffListScreen } from '@/features/staff/staff-list-screen';
import { parseStaffListSearch } from '@/features/staff/staff-search';

export const Route = createFileRoute('/listingstaff')({
  validateSearch: parseStaffListSearch,
  component: function ListingStaffRoute() {
    const navigate = Route.useNavigate();
    return (
      <StaffListScreen
        search={Route.useSearch()}
        onSearchChange={(search) => navigate({ search, replace: true })}
        onOpen={(id) => navigate({ to: '/createupdatestaff/$staffId', params: { staffId: String(id) } })}
        onNew={() => navigate({ to: '/createupdatestaff' })}
      />
    );
  },
});
